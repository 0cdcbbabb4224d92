import FeedCommands
// tb feed in-process: every format and quirk in Tests/Fixtures/feeds, the precedence rules, dates, encodings,
// hostile documents, the options, and inputs cut at every possible place.
import Foundation
import TestSupport
import Testing
import Toolbox

struct FeedCommandTests: CommandTesting {
    static let command: any Command.Type = FeedCommand.self
    let scratch = Scratch()

    func fixture(_ name: String) -> String { Fixtures.folder("feeds/" + name) }

    func items(_ name: String) throws -> [JSONValue] { try records([fixture(name)]) }

    /// A feed written for one test.
    func feed(_ name: String, items: String, channel: String = "<title>T</title>") -> String {
        scratch.write(
            name, "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel>\(channel)\(items)</channel></rss>\n")
    }

    @Test func rss20() throws {
        let found = try items("rss20.xml")
        #expect(found.count == 3)
        let first = found[0]
        #expect(first["type"]?.string == "item")
        #expect(first["feed_title"]?.string == "Example News & Views")
        #expect(first["id"]?.string == "tag:example.org,2026:1")
        #expect(first["title"]?.string == "First <b>post</b>")
        #expect(first["link"]?.string == "https://example.org/posts/1")
        #expect(first["published"]?.string == "2026-11-29T08:00:00Z")
        #expect(first["updated"] == .null)
        #expect(first["author"]?.string == "editor@example.org (The Editor)")
        #expect(first["summary"]?.string == "A <em>short</em> summary.")
        #expect(first["content"]?.string == "<p>The <strong>whole</strong> story &amp; more.</p>")
        #expect(first["categories"] == .array([.string("News"), .string("Life")]))
        #expect(
            first["enclosures"]
                == .array([
                    .object([
                        "url": .string("https://example.org/audio/1.mp3"), "type": .string("audio/mpeg"),
                        "length": .number("12345"),
                    ])
                ]))
        // A guid that is a permalink is the link too; dc:creator, dc:date and dc:subject; media:content.
        let second = found[1]
        #expect(second["id"]?.string == "https://example.org/posts/2")
        #expect(second["link"]?.string == "https://example.org/posts/2")
        #expect(second["author"]?.string == "Zoë Writer")
        #expect(second["published"]?.string == "2026-11-29T01:15:00Z")
        #expect(second["categories"] == .array([.string("Travel")]))
        #expect(second["enclosures"]?.elements?.first?["length"]?.integer == 99)
        // A date that does not parse is null; a local file's relative link resolves against its file:// URL.
        #expect(found[2]["published"] == .null)
        #expect(found[2]["link"]?.string == "file:///posts/3")
        #expect(found[2]["id"]?.string == "file:///posts/3")
    }

    @Test func atom10() throws {
        let found = try items("atom10.xml")
        #expect(found.count == 2)
        let first = found[0]
        #expect(first["title"]?.string == "Un <em>titre</em>")
        #expect(first["link"]?.string == "https://blog.example.net/2026/11/premier")
        #expect(first["published"]?.string == "2026-11-28T07:30:00Z")
        #expect(first["updated"]?.string == "2026-11-29T08:00:00Z")
        #expect(first["author"]?.string == "Claire")
        #expect(first["summary"]?.string == "Court résumé")
        // xhtml content: the inner markup serialized, without the wrapping div.
        #expect(first["content"]?.string == #"<p>Bonjour <a href="x.html">le monde</a> &amp; <b>merci</b></p>"#)
        #expect(first["categories"] == .array([.string("notes")]))
        #expect(first["enclosures"]?.elements?.first?["url"]?.string == "https://blog.example.net/media/premier.ogg")
        // xml:base on the entry; a source's title is not the entry's.
        let second = found[1]
        #expect(second["title"]?.string == "Deuxième")
        #expect(second["link"]?.string == "https://other.example.com/sub/deux")
        #expect(second["updated"]?.string == "2026-11-27T00:00:00Z")
        #expect(second["content"]?.string == "<p>HTML &amp; co</p>")
    }

    @Test func olderFormats() throws {
        let rss10 = try items("rss10.xml")
        #expect(rss10.count == 1)
        #expect(rss10[0]["id"]?.string == "https://rdf.example.org/a")
        #expect(rss10[0]["author"]?.string == "Hans")
        #expect(rss10[0]["published"]?.string == "2026-11-20T00:00:00Z")
        #expect(rss10[0]["categories"] == .array([.string("Allgemein")]))
        let rss090 = try items("rss090.xml")
        #expect(rss090.first?["feed_title"]?.string == "Mozilla Dot Org")
        #expect(rss090.first?["link"]?.string == "http://www.mozilla.org/status/")
        let rss091 = try items("rss091.xml")
        #expect(rss091.first?["title"]?.string == "Naïve résumés")
        #expect(rss091.first?["feed_title"]?.string == "Café Journal")
        let rss092 = try items("rss092.xml")
        #expect(rss092.first?["title"] == .null)
        #expect(rss092.first?["enclosures"]?.elements?.count == 1)
        let atom03 = try items("atom03.xml")
        #expect(atom03[0]["content"]?.string == "<p>Hello <b>world</b></p>")
        #expect(atom03[0]["published"]?.string == "2005-07-31T10:29:29Z")
        #expect(atom03[0]["updated"]?.string == "2005-08-01T00:00:00Z")
        #expect(atom03[1]["summary"]?.string == "<p>Escaped &amp; fine</p>")
        #expect(atom03[1]["content"]?.string == "Inline <i>xml</i>")
    }

    @Test func feedRecordsWithMeta() throws {
        let rss = try records(["--meta", fixture("rss20.xml")])
        #expect(rss.count == 4)
        #expect(rss[0]["type"]?.string == "feed")
        #expect(rss[0]["title"]?.string == "Example News & Views")
        #expect(rss[0]["link"]?.string == "https://example.org/")
        #expect(rss[0]["updated"]?.string == "2026-11-29T16:45:19Z")
        #expect(rss[0]["language"]?.string == "en-gb")
        #expect(rss[0]["generator"]?.string == "Handmade 1.0")
        let atom = try records(["--meta", fixture("atom10.xml")])
        #expect(atom[0]["link"]?.string == "https://blog.example.net/")
        #expect(atom[0]["description"]?.string == "<i>Notes</i> et idées")
        #expect(atom[0]["language"]?.string == "fr")
        // A feed without items still gets its record.
        let empty = feed("empty.xml", items: "", channel: "<title>Nothing yet</title>")
        #expect(try records(["--meta", empty]).map { $0["title"]?.string } == ["Nothing yet"])
        #expect(try records([empty]).isEmpty)
    }

    @Test func precedence() throws {
        let path = feed(
            "precedence.xml",
            items: """
                <item xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" \
                xmlns:content="http://purl.org/rss/1.0/modules/content/">
                <title></title><title>Second title wins over an empty first</title><title>Third</title>
                <guid>guid-1</guid><atom:id>atom-id</atom:id>
                <pubDate>garbage</pubDate><dc:date>2026-01-02</dc:date>
                <atom:updated>2026-02-03T04:05:06+02:00</atom:updated>
                <author>rss@example.org</author><dc:creator>Creator</dc:creator>
                <description>desc</description><content:encoded>encoded</content:encoded>
                <link>https://example.org/rss-link</link>
                <atom:link rel="alternate" href="https://example.org/atom-link"/>
                </item>
                """)
        let item = try records([path])[0]
        #expect(item["title"]?.string == "Second title wins over an empty first")
        #expect(item["id"]?.string == "atom-id")
        #expect(item["published"]?.string == "2026-01-02T00:00:00Z")
        #expect(item["updated"]?.string == "2026-02-03T02:05:06Z")
        #expect(item["author"]?.string == "Creator")
        #expect(item["summary"]?.string == "desc")
        #expect(item["content"]?.string == "encoded")
        #expect(item["link"]?.string == "https://example.org/atom-link")
    }

    @Test(arguments: [
        ("Sun, 29 Nov 2026 09:00:00 GMT", "2026-11-29T09:00:00Z"),
        ("Sun, 29 Nov 2026 09:00:00 UT", "2026-11-29T09:00:00Z"),
        ("29 Nov 2026 09:00:00 EST", "2026-11-29T14:00:00Z"),
        ("29 Nov 2026 09:00:00 EDT", "2026-11-29T13:00:00Z"),
        ("29 Nov 2026 09:00:00 CST", "2026-11-29T15:00:00Z"),
        ("29 Nov 2026 09:00:00 CDT", "2026-11-29T14:00:00Z"),
        ("29 Nov 2026 09:00:00 MST", "2026-11-29T16:00:00Z"),
        ("29 Nov 2026 09:00:00 MDT", "2026-11-29T15:00:00Z"),
        ("29 Nov 2026 09:00:00 PST", "2026-11-29T17:00:00Z"),
        ("29 Nov 2026 09:00:00 PDT", "2026-11-29T16:00:00Z"),
        ("29 Nov 2026 09:00:00 Z", "2026-11-29T09:00:00Z"),
        ("29 Nov 2026 09:00:00 A", "2026-11-29T10:00:00Z"),
        ("29 Nov 2026 09:00:00 M", "2026-11-29T21:00:00Z"),
        ("29 Nov 2026 09:00:00 N", "2026-11-29T08:00:00Z"),
        ("29 Nov 2026 09:00:00 Y", "2026-11-28T21:00:00Z"),
        ("29 Nov 2026 09:00:00 +0530", "2026-11-29T03:30:00Z"),
        ("29 Nov 2026 09:00:00 -08:00", "2026-11-29T17:00:00Z"),
        ("Sun, 29 Nov 26 09:00:00 GMT", "2026-11-29T09:00:00Z"),
        ("Mon, 29 Nov 99 09:00:00 GMT", "1999-11-29T09:00:00Z"),
        ("Sun, 29 Nov 2026 09:00 GMT", "2026-11-29T09:00:00Z"),
        ("29 Nov 2026 09:00:00 +0000", "2026-11-29T09:00:00Z"),
        ("Sunday, 1 Nov 2026 9:05:03 +0100 (CET)", "2026-11-01T08:05:03Z"),
        ("Nov 29 2026 09:00:00 GMT", "2026-11-29T09:00:00Z"),
        ("29 nov. 2026 09:00:00 gmt", "2026-11-29T09:00:00Z"),
        ("29 Nov 2026", "2026-11-29T00:00:00Z"),
        ("2026-11-29T09:00:00Z", "2026-11-29T09:00:00Z"),
        ("2026-11-29T09:00:00.123456789+01:00", "2026-11-29T08:00:00Z"),
        ("2026-11-29T09:00:00,5-0130", "2026-11-29T10:30:00Z"),
        ("2026-11-29 09:00:00", "2026-11-29T09:00:00Z"),
        ("2026-11-29T09:00Z", "2026-11-29T09:00:00Z"),
        ("2026-11-29", "2026-11-29T00:00:00Z"),
        ("2026-11", "2026-11-01T00:00:00Z"),
        ("2026", "2026-01-01T00:00:00Z"),
        ("  2026-11-29T09:00:00Z \n", "2026-11-29T09:00:00Z"),
        ("Fri, 31 Dec 9999 23:59:59 +0000", "9999-12-31T23:59:59Z"),
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"),
    ])
    func dates(_ written: String, _ expected: String) throws {
        let path = feed("date.xml", items: "<item><pubDate>\(written)</pubDate></item>")
        #expect(try records([path])[0]["published"]?.string == expected, "\(written)")
    }

    @Test(arguments: [
        "yesterday", "29 Foo 2026 09:00:00 GMT", "Sun, 29 Nov 2026 25:99 GMT", "Sun, 29 Nov 2026 09:00:00 XYZW",
        "2026-13-01", "2026-11-29T09", "29 Nov", "",
        // Years outside 0001–9999 once in UTC: RFC 3339 cannot write them.
        "Fri, 31 Dec 9999 23:59:59 -2359", "1 Jan 10000 00:00 GMT", "1 Jan 0000 00:00 GMT", "9999-12-31T23:30:00-01:00",
        "0000-06-01", "0001-01-01T00:00:00+00:01",
        // Digits without end in a time of day overflowed an Int and crashed tb.
        "1 Jan 2026 9999999999999999999:00 GMT", "1 Jan 2026 9:99999999999999999999 GMT",
    ])
    func unparseableDatesAreNull(_ written: String) throws {
        let path = feed("bad-date.xml", items: "<item><title>t</title><pubDate>\(written)</pubDate></item>")
        #expect(try records([path])[0]["published"] == .null, "\(written)")
    }

    @Test(arguments: [
        ("windows-1252.xml", "Smart “quotes” — and €", "Café ‘single’"),
        ("koi8-r.xml", "Новости", "Привет, мир"),
        ("shift_jis.xml", "日本語のニュース", "こんにちは世界"),
        ("gb2312.xml", "中文新闻", "你好，世界"),
        ("big5.xml", "繁體中文", "你好世界"),
        ("utf16le-bom.xml", "UTF-16 été", "Little ☃"),
        ("utf16be.xml", "UTF-16 big é", "No BOM ☃"),
        ("utf32le-bom.xml", "UTF-32 é", "Wide 😀"),
        ("latin1.xml", "Déjà vu", "café"),
        ("whitespace-bom.xml", "Leading junk", "Still parsed"),
        ("invalid-utf8.xml", "Bad \u{FFFD} bytes", "ctrl\u{FFFD}\u{FFFD}char \u{FFFD} cut"),
    ])
    func encodings(_ name: String, _ feedTitle: String, _ title: String) throws {
        let found = try items(name)
        #expect(found.first?["feed_title"]?.string == feedTitle, "\(name)")
        #expect(found.first?["title"]?.string == title, "\(name)")
    }

    @Test func htmlEntitiesAndCDATA() throws {
        let path = feed(
            "entities.xml",
            items: "<item><title>caf&eacute;&nbsp;&amp;&#233;&#x263A; &hellip;&unknownthing;</title>"
                + "<description><![CDATA[<b>bold</b> &amp; raw]]></description></item>")
        let item = try records([path])[0]
        // An entity defined nowhere is kept as written (as feedparser does).
        #expect(item["title"]?.string == "café\u{A0}&é☺ …&unknownthing;")
        #expect(item["summary"]?.string == "<b>bold</b> &amp; raw")
    }

    /// A small file reaches expat whole, in one piece, and HTML's entities are declared only when it refers to one:
    /// also when it does only in an attribute, where expat would drop an undeclared one without a word.
    @Test func htmlEntitiesInAWholeSmallFile() throws {
        let attribute = scratch.write(
            "attribute.xml",
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title>plain &amp; simple</title>
            <category term="caf&eacute;"/></entry></feed>
            """)
        let item = try records([attribute])[0]
        #expect(item["title"]?.string == "plain & simple")
        #expect(item["categories"] == .array([.string("café")]))
        let undeclared = scratch.write(
            "undeclared.xml", "<rss><channel><item><title>a &foo; b &amp;&lt;</title></item></channel></rss>")
        #expect(try records([undeclared])[0]["title"]?.string == "a &foo; b &<")
    }

    @Test func relativeLinksWithXMLBase() throws {
        let path = scratch.write(
            "base.xml",
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.com/a/b/">
            <entry xml:base="../c/"><link href="d?q=1#f"/><id>1</id>
            <link rel="enclosure" href="/abs/e.mp3"/><link rel="enclosure" href="../up.mp3"/></entry>
            <entry><link href="https://other.example/x/./y/../z"/><id>2</id></entry>
            </feed>
            """)
        let found = try records([path])
        #expect(found[0]["link"]?.string == "http://example.com/a/c/d?q=1#f")
        let urls = found[0]["enclosures"]?.elements?.compactMap { $0["url"]?.string }
        #expect(urls == ["http://example.com/abs/e.mp3", "http://example.com/a/up.mp3"])
        #expect(found[1]["link"]?.string == "https://other.example/x/z")
    }

    /// A local feed file's relative links resolve against its file:// URL, as tb html's do; standard input has none.
    @Test func relativeLinksOfALocalFileResolveAgainstItsFileURL() throws {
        let path = scratch.write(
            "a dir/relative.xml", try String(contentsOfFile: fixture("relative.xml"), encoding: .utf8))
        let directory = "file://" + scratch.path.replacingOccurrences(of: " ", with: "%20") + "/a%20dir/"
        let found = try records(["--meta", "--fields", "link,enclosures", path])
        #expect(found[0]["link"]?.string == directory)
        #expect(found[1]["link"]?.string == directory + "item.html?a=1")
        let urls = found[1]["enclosures"]?.elements?.compactMap { $0["url"]?.string }
        #expect(urls == ["file://" + scratch.path + "/media/one.mp3", "file://cdn.example.net/thumb.png"])
    }

    // MARK: Hostile and broken documents

    @Test func billionLaughsIsStopped() {
        let result = run([fixture("billion-laughs.xml")])
        #expect(result.status == .failure)
        #expect(result.stderr.first?.contains("amplification") == true, "\(result.stderr)")
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let item = try items("external-entity.xml")[0]
        #expect(item["title"]?.string == "[]")
        #expect(item["summary"]?.string == "é")
    }

    /// A feed with an item "first", then an item "deep" with `depth` elements nested in its description.
    func nested(_ depth: Int) -> String {
        feed(
            "nested-\(depth).xml",
            items: "<item><title>first</title></item><item><title>deep</title><description>"
                + String(repeating: "<x>", count: depth) + "core" + String(repeating: "</x>", count: depth)
                + "</description></item>")
    }

    @Test func deepNesting() throws {
        let item = try records([nested(10_000)])[1]
        #expect(item["title"]?.string == "deep")
        #expect(item["summary"]?.string == "core")
    }

    /// Nesting deeper than the cap stops the parse with one line, the items before it printed: expat keeps every
    /// open element, so ten million unclosed ones took 1.4 GB. --events is bounded the same way.
    @Test func nestingDeeperThanTheCapStops() {
        let path = nested(30_000)
        // rss, channel, item and description, then the <x> that is one too many.
        let column =
            #"<rss version="2.0"><channel><title>T</title><item><title>first</title></item><item><title>deep</title>"#
            .utf8.count + "<description>".utf8.count + 19_996 * 3 + 1
        let result = run([path])
        #expect(result.status == .failure)
        #expect(result.lines.count == 1)
        #expect(result.lines.first?.contains(#""title":"first""#) == true)
        #expect(
            result.stderr == [
                "tb feed: '\(path)' has elements nested more than 20000 deep at line 2, column \(column)"
            ])
        let events = run(["--events", path])
        #expect(events.status == .failure)
        #expect(events.stderr == result.stderr)
        #expect(events.lines.last?.contains(#""event":"error""#) == true)
        #expect(events.lines.count < 20_100)
    }

    /// An item with very many enclosures and categories keeps the first ones, with a warning: duplicates are found
    /// with a hash set, not a search of the ones before (80,000 enclosures took 29 s).
    @Test func enclosuresAndCategoriesPerItemAreCapped() throws {
        var items = "<item><title>many</title>"
        for round in 0..<100 {
            for index in 0..<1_500 { items += "<enclosure url='http://e.example/\(index).mp3'/>" }
            if round < 2 { for index in 0..<1_500 { items += "<category>c\(index)</category>" } }
        }
        items += "</item><item><title>next</title><category>one</category><enclosure url='http://e.example/1'/>"
        items += "<enclosure url='http://e.example/1'/><media:content xmlns:media='http://search.yahoo.com/mrss/' "
        items += "url=' http://e.example/1 '/></item>"
        let path = feed("many.xml", items: items)
        let result = run([path])
        #expect(result.status == .success)
        let found = try result.lines.map { try JSONValue.parse($0) }
        #expect(found.count == 2)
        let enclosures = found[0]["enclosures"]?.elements?.compactMap { $0["url"]?.string }
        #expect(enclosures == (0..<1_000).map { "http://e.example/\($0).mp3" })
        #expect(found[0]["categories"]?.elements?.compactMap(\.string) == (0..<1_000).map { "c\($0)" })
        #expect(found[1]["enclosures"]?.elements?.count == 1)
        #expect(found[1]["categories"] == .array([.string("one")]))
        #expect(
            result.stderr == [
                "tb feed: warning: item 1 of '\(path)': only its first 1000 enclosures are kept",
                "tb feed: warning: item 1 of '\(path)': only its first 1000 categories are kept",
            ])
    }

    /// Attribute values, comments and processing instructions are cut at --max-field-size like text, with a warning.
    @Test func attributesCommentsAndInstructionsAreCut() throws {
        let long = String(repeating: "0123456789", count: 500)
        let path = scratch.write(
            "attributes.xml",
            """
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
            <!--\(long)--><?pi \(long)?>
            <item rdf:about="http://a.example/\(long)"><title a="\(long)">t</title>
            <enclosure xmlns="" url="http://e.example/\(long)" type="audio/\(long)"/></item>
            </rdf:RDF>
            """)
        let result = run(["--max-field-size", "100", path])
        #expect(result.status == .success)
        let item = try JSONValue.parse(result.lines[0])
        #expect(item["id"]?.string == "http://a.example/" + long.prefix(83))
        #expect(item["enclosures"]?.elements?.first?["url"]?.string == "http://e.example/" + long.prefix(83))
        #expect(item["enclosures"]?.elements?.first?["type"]?.string == "audio/" + long.prefix(94))
        #expect(
            result.stderr == [
                "tb feed: warning: item 1 of '\(path)': a field was cut to 100 bytes (--max-field-size)"
            ])
        let events = run(["--events", "--max-field-size", "100", path])
        #expect(events.status == .success)
        let records = try events.lines.map { try JSONValue.parse($0) }
        for kind in ["comment", "processing_instruction"] {
            let record = records.first { $0["event"]?.string == kind }
            #expect(record?["text"]?.string == String(long.prefix(100)), "\(kind)")
        }
        let title = records.first { $0["name"]?.string == "title" }
        #expect(title?["attributes"]?["a"]?.string == String(long.prefix(100)))
        #expect(
            events.stderr == [
                "tb feed: warning: a comment at line 3 of '\(path)' was cut to 100 bytes (--max-field-size)",
                "tb feed: warning: a processing instruction at line 3 of '\(path)' was cut to 100 bytes (--max-field-size)",
                "tb feed: warning: an attribute at line 4 of '\(path)' was cut to 100 bytes (--max-field-size)",
                "tb feed: warning: an attribute at line 4 of '\(path)' was cut to 100 bytes (--max-field-size)",
                "tb feed: warning: an attribute at line 5 of '\(path)' was cut to 100 bytes (--max-field-size)",
                "tb feed: warning: an attribute at line 5 of '\(path)' was cut to 100 bytes (--max-field-size)",
            ])
    }

    /// expat holds a whole start tag, comment or processing instruction before it calls back: when it holds more
    /// than twice --max-field-size (at least 1 MiB), the parse stops with one line, the items before it printed.
    @Test(arguments: [("<enclosure url='", "'/>"), ("<!--", "-->"), ("<?pi ", "?>"), ("<x", "/>")])
    func markupLongerThanTheLimitStops(_ open: String, _ close: String) {
        // Over 2 MB: an attribute's value, a comment, an instruction, or 200,000 short attributes.
        let filler =
            open == "<x"
            ? (0..<200_000).map { " a\($0)=''" }.joined() : String(repeating: "x", count: 3 << 20)
        let path = feed(
            "markup.xml",
            items: "<item><title>first</title></item>\n<item><title>t</title>\(open)\(filler)\(close)</item>")
        for options in [["--max-field-size", "1000"], ["--events", "--max-field-size", "1000"]] {
            let result = run(options + [path])
            #expect(result.status == .failure, "\(options)")
            #expect(
                result.stderr == [
                    "tb feed: '\(path)' has a tag, comment or processing instruction too long to hold "
                        + "(more than 1048576 bytes) at line 3, column 23; see --max-field-size"
                ], "\(options)")
            if options.count == 2 { #expect(result.lines.count == 1) }
        }
        // A tag with a value as long as --max-field-size fits.
        let wide = run(["--max-field-size", "\(3 << 20)", path])
        #expect(wide.status == .success, "\(wide.stderr)")
    }

    /// With --strict; without, the rest is read again leniently (FeedRecoveryTests).
    @Test func truncatedAndMismatchedDocumentsKeepTheItemsBefore() {
        let truncated = run(["--strict", fixture("truncated.xml")])
        #expect(truncated.status == .failure)
        #expect(truncated.lines.count == 2)
        #expect(
            truncated.stderr == [
                "tb feed: '\(fixture("truncated.xml"))' is not well-formed XML: no element found at line 6, column 1"
            ])
        let mismatched = run(["--strict", fixture("mismatched.xml")])
        #expect(mismatched.status == .failure)
        #expect(mismatched.lines.count == 1)
        #expect(
            mismatched.stderr.first?.hasSuffix("mismatched tag at line 4, column 22") == true, "\(mismatched.stderr)")
        // Other sources still run.
        let both = run(["--strict", fixture("truncated.xml"), fixture("rss10.xml")])
        #expect(both.status == .failure)
        #expect(both.lines.count == 3)
    }

    @Test func notXMLAtAll() {
        let path = scratch.write("plain.txt", "this is not a feed\n")
        let result = run([path])
        #expect(result.status == .failure)
        #expect(result.stderr == ["tb feed: '\(path)' is not a feed (plain text)"])
        let empty = scratch.write("empty.xml", "")
        #expect(run([empty]).status == .failure)
    }

    // MARK: Options

    @Test func limitStopsEachSource() throws {
        #expect(try records(["--limit", "2", fixture("rss20.xml")]).count == 2)
        #expect(try records(["-n", "1", fixture("rss20.xml"), fixture("atom10.xml")]).count == 2)
        // The rest of the document is not read, so an error after the limit does not count.
        #expect(try records(["-n", "2", fixture("truncated.xml")]).count == 2)
    }

    @Test func maxFieldSizeCutsAndWarns() throws {
        let long = String(repeating: "0123456789", count: 10_000)
        let path = feed("long.xml", items: "<item><title>short</title><description>\(long)</description></item>")
        let result = run(["--max-field-size", "1000", path])
        #expect(result.status == .success)
        let item = try JSONValue.parse(result.lines[0])
        #expect(item["summary"]?.string?.utf8.count == 1000)
        #expect(item["title"]?.string == "short")
        #expect(
            result.stderr == ["tb feed: warning: item 1 of '\(path)': a field was cut to 1000 bytes (--max-field-size)"]
        )
    }

    @Test func eventsCoalesceText() throws {
        let path = scratch.write(
            "events.xml",
            """
            <?xml version="1.0"?>
            <!-- note --><?style type="x"?>
            <r xmlns="urn:d" xmlns:p="urn:p"><p:a id="1" p:k="v">Hello &amp; <![CDATA[big]]> world</p:a><b/></r>
            """)
        let events = try records(["--events", path])
        #expect(
            events.compactMap { $0["event"]?.string } == [
                "start_document", "comment", "processing_instruction", "start_prefix_mapping", "start_prefix_mapping",
                "start_element", "start_element", "characters", "end_element", "start_element", "end_element",
                "end_element", "end_prefix_mapping", "end_prefix_mapping", "end_document",
            ])
        let text = events.first { $0["event"]?.string == "characters" }
        #expect(text?["text"]?.string == "Hello & big world")
        #expect(text?["line"]?.integer == 3)
        let element = events[6]
        #expect(element["name"]?.string == "a")
        #expect(element["namespace"]?.string == "urn:p")
        #expect(element["qname"]?.string == "p:a")
        #expect(element["attributes"] == .object(["id": .string("1"), "p:k": .string("v")]))
        #expect(element["line"]?.integer == 3)
        #expect(events[5]["namespace"]?.string == "urn:d")
        #expect(events[2]["name"]?.string == "style")
        #expect(events[2]["text"]?.string == #"type="x""#)
        #expect(events[1]["text"]?.string == " note ")
        let limited = try records(["--events", "--attributes-for", "b,r", path])
        #expect(
            limited.filter { $0["event"]?.string == "start_element" }.map { $0["attributes"] == .null } == [
                false, true, false,
            ])
    }

    @Test func eventsEndWithTheError() {
        let result = run(["--events", fixture("mismatched.xml")])
        #expect(result.status == .failure)
        #expect(result.lines.last?.contains(#""event":"error""#) == true)
        #expect(result.lines.last?.contains(#""text":"mismatched tag""#) == true)
    }

    @Test func usageErrors() {
        #expect(run([]).stderr.first == "tb feed: missing argument SOURCE")
        #expect(run(["--limit", "0", "-"]).status == .usage)
        #expect(run(["--max-field-size", "0", "-"]).status == .usage)
        #expect(run(["--attributes-for", "a", "-"]).stderr.first == "tb feed: --attributes-for goes with --events")
        #expect(run(["--events", "--meta", "-"]).status == .usage)
        #expect(run(["--events", "--limit", "3", "-"]).status == .usage)
        let missing = run([scratch.file("missing.xml")])
        #expect(missing.status == .failure)
        #expect(missing.stderr.first?.hasPrefix("tb feed: cannot read '\(scratch.file("missing.xml"))'") == true)
    }

    /// Read a few bytes at a time, every document gives what it gives read whole: items that straddle the pieces
    /// the parser gets and the batches the printer gets, multi-byte characters and encodings cut in half.
    @Test func piecesOfEverySize() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.folder("feeds")).sorted()
        for name in names where name.hasSuffix(".xml") {
            let whole = run(["--meta", fixture(name)])
            for size in [1, 2, 3, 7, 64] {
                let cut = run(["--meta", "--read-size", "\(size)", fixture(name)])
                #expect(cut.stdout == whole.stdout, "\(name) read \(size) bytes at a time")
                #expect(cut.status == whole.status, "\(name) read \(size) bytes at a time")
            }
        }
    }
}
