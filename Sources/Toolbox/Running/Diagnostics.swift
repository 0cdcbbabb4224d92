// Messages for people on stderr: errors and warnings, one line each, in git's style.
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

    /// `text` with its control characters (C0, DEL and C1) written as escapes: `\n`, `\r`, `\t`, `\x1b`, `\u{9b}`.
    /// A message quotes names and URLs that come from anywhere (a file name found in a directory, a bookmark, a
    /// server's error): a newline in one split the message in two, and an escape sequence reached the terminal.
    public static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\x" + hex(scalar.value)
            case _ where isControl(scalar): result += "\\u{" + hex(scalar.value) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }
}
