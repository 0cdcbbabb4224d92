// Sits in front of every source's handler, on disk or over the network: recognises gzip, xz, bzip2 and zstd by
// their magic bytes and decompresses them on the fly; anything else passes through untouched.

/// Decompresses a source's bytes for the handler behind it, when they are compressed.
final class DecompressingInput {
    private let inner: any InputHandler
    private let name: String
    /// False with tb regex --no-decompress: every source is read as its bytes.
    private let enabled: Bool
    /// The first bytes, held until they tell whether the source is compressed.
    private var held: [UInt8] = []
    private var decided = false
    private var format: Compression?
    private var decoder: (any Decompressor)?

    init(_ inner: any InputHandler, name: String, enabled: Bool = true) {
        self.inner = inner
        self.name = name
        self.enabled = enabled
        decided = !enabled
    }

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        if decided { return try pass(bytes) }
        // Too few bytes to tell: hold them until a magic is complete or contradicted.
        var index = 0
        while held.count < Compression.longestMagic && index < bytes.count {
            held.append(bytes[index])
            index += 1
            if Compression.verdict(held.span) != .undecided { break }
        }
        if Compression.verdict(held.span) == .undecided { return true }
        try decide()
        let first = held
        held = []
        guard try pass(first.span) else { return false }
        return try pass(bytes.extracting(index..<bytes.count))
    }

    func idle() throws {
        try inner.idle()
    }

    /// The source broke off: what was decompressed so far reaches the handler's records; the stream is not finished.
    func abandon() throws {
        guard try passHeld() else { return }
        try inner.abandon()
    }

    func finish() throws {
        guard try passHeld() else { return }
        if let decoder {
            guard try failing({ try decoder.finish { try inner.receive($0) } }) else { return }
        }
        try inner.finish()
    }

    /// At the end of a source shorter than a magic: decides and passes on what was held; false when stopped.
    private func passHeld() throws -> Bool {
        guard !decided else { return true }
        try decide()
        let first = held
        held = []
        return try pass(first.span)
    }

    private func decide() throws {
        decided = true
        guard case .compressed(let format) = Compression.verdict(held.span) else { return }
        self.format = format
        decoder = try failing { try format.decompressor() }
    }

    private func pass(_ bytes: Span<UInt8>) throws -> Bool {
        guard !bytes.isEmpty else { return true }
        guard let decoder else { return try inner.receive(bytes) }
        return try failing { try decoder.decompress(bytes) { try inner.receive($0) } }
    }

    /// Runs a decoder's call, naming the source and the format in its errors; the handler's own errors pass as
    /// they are. Damaged data ends the source as a broken-off download does: what was decompressed before the damage
    /// makes its records (a count so far with -c, as `xzgrep -c` prints one), then the error.
    private func failing<T>(_ call: () throws -> T) throws -> T {
        do {
            return try call()
        } catch let error as ToolError {
            throw error
        } catch let error as OutputError {
            throw error
        } catch {
            let reason = (error as? CustomStringConvertible)?.description ?? "\(error)"
            if decoder != nil { try inner.abandon() }
            throw ToolError("cannot decompress '\(name)' (\(format?.rawValue ?? "?")): \(reason)")
        }
    }
}
