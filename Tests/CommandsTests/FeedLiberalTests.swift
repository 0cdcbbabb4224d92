import FeedCommands
// tb feed on feeds that bend the formats the way publishers do (Tests/Fixtures/feeds/liberal, one class each):
// element names in any case or namespace, CDF, the fallbacks of Dublin Core, iTunes and Media RSS, containers nested
// in items, Atom content of every type, and authors.
import TestSupport
import Testing
import Toolbox

struct FeedLiberalTests {
    let scratch = Scratch()

    /// The records of a fixture (with --meta: the feed record first) read without a word on stderr.
    func records(_ name: String) throws -> [JSONValue] {
        let result = runInProcess(
            ["feed", "--meta", Fixtures.folder("feeds/liberal/" + name)], builtins: [FeedCommand.self],
            environment: scratch.environment)
        #expect(result.status == .success, "\(name): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return try result.lines.map { try JSONValue.parse($0) }
    }

    /// One string field of every record.
    func field(_ records: [JSONValue], _ name: String) -> [String?] { records.map { $0[name]?.string } }

    @Test func elementNamesInAnyCase() throws {
        let found = try records("case.xml")
        #expect(field(found, "title") == ["Shouting News", "First", "Second"])
        #expect(found[0]["link"]?.string == "https://example.org/")
        #expect(found[0]["description"]?.string == "News in capitals")
        #expect(found[0]["updated"]?.string == "2026-11-30T10:00:00Z")
        #expect(field(found, "id") == [nil, "case-1", "https://example.org/2"])
        #expect(field(found, "link") == ["https://example.org/", "https://example.org/1", "https://example.org/2"])
        #expect(field(found, "published") == [nil, "2026-11-29T09:00:00Z", "2026-11-28T09:00:00Z"])
        #expect(found[1]["author"]?.string == "first@example.org")
        #expect(found[1]["summary"]?.string == "Loud")
        #expect(found[1]["categories"] == .array([.string("caps")]))
        let enclosure = found[1]["enclosures"]?.elements?.first
        #expect(enclosure?["url"]?.string == "https://example.org/1.mp3")
        #expect(enclosure?["type"]?.string == "audio/mpeg")
        #expect(enclosure?["length"]?.integer == 123)
    }

    @Test(arguments: [
        ("atom-no-namespace.xml", "Plain Atom", "No namespace", "https://example.org/a"),
        ("atom-unknown-namespace.xml", "Draft Atom", "Unknown namespace", "https://example.org/u"),
        ("rss090-prefixed.xml", "Prefixed 0.90", "Old item", "https://example.org/old"),
        ("rss10-variant.xml", "Variant 1.0", "Variant item", "https://example.org/v"),
    ])
    func namespacesAsPublishersWriteThem(_ name: String, _ feedTitle: String, _ title: String, _ link: String) throws {
        let found = try records(name)
        #expect(field(found, "title") == [feedTitle, title])
        #expect(found[1]["link"]?.string == link)
        #expect(found[0]["link"]?.string == "https://example.org/")
    }

    @Test func modulesReusingRSSNamesAreNotTheItemsFields() throws {
        let found = try records("name-clash.xml")
        #expect(field(found, "title") == ["Clashes", "Clash"])
        #expect(found[1]["summary"]?.string == "Correct description")
        #expect(found[1]["content"] == .null)
    }

    @Test func atomWithoutNamespaceKeepsEveryField() throws {
        let entry = try records("atom-no-namespace.xml")[1]
        #expect(entry["id"]?.string == "tag:example.org,2026:a")
        #expect(entry["published"]?.string == "2026-11-29T08:00:00Z")
        #expect(entry["updated"]?.string == "2026-11-29T09:00:00Z")
        #expect(entry["author"]?.string == "Ann Author")
        #expect(entry["summary"]?.string == "Summary text")
        #expect(entry["categories"] == .array([.string("plain")]))
        #expect(try records("rss10-variant.xml")[1]["published"]?.string == "2026-11-27T06:00:00Z")
    }

