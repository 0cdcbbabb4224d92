// Sits in front of every source's handler, on disk or over the network: recognises gzip, xz, bzip2 and zstd by
// their magic bytes and decompresses them on the fly; anything else passes through untouched.

/// Decompresses a source's bytes for the handler behind it, when they are compressed.
final class DecompressingInput {
    private let inner: any InputHandler
    private let name: String
    /// The first bytes, held (across pieces) until they tell whether the source is compressed.
    private var held: [UInt8] = []
    /// Set once the first bytes told; from the start with tb regex --no-decompress, which reads every source as its
    /// bytes.
    private var decided: Bool
    private var format: Compression?
    private var decoder: (any Decompressor)?

    init(_ inner: any InputHandler, name: String, enabled: Bool = true) {
        self.inner = inner
        self.name = name
        decided = !enabled
    }

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        if decided { return try pass(bytes) }
        let carried = held.count
        let taken = min(Compression.longestMagic - carried, bytes.count)
        for index in 0..<taken { held.append(bytes[index]) }
        // Too few bytes to tell: held until a magic is complete or contradicted.
        if Compression.verdict(held.span) == .undecided && held.count < Compression.longestMagic { return true }
        try decide()
        // A piece that told alone goes on whole (as one piece, as it came); held bytes of earlier pieces go first.
        guard carried > 0 else {
            held = []
            return try pass(bytes)
        }
        let first = Array(held[..<carried])
        held = []
        guard try pass(first.span) else { return false }
        return try pass(bytes)
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
            guard try decoding({ try decoder.finish(handing) }) else { return }
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
        decoder = try decoding { try format.decompressor() }
    }

    private func pass(_ bytes: Span<UInt8>) throws -> Bool {
        guard !bytes.isEmpty else { return true }
        guard let decoder else { return try inner.receive(bytes) }
        return try decoding { try decoder.decompress(bytes, handing) }
    }

    /// Hands decompressed bytes to the handler; what it throws is marked as its own, not the decoder's.
    private func handing(_ piece: Span<UInt8>) throws -> Bool {
        do {
            return try inner.receive(piece)
        } catch {
            throw HandlerFailure(error: error)
        }
    }

    /// An error the handler threw from inside a decoder's call.
    private struct HandlerFailure: Error {
        let error: any Error
    }

    /// Runs a decoder's call, naming the source and the format in its errors; the handler's own errors pass as
    /// they are. Damaged data ends the source as a broken-off download does: what was decompressed before the damage
    /// makes its records (a count so far with -c, as `xzgrep -c` prints one), then the error.
    private func decoding<T>(_ call: () throws -> T) throws -> T {
        do {
            return try call()
        } catch let failure as HandlerFailure {
            throw failure.error
        } catch {
            let reason = (error as? CustomStringConvertible)?.description ?? "\(error)"
            if decoder != nil { try inner.abandon() }
            throw ToolError("cannot decompress '\(name)' (\(format?.rawValue ?? "?")): \(reason)")
        }
    }
}
