// What the parsing side hands the printing side after each piece of input: the records it completed, with all
// their text in one buffer. One batch is a handful of allocations however many items it holds.

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

    /// An empty batch with room for as many records as `previous` held, so that filling it does not reallocate.
    init(sizedLike previous: FeedBatch? = nil) {
        guard let previous else { return }
        outputs.reserveCapacity(previous.outputs.count)
        categories.reserveCapacity(previous.categories.count)
        enclosures.reserveCapacity(previous.enclosures.count)
        dates.reserveCapacity(previous.dates.count)
    }
}
