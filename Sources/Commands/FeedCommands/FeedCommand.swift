// tb feed [options] SOURCE...: RSS and Atom items as records, printed while the feed is still downloading, in
// constant memory; or, with --events, the parser's events for any XML document.
import POSIX
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
    static let new = Flag(
        "new", help: "print only the items that no earlier --new run printed for the feed (state kept per feed)",
        conflicts: [events])
    static let noCache = Flag(
        "no-cache", help: "with --new, send no ETag or Last-Modified: fetch every feed whole", requires: [new])
    static let from = Option<String>(
        "from", value: "FILE",
        help: "also read the feeds listed in FILE (one per line, or OPML, at most "
            + "\(FileReadError.size(FeedSourceList.sizeLimit)); - for stdin), after the SOURCEs",
        repeatable: true, completion: .files)
    static let status = Flag(
        "status", help: "print what --new remembers of each feed, one feed_state record per feed",
        conflicts: [new, noCache, from, meta, limit, events])
    static let discover = Flag(
        "discover",
        help: "print the feeds each page announces (its <link rel=alternate> of a feed type) as feed_link records, "
            + "and read none",
        conflicts: [new, noCache, status, meta, limit, events, strict])
    static let sources = Positional(
        "SOURCE", help: "feed URLs, files, - for stdin, or @bookmarks", arity: .zeroOrMore, completion: .sources)

    public static let commandName = "feed"
    public static let spec = CommandSpec(
        name: commandName, abstract: "stream RSS, Atom and JSON Feed items as they arrive",
        discussion: """
            Reads RSS 0.90, 0.91, 0.92 and 2.0, RSS 1.0 (RDF), and Atom 0.3 and 1.0, with expat, piece by piece as \
            the bytes arrive: each item is printed (and flushed) the moment its end tag is read, so the first item of \
            a slow feed reaches jq before the download ends. Memory stays flat however large the feed: a field \
            longer than --max-field-size is cut.

            JSON Feed 1.0 and 1.1 (jsonfeed.org) are read too, told by their content (an object whose version \
            starts with https://jsonfeed.org/version/1), and streamed the same way: each item is printed once its \
            closing brace is read, in flat memory. Items that come before the version are held, at most \
            --max-field-size of them, until it says what the object is; an item longer than --max-field-size is \
            skipped with a warning. Its fields: id (a number as its text), url (else external_url) as the link, \
            title, content_html (else content_text) as the content, summary, date_published and date_modified, the \
            first of authors (1.1) or author (1.0) by name, else the feed's, tags as categories and attachments as \
            enclosures (url, mime_type, size_in_bytes); relative URLs resolve against home_page_url, else feed_url, \
            else the URL fetched. --meta's feed record has its title, home_page_url, description and language. \
            Broken JSON keeps the items before the error and ends in one line with its line and column (of bytes), \
            exit status 2; other JSON is "not a feed".

            A source that is an HTML page is read for the feeds it announces, as feed readers find a site's feeds: \
            its <link rel="alternate"> elements whose type is application/rss+xml, application/atom+xml or \
            application/feed+json (or application/rdf+xml), parsed by tb's HTML5 parser as the \
            page arrives, their hrefs resolved against the page's <base href> and URL. Each is named in one line on \
            stderr and read after the sources, as if named (a feed named too is read once; a page found that way \
            is not searched for more). A page that announces none fails with "no feed linked from this page", exit \
            status 2. With --new nothing is stored for the page itself, so that it is fetched whole each time. \
            --discover prints the announced feeds as feed_link records (source, url, title, type) and reads none; \
            a feed given to it announces itself.

            A feed that turns out not to be well-formed (truncated, an undefined entity, a stray &, a mismatched \
            tag) keeps the items printed before the error; then the document is read again leniently, with \
            libxml2's recovering parser, and the items after the error are printed too, none twice (an element \
            cut short by the end of the document is left out rather than read as whole; with --meta, the feed \
            record comes even when the document breaks before its first item). One warning \
            gives the line and column of the error and how many more items were recovered; the exit status is 0 \
            when any item was read, 2 when none was. For this tb keeps the channel and the text \
            since the last whole item, in constant memory; an error inside an item larger than \
            \(FeedLimits.recoveryBytes >> 20) MiB ends the source as with --strict, and after an error at most that \
            much more is read. --strict stops at the first error instead (exit \
            status 2). A document that is not a feed at all (JSON other than a JSON Feed, plain text, XML whose root \
            element is not rss, RDF, feed or channel; with --events, an HTML page) is reported as "not a feed" with its Content-Type (or what it looks \
            like), exit status 2.

            Item fields come from these elements, the first that is present and not empty winning (of an element \
            given twice, the first counts; of dates, the first that parses):
              id         atom:id, guid, rdf:about, else the link
              title      title (Atom text constructs: html as given, xhtml serialized),
                         dc:title, media:title
              link       atom:link rel=alternate, link (CDF: href), a guid that is a
                         permalink
              published  atom:published, pubDate, dc:date, atom:issued (0.3),
                         dcterms:issued, dcterms:created
              updated    atom:updated, atom:modified (0.3; CDF: lastmod), dcterms:modified
              author     atom:author's name (email), dc:creator or dc:author, author,
                         itunes:author
              summary    atom:summary, description or dc:description (the first in the
                         document), itunes:summary, media:description
              content    content:encoded, atom:content, xhtml:body, fullitem, else the
                         second of atom:summary, description and dc:description
            categories collects category, atom:category's term, dc:subject and itunes:category (nested too); \
            enclosures collects enclosure, atom:link rel=enclosure, media:content and media:thumbnail (once per \
            URL). With --meta, the feed record's fields come from the channel (or Atom feed) the same way:
              title        title, dc:title
              link         atom:link rel=alternate, link (CDF: href)
              description  description, atom:subtitle, tagline (0.3), dc:description
              updated      atom:updated, atom:modified (0.3; CDF: lastmod), lastBuildDate,
                           dc:date, pubDate, dcterms:modified
              language     language, dc:language, xml:lang
              generator    generator

            Names are matched as publishers write them: elements and attributes in any case (<TiTlE>, HREF), every \
            RSS and Atom namespace (and no namespace, or for a name without a prefix one tb does not know) as one \
            vocabulary, and Microsoft CDF (<CHANNEL>, <ITEM HREF LASTMOD>, <ABSTRACT>). Only an item's own fields \
            count: those of a container inside it (<image>, an extension's element) never override them. Atom \
            content of a text type is text, of an XML type (xhtml too) markup serialized again with its entities \
            escaped, and of any other type (or Atom 0.3's mode="base64") base64, decoded when that gives text.

            Links and enclosure URLs are made absolute with xml:base and the URL the feed was fetched from (after \
            redirects), or a local file's file:// URL. Dates in RFC 822 (named and military zones, two-digit years, no seconds or weekday) and RFC 3339/W3C-DTF (partial dates too) are \
            written in RFC 3339 UTC; a date that does not parse, or falls outside the years 0001-9999 in UTC, is null.

            Encodings: a byte order mark, then the HTTP charset, then the XML declaration decide. A label the \
            WHATWG Encoding Standard lists is read as browsers read it, with the table tb html uses (ISO-8859-1, \
            latin1 and US-ASCII are windows-1252, TIS-620 is windows-874, GB2312 is GBK); any other label iconv \
            knows (UTF-32, EBCDIC, UTF-7, ISO-2022-KR…) is converted by iconv. Invalid bytes become U+FFFD instead of ending the parse, and white space before \
            <?xml is allowed. Junk before the document (a PHP warning, text, markup, a comment before <?xml), up to \
            64 KiB of it, is skipped with one warning naming its lines; a document whose first element is html is an \
            HTML page. HTML entities such as &eacute; and &nbsp; are decoded although XML does not define \
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

            --new prints only the items that no earlier --new run printed for the same feed, for cron: \
            `tb reach example.org:443 && tb feed --new @news`. An item is known by its id (atom:id, guid, \
            rdf:about); else by its link, the scheme and a trailing slash ignored; else by its title and date; an item \
            with none of them is printed every time. Keys are compared whole: one longer than \(FeedState.keyBytes) \
            bytes is kept as its first \(FeedState.keyBytes) and the SHA-256 of the whole, so that links sharing a long \
            prefix stay apart (a state file of an earlier tb, which kept only those first bytes, still counts the \
            items it recorded as printed). The state of each feed is one file in \
            $TB_STATE_DIR/feeds (else $XDG_STATE_HOME/tb/feeds, else ~/.local/state/tb/feeds), named for its host \
            and a hash of its URL (a local file is known by its absolute path; standard input has no state, and \
            --new with - is a usage error). It holds the ETag and Last-Modified of the last whole fetch, sent back \
            as If-None-Match and If-Modified-Since (not with --no-cache): a 304 Not Modified prints nothing and \
            succeeds, and the validators it brings replace the stored ones (a 304 to a request that sent no \
            validator is an error, in every command). A validator that holds a control \
            character or is longer than \(FeedValidators.longest >> 10) KiB is neither stored nor sent back, with one \
            warning (an ETag without quotes is kept); the keys are stored all the same. A feed keeps the keys of its \
            items until they have been missing from \(FeedState.forgetAfter) whole fetches in a row (a 304 does not \
            count), and \
            at most \(FeedState.keyLimit) of them, the oldest going first. With --new, --limit N counts new items.

            At least once, never lost: a feed's keys are stored after its items were printed and flushed, under a \
            lock and atomically, so a crash or SIGKILL may print an item again but never loses one, and concurrent \
            runs keep each other's keys. A feed that fails halfway stores the items printed but not its validators, \
            so the next run fetches it whole. A 429 or 503 with Retry-After is stored (a week at most): until then the \
            feed is skipped without a request, with one line on stderr; that is not a failure of the run. --status prints what is \
            stored, one feed_state record per feed, sorted by URL.

            --from FILE reads more sources from FILE (- for standard input), after the SOURCEs: one URL, path or \
            @bookmark per line, # starting a comment, or an OPML subscription list (its root element is opml), whose \
            every outline with an xmlUrl counts, nested ones included. A feed named twice is read once. With several \
            sources, tables show each item's source.

            The exit status is 0 when every feed was read, not modified or skipped for its Retry-After, and 2 when \
            any failed (each failure is one line on stderr; the others are still read).
            """,
        options: [meta, limit, maxFieldSize, strict, events, attributesFor, new, noCache, from, status, discover]
            + InputOptions.all,
        positionals: [sources],
        records: [
            ItemRecord.schema, FeedRecord.schema, EventRecord.schema, FeedStatusRecord.schema, FeedLinkRecord.schema,
        ],
        examples: [
            Example("tb feed https://example.org/news.xml", "The items of a feed, as a table or NDJSON."),
            Example("tb feed @news --limit 5 --fields published,title,link", "The newest five, three fields each."),
            Example("tb feed https://example.org/feed.json", "A JSON Feed, item by item as it downloads."),
            Example("tb feed --discover https://example.org/", "The feeds a site's home page announces."),
            Example(
                "tb feed --meta feeds/*.xml --json | jq -r 'select(.type==\"feed\") | .title'",
                "The titles of many feeds."),
            Example("curl -s https://example.org/feed | tb feed - --json | jq .link", "Links from stdin."),
            Example("tb feed --events doc.xml --attributes-for link", "Any XML document's parser events."),
            Example(
                "tb reach example.org:443 && tb feed --new --from feeds.opml --json",
                "From cron: only the items not printed before, with conditional requests."),
            Example("tb feed --status", "What --new remembers of each feed."),
        ])

    let settings: FeedSettings
    let input: InputSettings
    let sourceNames: [ArgumentWord]
    /// --new, and with it whether validators are sent (not with --no-cache).
    let remembers: Bool
    let sendsValidators: Bool
    /// The --from files.
    let lists: [String]
    let showsStatus: Bool
    /// --limit with --new: how many new items to print per feed.
    let newLimit: Int?

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        var settings = FeedSettings()
        settings.meta = arguments.flag(Self.meta)
        settings.limit = try arguments.value(Self.limit)
        settings.maxFieldSize = try arguments.valueOrDefault(Self.maxFieldSize)
        settings.events = arguments.flag(Self.events)
        settings.strict = arguments.flag(Self.strict)
        settings.discoverOnly = arguments.flag(Self.discover)
        settings.discovers = !settings.events
        let names = try arguments.values(Self.attributesFor).flatMap { $0.split(separator: ",") }
            .map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        if !names.isEmpty { settings.attributesFor = Set(names) }
        remembers = arguments.flag(Self.new)
        sendsValidators = !arguments.flag(Self.noCache)
        // With --new, --limit counts the new items, which the printer sees: the parser must not stop early.
        newLimit = remembers ? settings.limit : nil
        if remembers { settings.limit = nil }
        self.settings = settings
        input = try InputSettings(arguments)
        sourceNames = arguments.positionalWords(Self.sources)
        lists = try arguments.values(Self.from)
        showsStatus = arguments.flag(Self.status)
        if showsStatus {
            guard sourceNames.isEmpty else { throw UsageError("--status takes no SOURCE") }
        } else if sourceNames.isEmpty && lists.isEmpty {
            throw UsageError("missing argument SOURCE")
        }
        if remembers, sourceNames.contains(where: { $0.text == "-" }) {
            throw UsageError("--new cannot remember what standard input held: give the feed's URL or a file")
        }
        if lists.filter({ $0 == "-" }).count + sourceNames.filter({ $0.text == "-" }).count > 1 {
            throw UsageError("standard input can be read once: - is given twice")
        }
    }

    public func run(_ context: Context) throws -> ExitStatus {
        if showsStatus { return try printStatus(context) }
        // Each source's pieces of text and expat's events pass between two threads: with an arena each, every
        // thread kept its own high-water mark of them (about 0.25 MB of peak RSS on a large feed).
        System.shareOneMallocArena()
        var words = sourceNames
        for list in lists { words += try FeedSourceList.read(list).map(ArgumentWord.init) }
        let reader = InputReader(context: context, settings: input)
        // One request per feed: a feed named twice (directly, by a bookmark, in a list) is read once.
        // Resolved once here; a word that does not resolve stays, for the input layer to report.
        var seen = Set<String>()
        var failed = 0
        let resolved = words.map { (word: $0, source: try? reader.resolve($0)) }.filter { pair in
            guard let source = pair.source else { return true }
            return seen.insert(source.name).inserted
        }
        words = resolved.map(\.word)
        if words.count > 1 { context.output.showInTable(["feed"], of: ItemRecord.self) }
        if settings.discoverOnly { context.output.showInTable(["source"], of: FeedLinkRecord.self) }
        let state = remembers ? try FeedStateRun(context: context, sendsValidators: sendsValidators) : nil
        // Rows go out feed by feed, as on a terminal: the state is written only for rows that are out.
        if state != nil { context.output.runsUntilInterrupted() }
        let discovered = DiscoveredFeeds()
        failed += try read(resolved, settings: settings, state: state, reader: reader, context, discovered: discovered)
        // The feeds the pages announced, each once and not again if named: read as feeds (a page among them is not
        // searched for more).
        let found = discovered.links.map { ArgumentWord($0.url) }
            .map { (word: $0, source: try? reader.resolve($0)) }
            .filter { pair in pair.source.map { seen.insert($0.name).inserted } ?? true }
        if !found.isEmpty {
            var feeds = settings
            feeds.discovers = false
            context.output.showInTable(["feed"], of: ItemRecord.self)
            failed += try read(found, settings: feeds, state: state, reader: reader, context, discovered: nil)
        }
        return failed > 0 ? .failure : .success
    }

    /// Reads the sources, with --new through the feed state; returns how many failed.
    private func read(
        _ resolved: [(word: ArgumentWord, source: Source?)], settings: FeedSettings, state: FeedStateRun?,
        reader: InputReader, _ context: Context, discovered: DiscoveredFeeds?
    ) throws -> Int {
        guard let state else {
            let summary = try reader.read(resolved.map(\.word)) { [input] source in
                try FeedPrinter(
                    settings: settings, context: context, name: source.name, handOverSize: input.readSize,
                    discovered: discovered)
            }
            return summary.failed
        }
        var failed = 0
        var fetched: [ArgumentWord] = []
        var sources: [Source] = []
        for (word, source) in resolved {
            guard let source else {
                fetched.append(word)
                continue
            }
            if source.kind == .standardInput {
                context.error("--new cannot remember what standard input held: give the feed's URL or a file")
                failed += 1
            } else if try state.mayFetch(source) {
                fetched.append(word)
                sources.append(source)
            }
        }
        let summary = try reader.read(
            fetched, request: state.requestHeaders, response: state.responded
        ) { [input, newLimit] source in
            let remembered = RememberedItems(
                run: state, source: source, items: try state.filter(for: source), limit: newLimit)
            return try FeedPrinter(
                settings: settings, context: context, name: source.name, handOverSize: input.readSize,
                remembered: remembered, discovered: discovered)
        }
        state.noteUnanswered(sources)
        return summary.failed + failed
    }

    /// --status: the stored state of every feed.
    private func printStatus(_ context: Context) throws -> ExitStatus {
        let store = try FeedStateStore(paths: context.paths) { context.warn($0) }
        for state in try store.all() { try context.output.emit(FeedStatusRecord(state: state)) }
        return .success
    }
}
