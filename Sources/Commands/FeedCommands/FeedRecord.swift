// The record of tb feed --meta: one per source, for its channel or feed.
import Toolbox

/// A source's channel or feed, with --meta.
struct FeedRecord: Record, Sendable {
    static let schema = RecordSchema(
        type: "feed", summary: "one per source with --meta, before its first item",
        fields: [
            Field("source", .string, "the URL, file or - it came from", nature: .url),
            Field("title", .string, "the feed's title"),
            Field("link", .string, "the feed's web page, absolute", nature: .url),
            Field("description", .string, "description, atom:subtitle or tagline", inTable: false),
            Field("updated", .time, "atom:updated, lastBuildDate, dc:date or pubDate"),
            Field("language", .string, "language, dc:language or xml:lang", nature: .short(5)),
            Field("generator", .string, "the software that made it", inTable: false),
        ])

    let source: JSONText
    let feed: ParsedFeed
    let text: BatchText

    init(_ feed: ParsedFeed, in batch: FeedBatch, source: JSONText) {
        self.source = source
        self.feed = feed
        text = BatchText(batch)
    }

    func encode(to encoder: inout RecordEncoder) {
        encoder.text(source)
        text.encode(feed.title, to: &encoder)
        text.encode(feed.link, to: &encoder)
        text.encode(feed.description, to: &encoder)
        encoder.time(text.date(feed.updated))
        text.encode(feed.language, to: &encoder)
        text.encode(feed.generator, to: &encoder)
    }
}
