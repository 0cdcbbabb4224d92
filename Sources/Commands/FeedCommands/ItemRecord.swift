// The record of tb feed: one per item or entry, encoded straight from its batch's text.
import Toolbox

/// One item (RSS) or entry (Atom).
struct ItemRecord: Record, Sendable {
    static let schema = RecordSchema(
        type: "item", summary: "one per item or entry, printed as soon as its end tag is read",
        fields: [
            Field("source", .string, "the URL, file or - it came from", inTable: false, nature: .url),
            Field("feed_title", .string, "the feed's title", inTable: false),
            // The table's FEED column when a run reads several sources (FeedCommand asks for it): a URL cut in the
            // middle said less than the title, and a feed without one is still told apart by its host.
            Field(
                "feed", .string,
                "the feed's title, or where it came from when it has none: the URL's host, the file's name",
                inTable: false, nature: .text.expendable()),
            Field("id", .string, "atom:id, guid or rdf:about; the link when there is none", inTable: false),
            Field("title", .string, "the title"),
            Field("link", .string, "the link to the item's page, absolute", nature: .url),
            Field("published", .time, "when it was published: published, pubDate, dc:date, issued or dcterms:issued"),
            Field("updated", .time, "when it last changed: updated, modified or dcterms:modified", inTable: false),
            Field("author", .string, "atom:author's name (email), dc:creator, author or itunes:author", inTable: false),
            Field("summary", .string, "atom:summary or description (HTML as the feed gives it)", inTable: false),
            Field(
                "content", .string, "content:encoded, atom:content or xhtml:body (HTML; xhtml serialized)",
                inTable: false),
            Field("categories", .array, "category, atom:category terms, dc:subject, itunes:category", inTable: false),
            Field("enclosures", .array, "attached files: objects with url, type and length", inTable: false),
        ])

    let source: JSONText
    /// `feed` when the feed has no title.
    let sourceLabel: JSONText
    let item: ParsedItem
    let text: BatchText
    let categories: [Range<Int>]
    let enclosures: [ParsedEnclosure]

    /// A view of one item of a batch: nothing is copied.
    init(_ item: ParsedItem, in batch: FeedBatch, source: JSONText, sourceLabel: JSONText) {
        self.source = source
        self.sourceLabel = sourceLabel
        self.item = item
        text = BatchText(batch)
        categories = batch.categories
        enclosures = batch.enclosures
    }

    func encode(to encoder: inout RecordEncoder) {
        encoder.text(source)
        text.encode(item.feedTitle, to: &encoder)
        if let title = item.feedTitle, !title.isEmpty {
            text.encode(title, to: &encoder)
        } else {
            encoder.text(sourceLabel)
        }
        text.encode(item.id, to: &encoder)
        text.encode(item.title, to: &encoder)
        text.encode(item.link, to: &encoder)
        encoder.time(text.date(item.published))
        encoder.time(text.date(item.updated))
        text.encode(item.author, to: &encoder)
        text.encode(item.summary, to: &encoder)
        text.encode(item.content, to: &encoder)
        encoder.beginArray()
        for index in item.categories { text.encode(categories[index], to: &encoder) }
        encoder.end()
        encoder.beginArray()
        for index in item.enclosures {
            let enclosure = enclosures[index]
            encoder.beginObject()
            encoder.key("url")
            text.encode(enclosure.url, to: &encoder)
            encoder.key("type")
            text.encode(enclosure.type, to: &encoder)
            encoder.key("length")
            encoder.integer(enclosure.length)
            encoder.end()
        }
        encoder.end()
    }
}
