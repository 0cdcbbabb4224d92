// The record of tb feed --discover: a feed that a page announces.
import Toolbox

/// One feed a source links to (or the source itself, when it is a feed).
struct FeedLinkRecord: Record, Sendable {
    static let schema = RecordSchema(
        type: "feed_link", summary: "one per feed a page announces, with --discover",
        fields: [
            Field("source", .string, "the page (URL, file or -) that announces it", nature: .url),
            Field("url", .string, "the feed's URL, absolute", nature: .url),
            Field("title", .string, "the link's title attribute"),
            Field("type", .string, "the link's type: application/rss+xml, application/atom+xml, application/feed+json"),
        ])

    let source: String
    let link: FeedLink

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(source)
        encoder.string(link.url)
        encoder.string(link.title)
        encoder.string(link.type)
    }
}
