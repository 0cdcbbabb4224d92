// The one policy of a run over many targets — sources read, svn targets, hosts checked: a target that fails is said
// in one line on stderr and the others go on; a target fetched or checked is recorded in the history with its
// status and records; the run ends with 2 when any target failed, else with what the command found.

/// How the targets of a run went.
public struct TargetOutcomes: Sendable, Equatable {
    /// Targets read to their end, stopped by their handler, or answered yes.
    public private(set) var succeeded = 0
    /// Targets that answered no (reach: not reachable).
    public private(set) var answeredNo = 0
    /// Targets that failed (said on stderr already).
    public private(set) var failed = 0

    public init() {}

    /// A target done, with status 0 or 1: counted, and recorded in the history when it was fetched or checked
    /// (`visited`: URLs, svn targets and reach targets are; local files are not).
    public mutating func done(
        _ target: String, status: ExitStatus = .success, records: Int, visited: Bool, in context: Context
    ) {
        if status == .negative { answeredNo += 1 } else { succeeded += 1 }
        if visited { context.recordVisit(target: target, exitStatus: status, records: records) }
    }

    /// A target that failed: `message` goes to stderr in one line and the run goes on; recorded in the history with
    /// status 2 when it was `visited` (a word that names no source was not).
    public mutating func failed(
        _ target: String, message: String, records: Int, visited: Bool, in context: Context
    ) {
        context.error(message)
        failed += 1
        if visited { context.recordVisit(target: target, exitStatus: .failure, records: records) }
    }

    /// Adds the outcomes of a part of the run (the network's sources to the local ones).
    public mutating func add(_ other: TargetOutcomes) {
        succeeded += other.succeeded
        answeredNo += other.answeredNo
        failed += other.failed
    }

    /// The run's status: 2 when a target failed, else `answer`, what the command found (0, or 1 for nothing).
    public func exitStatus(answer: ExitStatus = .success) -> ExitStatus {
        failed > 0 ? .failure : answer
    }
}