    @Test func microsoftCDF() throws {
        let found = try records("cdf.xml")
        #expect(field(found, "title") == ["Channel Definition", "CDF item"])
        #expect(field(found, "link") == ["https://example.org/", "https://example.org/cdf1"])
        #expect(field(found, "updated") == ["2026-11-30T10:00:00Z", "2026-11-29T10:00:00Z"])
        #expect(found[0]["description"]?.string == "A CDF channel")
        #expect(found[1]["summary"]?.string == "Its abstract")
    }

    @Test func dublinCoreFallbacks() throws {
        let found = try records("fallbacks-dc.xml")
        #expect(field(found, "title") == ["Dublin Core", "DC title", "DC terms", "Created only"])
        #expect(found[0]["description"]?.string == "DC channel")
        #expect(found[1]["summary"]?.string == "DC description")
        #expect(field(found, "author") == [nil, "Carla Creator", "Aldo Author", nil])
        #expect(
            field(found, "published") == [
                nil, "2026-11-26T05:00:00Z", "2026-11-25T04:00:00Z", "2026-11-24T03:00:00Z",
            ])
        #expect(found[2]["updated"]?.string == "2026-11-25T05:00:00Z")
    }

    @Test func iTunesMediaAndContentFallbacks() throws {
        let found = try records("fallbacks-itunes-media.xml")
        #expect(field(found, "title") == ["Casts", "Episode 1", "Video title", "Full", "Body"])
        #expect(found[1]["author"]?.string == "Pat Podcaster")
        #expect(found[1]["summary"]?.string == "Show notes")
        #expect(found[1]["categories"] == .array([.string("Technology"), .string("Podcasting")]))
        #expect(found[2]["enclosures"]?.elements?.first?["url"]?.string == "https://example.org/v1.mp4")
        #expect(found[2]["summary"]?.string == "What the video shows")
        #expect(found[3]["content"]?.string == "The whole story")
        #expect(found[4]["content"]?.string == "<p>Para &amp; more<br />line</p>")
    }

    @Test func descriptionAndSummaryAreBothKept() throws {
        let found = try records("description-and-summary.xml")
        #expect(field(found, "summary") == [nil, "The description", "Short"])
        #expect(field(found, "content") == [nil, "The summary", "Long"])
    }

    @Test func containersInsideItemsNeverOverrideTheirFields() throws {
        let found = try records("nesting.xml")
        #expect(found.count == 3, "an entry inside an extension of an entry is not an entry of the feed")
        #expect(field(found, "title") == ["Nested", "Entry title", "Second"])
        #expect(
            field(found, "link") == ["https://example.org/", "https://example.org/entry", "https://example.org/second"])
        #expect(field(found, "updated") == [nil, "2026-11-23T02:00:00Z", "2026-11-22T01:00:00Z"])
        #expect(field(found, "author") == [nil, nil, "Real Author"])
    }

    @Test func atomContentOfEveryType() throws {
        let found = try records("atom-content.xml").dropFirst()
        #expect(
            field(Array(found), "content") == [
                "Plain & simple",
                "<p>Escaped &amp; HTML</p>",
                "<p>Tom &amp; Jerry &lt;3<br /><a href=\"https://example.org/?a=1&amp;b=2\">link</a></p><hr />",
                "<p>Inline <b>bold</b></p>",
                "<p>Base64 &amp; decoded</p>",
                // Not text once decoded: kept as the feed gives it.
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
                "a,b\n1,2",
                "{\"a\": [1, 2]}",
                "Not base64: a sentence.",
                "<p>Still <em>unwrapped</em></p>",
            ])
    }

    @Test func atom03Modes() throws {
        let found = try records("atom03-base64.xml")
        #expect(field(found, "title") == ["Atom 0.3 modes", "Base64 title", "XML mode"])
        #expect(field(found, "content") == [nil, "<p>Hello, <b>world</b></p>", "1 &lt; 2 &amp;&amp; <i>true</i>"])
        #expect(field(found, "published") == [nil, "2026-11-21T00:00:00Z", "2026-11-20T00:00:00Z"])
    }

    @Test func authorsAsFeedparserWritesThem() throws {
        let found = try records("authors.xml")
        #expect(
            field(found, "author") == [nil, "Bea Both (bea@example.org)", "Nat Name", "eve@example.org", "Tex Text"])
    }
}
