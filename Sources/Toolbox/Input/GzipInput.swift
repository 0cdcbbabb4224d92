// Recognises gzip by its magic bytes (1f 8b 08) on any source, on disk or over the network, and inflates it on
// the fly; anything else passes through untouched.
import Zlib

/// Sits in front of a handler and inflates gzip input for it.
final class GzipInput {
    private let inner: any InputHandler
    private let name: String
    private var held: [UInt8] = []
    private var decided = false
    private var inflater: Inflater?

    static let magic: [UInt8] = [0x1F, 0x8B, 0x08]

    init(_ inner: any InputHandler, name: String) {
        self.inner = inner
        self.name = name
    }

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        if decided { return try pass(bytes) }
        // Too few bytes to tell: hold them until the magic is complete or contradicted.
        var index = 0
        while held.count < Self.magic.count && index < bytes.count {
            held.append(bytes[index])
            index += 1
        }
        if held.count < Self.magic.count && held == Array(Self.magic.prefix(held.count)) { return true }
        try decide()
        let first = held
        held = []
        guard try pass(first.span) else { return false }
        return try pass(bytes.extracting(index..<bytes.count))
    }

    func idle() throws {
        try inner.idle()
    }

    /// The source broke off: what was inflated so far reaches the handler's records; the stream is not finished.
    func abandon() throws {
        guard try passHeld() else { return }
        try inner.abandon()
    }

    func finish() throws {
        guard try passHeld() else { return }
        if let inflater {
            do {
                try inflater.finish()
            } catch {
                throw ToolError("cannot inflate '\(name)': \(error.message)")
            }
        }
        try inner.finish()
    }

    /// At the end of a source shorter than the magic: decides and passes on what was held; false when stopped.
    private func passHeld() throws -> Bool {
        guard !decided else { return true }
        try decide()
        let first = held
        held = []
        return try pass(first.span)
    }

    private func decide() throws {
        decided = true
        guard held == Self.magic else { return }
        do {
            inflater = try Inflater()
        } catch {
            throw ToolError("cannot inflate '\(name)': \(error.message)")
        }
    }

    private func pass(_ bytes: Span<UInt8>) throws -> Bool {
        guard !bytes.isEmpty else { return true }
        guard let inflater else { return try inner.receive(bytes) }
        do {
            return try inflater.inflate(bytes) { try inner.receive($0) }
        } catch let error as ZlibError {
            throw ToolError("cannot inflate '\(name)': \(error.message)")
        }
    }
}
