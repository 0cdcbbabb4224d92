// An item as the parsing side hands it over: ranges of its batch's text, so that nothing is copied; its dates are
// parsed on the printing side.

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
