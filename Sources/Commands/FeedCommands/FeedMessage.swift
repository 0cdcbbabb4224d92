// What the printing thread of tb feed sends the parsing thread, in order: the base URL and content type of the
// source before its first piece, then the pieces.

/// What the printing side sends the parsing side.
enum FeedMessage: Sendable {
    /// The URL to resolve links against: the one the source was fetched from, after redirects.
    case base(String?)
    /// The Content-Type the source came with, if any: a document that is not a feed is reported with it.
    case contentType(String?)
    /// The next piece of the document, as clean UTF-8; `last` when the input ends with it (a small file comes whole,
    /// in one piece: expat can then be told so with it).
    case text([UInt8], last: Bool)
}
