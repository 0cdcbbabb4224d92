// What a batch holds for the printing side, in document order: records and the warnings among them.

/// One thing for the printing side: a record to print or a warning to show.
enum FeedOutput: Sendable {
    case item(ParsedItem)
    case feed(ParsedFeed)
    case event(EventRecord)
    case warning(String)
}
