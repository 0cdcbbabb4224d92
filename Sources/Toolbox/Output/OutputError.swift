import Bytes
import POSIX

/// Writing output failed.
public enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reader went away (`tb … | head -1`): stop quietly, exit 0.
    case closed
    /// Another write error, such as a full disk.
    case failed(String)

    public var description: String {
        switch self {
        case .closed: return "the output was closed"
        case .failed(let reason): return "cannot write output: \(reason)"
        }
    }
}
