// What FeedSniffer makes of the first bytes of a document.

/// What the start of a document says it is.
enum DocumentKind: Equatable {
    /// A feed, or something the XML parser must judge: its errors are the report.
    case feed
    /// Not a feed; what it looks like ("HTML", "JSON", "plain text", "root element <opml>").
    case notFeed(String)
    /// A JSON object: a JSON Feed when its version says so (JSONFeedReader reads it), else JSON that is not a feed.
    case jsonObject
    /// A feed after junk (a PHP warning, text, markup, a comment before the XML declaration): the feed starts at
    /// byte `start`, and the junk at byte `junk`.
    case junk(junk: Int, start: Int)
    /// More bytes are needed to tell.
    case undecided
}
