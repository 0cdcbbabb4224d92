// tb feed [options] SOURCE...: RSS and Atom items as records, printed while the feed is still downloading, in
// constant memory; or, with --events, the parser's events for any XML document.
import Toolbox

/// Streams feed items.
public struct FeedCommand: Command {
    static let meta = Flag("meta", help: "also print one feed record per source, with the channel's own fields")
    static let limit = Option<Int>(
        "limit", short: "n", help: "stop each source after N items (the download stops too)", range: 1...)
    static let maxFieldSize = Option<Int>(
        "max-field-size", value: "BYTES",
        help: "keep at most this much of one field's text; the rest is cut, with a warning",
        default: 4 << 20, range: 1...(1 << 30))
    static let strict = Flag(
        "strict", help: "stop at the first XML error instead of reading the rest of a broken feed leniently")
    static let events = Flag(
        "events", help: "print the XML parser's events instead of items, for any XML document",
        conflicts: [meta, limit])
    static let attributesFor = Option<String>(
        "attributes-for", value: "NAMES",
        help: "with --events, report attributes only for these elements (comma-separated)",
        repeatable: true, requires: [events])
    static let sources = Positional(
        "SOURCE", help: "feed URLs, files, - for stdin, or @bookmarks", arity: .oneOrMore, completion: .sources)

    public static let spec = CommandSpec(
        name: "feed", abstract: "stream RSS and Atom items as they arrive",
        discussion: """
            Reads RSS 0.90, 0.91, 0.92 and 2.0, RSS 1.0 (RDF), and Atom 0.3 and 1.0, with expat, piece by piece as \
            the bytes arrive: each item is printed (and flushed) the moment its end tag is read, so the first item of \
            a slow feed reaches jq before the download ends. Memory stays flat however large the feed: a field \
            longer than --max-field-size is cut.

            A feed that turns out not to be well-formed (truncated, an undefined entity, a stray &, a mismatched \
            tag) keeps the items printed before the error; then the document is read again leniently, with \
            libxml2's recovering parser, and the items after the error are printed too, none twice. One warning \
            gives the line and column of the error and how many more items were recovered; the exit status is 0 \
            when any item was read, 2 when none was. For this tb keeps the channel and the text \
            since the last whole item, in constant memory; an error inside an item larger than \
            \(FeedLimits.recoveryBytes >> 20) MiB ends the source as with --strict, and after an error at most that \
            much more is read. --strict stops at the first error instead (exit \
            status 2). A document that is not a feed at all (an HTML page, JSON, plain text, XML whose root element \
            is not rss, RDF, feed or channel) is reported as "not a feed" with its Content-Type (or what it looks \
            like), exit status 2.

            Item fields come from these elements, the first that is present and not empty winning (of an element \
            given twice, the first counts; of dates, the first that parses):
              id         atom:id, guid, rdf:about, else the link
              title      title (Atom text constructs: html as given, xhtml serialized)
              link       atom:link rel=alternate, link, a guid that is a permalink
              published  atom:published, pubDate, dc:date, atom:issued (0.3)
              updated    atom:updated, atom:modified (0.3), dcterms:modified
              author     atom:author's name (or email), dc:creator, author, itunes:author
              summary    atom:summary, description, itunes:summary
              content    content:encoded, atom:content
            categories collects category, atom:category's term and dc:subject; enclosures collects enclosure, \
            atom:link rel=enclosure, media:content and media:thumbnail (once per URL). With --meta, the feed \
            record's fields come from the channel (or Atom feed) the same way:
              title        title
              link         atom:link rel=alternate, link
              description  description, atom:subtitle, tagline (0.3)
              updated      atom:updated, atom:modified (0.3), lastBuildDate, dc:date, pubDate
              language     language, dc:language, xml:lang
              generator    generator

            Links and enclosure URLs are made absolute \
            with xml:base and the URL the feed was fetched from (after redirects). Dates in RFC 822 (named and \
            military zones, two-digit years, no seconds or weekday) and RFC 3339/W3C-DTF (partial dates too) are \
            written in RFC 3339 UTC; a date that does not parse, or falls outside the years 0001-9999 in UTC, is null.

            Encodings: a byte order mark, then the HTTP charset, then the XML declaration decide; UTF-8, UTF-16, \
            UTF-32 and ISO-8859-1 are read directly, anything iconv knows (windows-1252, KOI8-R, Shift_JIS, GB2312, \
            Big5…) is converted. Invalid bytes become U+FFFD instead of ending the parse, and white space before \
            <?xml is allowed. HTML entities such as &eacute; and &nbsp; are decoded although XML does not define \
            them; a reference to an entity defined nowhere (&doesnotexist;) is kept as written. Nothing a document asks for is ever fetched (no external entities or DTDs), and entity expansion is \
            bounded.

            Limits keep what a hostile document costs bounded. Attribute values, comments and processing \
            instructions are cut at --max-field-size like text. An item keeps its first \(FeedLimits.enclosures) \
            enclosures and its first \(FeedLimits.categories) categories, with a warning. Elements nested more than \
            \(FeedLimits.depth) deep stop the parse with an error, like a document that is not well-formed. So does \
            a start tag, comment or processing instruction that grows too long: expat keeps each whole until it ends \
            (and may have read as much again before it looks), and tb stops when it holds more than twice \
            --max-field-size plus \(FeedLimits.markupMargin >> 10) KiB, or \(FeedLimits.leastMarkupLimit >> 20) MiB \
            if that is more. A tag with a value as long as --max-field-size always fits.

            --events prints one event record per parser callback for any XML document: start_element with its \
            attributes, end_element, characters (all the text between two tags as one event, CDATA included), \
            comment, processing_instruction, prefix mappings, start_document, end_document and error.
            """,
        options: [meta, limit, maxFieldSize, strict, events, attributesFor] + InputOptions.all,
        positionals: [sources],
        records: [ItemRecord.schema, FeedRecord.schema, EventRecord.schema],
        examples: [
            Example("tb feed https://example.org/news.xml", "The items of a feed, as a table or NDJSON."),
            Example("tb feed @news --limit 5 --fields published,title,link", "The newest five, three fields each."),
            Example(
                "tb feed --meta feeds/*.xml --json | jq -r 'select(.type==\"feed\") | .title'",
                "The titles of many feeds."),
            Example("curl -s https://example.org/feed | tb feed - --json | jq .link", "Links from stdin."),
            Example("tb feed --events doc.xml --attributes-for link", "Any XML document's parser events."),
        ])

    let settings: FeedSettings
    let input: InputSettings
    let sourceNames: [ArgumentWord]

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        var settings = FeedSettings()
        settings.meta = arguments.flag(Self.meta)
        settings.limit = try arguments.value(Self.limit)
        settings.maxFieldSize = try arguments.valueOrDefault(Self.maxFieldSize)
        settings.events = arguments.flag(Self.events)
        settings.strict = arguments.flag(Self.strict)
        let names = try arguments.values(Self.attributesFor).flatMap { $0.split(separator: ",") }
            .map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        if !names.isEmpty { settings.attributesFor = Set(names) }
        self.settings = settings
        input = try InputSettings(arguments)
        sourceNames = arguments.positionalWords(Self.sources)
    }

    public func run(_ context: Context) throws -> ExitStatus {
        if sourceNames.count > 1 { context.output.showInTable(["source"], of: ItemRecord.self) }
        let summary = try InputReader(context: context, settings: input).read(sourceNames) { [settings, input] source in
            try FeedPrinter(settings: settings, context: context, name: source.name, handOverSize: input.readSize)
        }
        return summary.failed > 0 ? .failure : .success
    }
}
