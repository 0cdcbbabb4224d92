// What FeedParser asks of the expat delegate it drives, whichever kind of records the run prints.
import Expat

/// An expat delegate that fills batches: with items (FeedBuilder) or with events (EventWriter).
protocol DocumentDelegate: ExpatDelegate {
    /// Whether no more input is wanted (--limit reached).
    var stopped: Bool { get }
    /// What was completed since the last call.
    func takeBatch() -> FeedBatch
    /// The document ended.
    func finish(parser: ExpatParser)
    /// The document is not well-formed, or goes past a limit (`message`, as expat would put it); this is the last
    /// call.
    func failed(_ message: String, line: Int, column: Int)
}
