// An enclosure as the parsing side hands it over: ranges of its batch's text, so that nothing is copied.

/// An enclosure: ranges of its batch's text.
struct ParsedEnclosure: Sendable {
    var url: Range<Int>
    var type: Range<Int>?
    var length: Int?
}
