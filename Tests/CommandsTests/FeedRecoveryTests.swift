import FeedCommands
// tb feed on documents that break (Tests/Fixtures/feeds/broken): the items before the error and the ones a lenient
// second reading finds after it, each printed once, one warning, the exit status; --strict, --meta, and documents
// that are not feeds at all.
import Foundation
import TestSupport
import Testing
import Toolbox

struct FeedRecoveryTests: CommandTesting {
    static let command: any Command.Type = FeedCommand.self
    let scratch = Scratch()

    func fixture(_ name: String) -> String { Fixtures.folder("feeds/broken/" + name) }

    /// The titles and links of a run, one "title|link" each.
    func titles(_ result: InProcessRun) throws -> [String] {
        try result.lines.map { try JSONValue.parse($0) }.filter { $0["type"]?.string == "item" }.map {
            "\($0["title"]?.string ?? "-")|\($0["link"]?.string ?? "-")"
        }
    }

    /// A declaration of an XML version libxml2 does not know (expat reads any): the second reading keeps `&amp;` in
    /// the channel's title (libxml2 dropped it; found by fuzzing).
    @Test func anUnknownXMLVersionKeepsAmpersands() throws {
        let path = scratch.write(
            "version.xml",
            "<?xml version=\"1.y0\"?>\n<rss version=\"2.0\"><channel><title>T &amp; x</title><item><title>a</title>"
                + "<pu\u{A8}>b</pu\u{A8}></item><item><title>c</title></item></channel></rss>")
        let result = run(["--meta", path])
        let feed = try result.lines.map { try JSONValue.parse($0) }.first { $0["type"]?.string == "feed" }
        #expect(feed?["title"]?.string == "T & x", "\(result.lines)")
    }

    static let five = (1...5).map { "\(["One", "Two", "Three", "Four", "Five"][$0 - 1])|http://broken.example/\($0)" }

