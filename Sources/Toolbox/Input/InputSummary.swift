import POSIX

/// How reading went.
public struct InputSummary: Sendable, Equatable {
    /// Sources read to their end or stopped by their handler.
    public var succeeded = 0
    /// Sources that failed (reported on stderr already).
    public var failed = 0
}
