// A feed that a page announces with <link rel="alternate">, its URL resolved.

/// A feed a page links to.
struct FeedLink: Sendable {
    var url: String
    var title: String?
    /// The link's media type; for a feed that announces itself, its Content-Type, nil for a file.
    var type: String?
}
