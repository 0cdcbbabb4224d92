// What the parsing thread hands the printing thread after each piece of input: the records it completed, with all
// their text in one buffer. One batch is a handful of allocations however many items it holds, and nothing in it is
// freed on the thread that made it.
import Expat
import Toolbox

/// The records and warnings parsed from one piece of input.
struct FeedBatch: Sendable {
    /// The bytes of every text field of the batch's records; the records hold ranges of it.
    var text: [UInt8] = []
    var outputs: [FeedOutput] = []
    /// The items' categories, enclosures and date candidates; each record holds a range of these lists.
    var categories: [Range<Int>] = []
    var enclosures: [ParsedEnclosure] = []
    var dates: [Range<Int>] = []
    /// Where in the document the last item of the batch ended (past its end tag), if it has items: a broken document
    /// is read again from there (FeedRecovery).
    var lastItemEnd: Int?
    /// No more input is wanted.
    var finished = false
    /// The source failed (not well-formed, say); what came before stays printed.
    var failure: String?

    /// An empty batch with room for as many records as `previous` held, so that filling it does not reallocate.
    init(sizedLike previous: FeedBatch? = nil) {
        guard let previous else { return }
        outputs.reserveCapacity(previous.outputs.count)
        categories.reserveCapacity(previous.categories.count)
        enclosures.reserveCapacity(previous.enclosures.count)
        dates.reserveCapacity(previous.dates.count)
    }
}

/// One thing for the printing side: a record to print or a warning to show.
enum FeedOutput: Sendable {
    case item(ParsedItem)
    case feed(ParsedFeed)
    case event(EventRecord)
    case warning(String)
}

/// An item with the precedence rules applied: ranges of its batch's text.
struct ParsedItem: Sendable {
    var feedTitle: Range<Int>?
    var id: Range<Int>?
    var title: Range<Int>?
    var link: Range<Int>?
    /// Date candidates, in order of precedence: the first that parses counts. They are parsed on the printing side,
    /// which has time to spare.
    var published = 0..<0
    var updated = 0..<0
    var author: Range<Int>?
    var summary: Range<Int>?
    var content: Range<Int>?
    /// Ranges of the batch's category and enclosure lists.
    var categories = 0..<0
    var enclosures = 0..<0
}

/// An enclosure: ranges of its batch's text.
struct ParsedEnclosure: Sendable {
    var url: Range<Int>
    var type: Range<Int>?
    var length: Int?
}

/// A channel or feed with the precedence rules applied: ranges of its batch's text.
struct ParsedFeed: Sendable {
    var title: Range<Int>?
    var link: Range<Int>?
    var description: Range<Int>?
    var updated = 0..<0
    var language: Range<Int>?
    var generator: Range<Int>?
}

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
