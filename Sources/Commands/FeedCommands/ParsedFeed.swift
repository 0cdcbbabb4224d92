// The feed record as the parsing side hands it over: ranges of its batch's text, encoded on the printing side.

/// A channel or feed with the precedence rules applied: ranges of its batch's text.
struct ParsedFeed: Sendable {
    var title: Range<Int>?
    var link: Range<Int>?
    var description: Range<Int>?
    var updated = 0..<0
    var language: Range<Int>?
    var generator: Range<Int>?
}
