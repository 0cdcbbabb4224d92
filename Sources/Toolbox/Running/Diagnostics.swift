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

    /// Writes one line (a newline is added). A failing stderr is ignored: there is nowhere left to report it.
    public func write(_ line: String) {
        switch sink {
        case .memory: lines.append(line)
        case .standardError: try? FileDescriptor.standardError.write(line + "\n")
        }
    }
}
