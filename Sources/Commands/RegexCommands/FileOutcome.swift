// What a worker of a directory search hands back to the main thread for one job, to print in walk order.

/// What became of one job.
enum FileOutcome: Sendable {
    /// Its matches (a batch may carry a failure), to print as a named file's.
    case searched(name: String, batches: [MatchBatch])
    /// A NUL byte in its first 64 KiB, and no --binary.
    case binary
    /// Too big to hold, or gzip: the main thread reads it as it reads a file named on the command line.
    case stream([UInt8])
    /// Not searched: a message for stderr.
    case problem(String)
    /// A warning of the walk, for stderr.
    case warning(String)
    /// Gone, or no longer a regular file: nothing to say (as if the walk had not seen it).
    case skipped
}
