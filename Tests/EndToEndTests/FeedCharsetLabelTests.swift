// tb feed reads charset labels as browsers do (the WHATWG Encoding Standard's table, shared with tb html): a feed
// labelled ISO-8859-1, latin1 or us-ascii is windows-1252, TIS-620 is windows-874, as feedparser reads them too.
import Foundation
import TestSupport
import Testing

struct FeedCharsetLabelTests {
    let scratch = Scratch()
    let labels = Fixtures.folder("feeds/labels")

    /// The feed's title and its items' titles as tb feed reads them.
    func tbTitles(_ path: String) throws -> (feed: String?, items: [String]) {
        let result = try tb(["feed", "--fields", "feed_title,title", path], environment: scratch.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let items = try result.lines.map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        return (items.first?["feed_title"] as? String, items.map { $0["title"] as? String ?? "" })
    }

    @Test(.enabled(if: hasFeedparser), arguments: ["iso-8859-1", "latin1", "us-ascii", "tis-620"])
    func aLabelReadsAsFeedparserReadsIt(label: String) throws {
        let path = labels + "/\(label).xml"
        let ours = try tbTitles(path)
        let theirs = try feedparserTitles(path)
        #expect(ours.feed == theirs.feed, "\(label)")
        #expect(ours.items == theirs.items, "\(label)")
        #expect(!(ours.items + [ours.feed ?? ""]).joined().contains("\u{FFFD}"), "\(label)")
    }

    /// tb html reads a page with the same label and bytes as tb feed reads the feed: one table for both.
    @Test(arguments: ["iso-8859-1", "latin1", "us-ascii", "tis-620"])
    func anHTMLPageWithTheSameLabelReadsTheSame(label: String) throws {
        let path = labels + "/\(label).xml"
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let open = Array("<item><title>".utf8)
        let start = try #require(bytes.firstRange(of: open)).upperBound
        let end = try #require(bytes[start...].firstRange(of: Array("</title>".utf8))).lowerBound
        let page = scratch.write(
            bytes: "\(label).html",
            Array("<meta charset=\"\(label)\"><p>".utf8) + bytes[start..<end] + Array("</p>".utf8))
        let html = try tb(["html", "--format", "tsv", "--fields", "text", "p", page], environment: scratch.environment)
        #expect(html.status == 0, "\(html.stderr)")
        #expect(html.lines == (try tbTitles(path)).items, "\(label)")
        #expect(!html.stdout.contains("\u{FFFD}"), "\(label)")
    }
}