    @Test(
        arguments: [
            // (fixture, the titles expected, the warning's end)
            (
                "stray-ampersand.xml", five.prefix(2) + ["Café & AT&T|http://broken.example/3"] + five.suffix(2),
                "at line 5, column 36 (invalid token); recovered 3 more items"
            ),
            (
                "undefined-entity.xml", [five[0], "Non\u{A0}breaking|http://broken.example/2", five[2]],
                "at line 4, column 17 (undefined entity); recovered 2 more items"
            ),
            (
                "capital-x.xml", [five[0], "ABC|http://broken.example/2", five[2]],
                "at line 4, column 16 (invalid token); recovered 2 more items"
            ),
            (
                "mismatched-tag.xml", Array(five.prefix(3)),
                "at line 4, column 19 (mismatched tag); recovered 2 more items"
            ),
            (
                "stray-less-than.xml", [five[0], "1 < 2|http://broken.example/2", five[2]],
                "at line 4, column 17 (invalid token); recovered 2 more items"
            ),
            (
                "garbage-after-root.xml", Array(five.prefix(2)),
                "at line 6, column 1 (junk after document element); recovered 0 more items"
            ),
            (
                "truncated.xml", Array(five.prefix(3)), "at line 5, column 82 (no element found); recovered 1 more item"
            ),
            (
                "before-first-item.xml", Array(five.prefix(2)),
                "at line 2, column 44 (invalid token); recovered 2 more items"
            ),
        ] as [(String, [String], String)])
    func brokenDocumentsAreRecovered(name: String, expected: [String], warning: String) throws {
        // Whatever the pieces, so wherever the error falls among them: every item once, in order.
        for size in [1, 2, 3, 7, 64, 100, 1 << 17] {
            let result = run(["--read-size", "\(size)", fixture(name)])
            #expect(result.status == .success, "\(name) \(size): \(result.stderr)")
            #expect(try titles(result) == expected, "\(name) \(size)")
            #expect(
                result.stderr == ["tb feed: warning: '\(fixture(name))' is not well-formed XML \(warning)"],
                "\(name) \(size)")
        }
    }

    /// A document cut after every one of its bytes: the items of the part that came, each once, in order.
    @Test func cutAtEveryByte() throws {
        let bytes = Array(try String(contentsOfFile: fixture("stray-ampersand.xml"), encoding: .utf8).utf8)
        var all = Self.five
        all[2] = "Café & AT&T|http://broken.example/3"
        var seen = 0
        for length in 0...bytes.count {
            let path = scratch.write("cut.xml", String(decoding: bytes.prefix(length), as: UTF8.self))
            let result = run(["--read-size", "5", path])
            let found = try titles(result)
            #expect(Set(found).count == found.count, "\(length): \(found)")
            // Items only grow as the document does. An element the cut left open is dropped, never read as if whole: the
            // last item may lack its link, never show a partial title or link.
            #expect(found.count >= seen, "\(length): \(found)")
            for (index, item) in found.enumerated() {
                let whole = all[index]
                let titleOnly = String(whole.prefix { $0 != "|" }) + "|-"
                #expect(item == whole || (index == found.count - 1 && item == titleOnly), "\(length): \(found)")
            }
            seen = max(seen, found.count)
            #expect(result.status == (found.isEmpty ? .failure : .success), "\(length): \(result.stderr)")
            #expect(result.stderr.count == 1, "\(length): \(result.stderr)")
        }
        #expect(seen == 5)
    }

    /// An error after more text than is ever kept at once: the channel and the text since the last whole item are
    /// enough.
    @Test func anErrorFarIntoALongFeed() throws {
        let count = 60_000
        var items = ""
        for index in 0..<count {
            items += "<item><title>\(index)</title><link>http://long.example/\(index)</link></item>\n"
        }
        let path = scratch.write(
            "long.xml",
            "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Long</title>\n\(items)"
                + "<item><title>AT&T</title></item>\n<item><title>after</title></item>\n</channel></rss>\n")
        for size in [4096, 1 << 17] {
            let result = run(["--meta", "--fields", "title", "--read-size", "\(size)", path])
            #expect(result.status == .success, "\(result.stderr)")
            let titles = try result.lines.map { try JSONValue.parse($0)["title"]?.string ?? "-" }
            #expect(titles == ["Long"] + (0..<count).map { "\($0)" } + ["AT&T", "after"])
            #expect(
                result.stderr.count == 1 && result.stderr[0].hasSuffix("recovered 2 more items"), "\(result.stderr)")
        }
        // --limit counts the items printed before the error, kept or not.
        let limited = run(["--limit", "\(count + 1)", "--fields", "title", path])
        #expect(limited.lines.count == count + 1)
        #expect(limited.lines.last == #"{"type":"item","title":"AT&T"}"#)
    }

    @Test func strictStopsAtTheError() throws {
        let result = run(["--strict", fixture("stray-ampersand.xml")])
        #expect(result.status == .failure)
        #expect(try titles(result) == Array(Self.five.prefix(2)))
        #expect(
            result.stderr == [
                "tb feed: '\(fixture("stray-ampersand.xml"))' is not well-formed XML: not well-formed (invalid token) "
                    + "at line 5, column 36"
            ])
    }

    @Test func nothingReadIsAnError() throws {
        let result = run([fixture("no-items.xml")])
        #expect(result.status == .failure)
        #expect(result.lines.isEmpty)
        #expect(
            result.stderr == [
                "tb feed: '\(fixture("no-items.xml"))' is not well-formed XML: not well-formed (invalid token) "
                    + "at line 2, column 45"
            ])
    }

    /// With --meta, the feed record comes even when the document breaks before its first item, once.
    @Test(arguments: [[], ["--strict"]])
    func metaBeforeTheFirstItem(options: [String]) throws {
        for name in ["before-first-item.xml", "no-items.xml"] {
            let result = run(["--meta"] + options + [fixture(name)])
            let records = try result.lines.map { try JSONValue.parse($0) }
            let feeds = records.filter { $0["type"]?.string == "feed" }
            #expect(feeds.count == 1, "\(name) \(options): \(result.lines)")
            // The strict reading stops inside the title, before it is whole; the second one reads it.
            if options.isEmpty {
                #expect(feeds.first?["title"]?.string?.hasPrefix(name == "no-items.xml" ? "Nothing" : "Before") == true)
            }
            #expect(records.first?["type"]?.string == "feed")
        }
        // Printed by the strict reading before an error after the first item: not again by the second.
        let late = run(["--meta", "--read-size", "1", fixture("stray-ampersand.xml")])
        #expect(late.lines.filter { $0.contains(#""type":"feed""#) }.count == 1)
        #expect(late.lines.count == 6)
    }

    @Test func limitCountsTheItemsOfBothReadings() throws {
        let result = run(["--limit", "4", "--read-size", "3", fixture("stray-ampersand.xml")])
        #expect(
            try titles(result) == Array(Self.five.prefix(2)) + ["Café & AT&T|http://broken.example/3", Self.five[3]])
    }

    @Test func unknownEntitiesAreKeptAsWritten() throws {
        let result = run([fixture("unknown-entity.xml")])
        #expect(result.status == .success)
        #expect(result.stderr.isEmpty)
        #expect(try titles(result) == ["Keep &doesnotexist; as written|http://broken.example/1"])
    }

    @Test(arguments: [
        ("page.html", "HTML"), ("data.json", "JSON"), ("notes.txt", "plain text"),
        ("outline.opml", "root element <opml>"),
    ])
    func notAFeed(name: String, looks: String) {
        for size in [1, 1 << 17] {
            let result = run(["--read-size", "\(size)", fixture(name)])
            #expect(result.status == .failure)
            #expect(result.lines.isEmpty)
            // A page is read for the feeds it links to: this one links to none.
            let message = looks == "HTML" ? ": no feed linked from this page" : " is not a feed (\(looks))"
            #expect(result.stderr == ["tb feed: '\(fixture(name))'\(message)"])
        }
        // --events reads any XML document.
        if name == "outline.opml" { #expect(run(["--events", fixture(name)]).status == .success) }
    }
}
