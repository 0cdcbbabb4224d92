// Messages for people on stderr: errors and warnings, one line each, in git's style.
import Bytes
import POSIX

/// Where error and warning lines go.
public final class Diagnostics {
    /// Where the lines are written.
    public enum Sink: Sendable {
        case standardError
        /// Kept in `lines`, for tests.
        case memory
    }

    private let sink: Sink
    /// Every line written, with the `.memory` sink.
    public private(set) var lines: [String] = []

    public init(sink: Sink = .standardError) {
        self.sink = sink
    }

    /// Writes one line (a newline is added), with its control characters escaped as `\xHH`: messages quote what the
    /// user typed or a server sent, and a newline there must not make two lines of one message (a fuzzer found
    /// dozens), nor an escape sequence reach the terminal. A failing stderr is ignored: there is nowhere left to
    /// report it.
    public func write(_ line: String) {
        record(Self.oneLine(line))
    }

    /// Writes text of several lines that tb wrote itself (the overview of `tb` without a command), as it is.
    public func writeBlock(_ text: String) {
        record(text)
    }

    private func record(_ text: String) {
        switch sink {
        case .memory: lines.append(text)
        case .standardError: try? FileDescriptor.standardError.write(text + "\n")
        }
    }

    /// `line` with its control characters but tabs escaped (ControlCharacters).
    static func oneLine(_ line: String) -> String {
        guard line.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 }) else { return line }
        var out = ByteBuffer(capacity: line.utf8.count + 16)
        ControlCharacters.append(line, to: &out, kept: [0x09])
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
