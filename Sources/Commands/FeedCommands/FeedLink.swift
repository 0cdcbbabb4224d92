// A feed that a page announces with <link rel="alternate">, its URL resolved.

/// A feed a page links to.
struct FeedLink: Sendable {
    var url: String
    var title: String?
    var type: String
}
