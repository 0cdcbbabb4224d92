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

    /// Writes one line (a newline is added), its control characters escaped (`oneLine`). A failing stderr is
    /// ignored: there is nowhere left to report it.
    public func write(_ line: String) {
        writeText(Self.oneLine(line))
    }

    /// Writes text of several lines as it is (help), a newline added.
    public func writeText(_ text: String) {
        switch sink {
        case .memory: lines.append(text)
        case .standardError: try? FileDescriptor.standardError.write(text + "\n")
        }
    }

    /// `text` with its control characters (C0, DEL and C1) and bidirectional controls escaped as TSV and templates
    /// escape them (`ControlCharacters`): `\n`, `\r`, `\t`, `\u{001b}`, `\u{009b}`, `\u{202e}`. A message quotes names
    /// and URLs that come from anywhere (a file name found in a directory, a bookmark, a server's error): a newline in
    /// one split the message in two, an escape sequence reached the terminal, and U+202E showed the rest reversed.
    public static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: ControlCharacters.isEscaped) else { return text }
        var out = ByteBuffer(capacity: text.utf8.count + 16)
        ControlCharacters.append(text, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
