// The records of one streamed source on their way out: printed, counted, stopped at --limit.
import Toolbox

/// A streaming source's records on their way out: printed, counted for the source and for the run, until --limit.
struct SourceRecords {
    let output: Output
    let tally: MatchTally
    let limit: Int?
    private(set) var count = 0

    init(output: Output, tally: MatchTally, limit: Int?) {
        self.output = output
        self.tally = tally
        self.limit = limit
    }

    /// Prints `record`; says whether the source may print more.
    mutating func emit(_ record: NodeRecord) throws -> Bool {
        try output.emit(record)
        count += 1
        tally.count += 1
        return count < limit ?? Int.max
    }
}
