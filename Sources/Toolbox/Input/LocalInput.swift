// Reading a local file or standard input in fixed-size pieces, so memory stays flat whatever the size.
import POSIX

/// Reads one local source.
struct LocalInput {
    let source: Source
    let context: Context
    let readSize: Int
    var decompress = true

    /// Reads the source through a handler; returns nil when it succeeded, else what failed, in one line.
    func read(_ makeHandler: (Source) throws -> any InputHandler) throws(OutputError) -> String? {
        let fd: FileDescriptor
        if source.kind == .standardInput {
            fd = .standardInput
        } else {
            do {
                fd = try FileDescriptor.open(bytes: source.path, .readOnly)
            } catch {
                return "cannot read '\(source.name)': \(error.reason)"
            }
        }
        defer { if source.kind != .standardInput { try? fd.close() } }
        // Pipes and terminals may make us wait: what was printed must reach the reader first. Files never do, and a
        // pipe that already holds data does not either (asking costs one poll; waiting for the worker and flushing
        // before every piece would cost more).
        let mayWait = fd.kind != .regular
        let fileSize = fd.kind == .regular ? try? fd.size() : nil
        // A small file gets a buffer of its size (and one byte to see its end): zeroing 128 KiB it does not need was
        // a measurable part of a small file's start.
        var buffer = [UInt8](repeating: 0, count: min(readSize, max(4096, (fileSize ?? readSize) + 1)))
        var decompressing: DecompressingInput?
        var handler: (any InputHandler)?
        let outcome = try HandlerCall.run {
            let made = try makeHandler(source)
            handler = made
            try made.start(
                SourceInfo(source: source, contentType: nil, effectiveURL: nil, fileSize: fileSize))
            decompressing = DecompressingInput(made, name: source.name, enabled: decompress)
            return true
        }
        if case .failed(let message) = outcome { return message }
        guard let decompressing else { return "cannot read '\(source.name)'" }
        while true {
            if mayWait && !fd.isReadable {
                if let message = try HandlerCall.failure(of: decompressing.idle) { return message }
                // Its --limit reached in what idle printed: no need to wait for bytes it would refuse.
                if !(handler?.wantsMore ?? true) { return nil }
                try context.output.willWait()
            }
            let count: Int
            do {
                count = try fd.read(into: &buffer)
            } catch {
                // What was read before the error still makes its records.
                if let problem = try HandlerCall.failure(of: decompressing.abandon) { context.error(problem) }
                return "cannot read '\(source.name)': \(error.reason)"
            }
            if count == 0 {
                return try HandlerCall.failure(of: decompressing.finish)
            }
            switch try HandlerCall.run({ try decompressing.receive(buffer.span.extracting(0..<count)) }) {
            case .goOn: if !(handler?.wantsMore ?? true) { return nil }
            case .stopped: return nil
            case .failed(let message): return message
            }
        }
    }
}
