// Junk before a feed (a PHP warning, a comment before the XML declaration, text after a byte order mark) is skipped
// with one warning naming its lines, and the feed reads as feedparser (and sfeed, when installed) read it; an HTML
// page stays "not a feed", and junk past 64 KiB is a clear error.
import Foundation
import TestSupport
import Testing

struct FeedJunkTests {
    let scratch = Scratch()
    let junk = Fixtures.folder("feeds/junk")

    @Test(
        .enabled(if: hasFeedparser),
        arguments: [("php-warning.xml", 1, 3), ("comment.xml", 1, 2), ("bom-junk.xml", 1, 2)])
    func isSkippedWithOneWarning(name: String, junkLine: Int, feedLine: Int) throws {
        let path = junk + "/" + name
        for size in ["1", "7", "131072"] {
            let result = try tb(
                ["feed", "--read-size", size, "--fields", "feed_title,title", path], environment: scratch.environment)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(
                result.stderr
                    == "tb feed: warning: '\(path)' has junk before the feed at line \(junkLine); "
                    + "skipped it up to line \(feedLine)\n")
            let items = try result.lines.map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
            }
            let theirs = try feedparserTitles(path)
            #expect(items.map { $0["title"] as? String ?? "" } == theirs.items, "\(name)")
            #expect(items.first?["feed_title"] as? String == theirs.feed, "\(name)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sfeed")))
    func sfeedReadsTheSameItems() throws {
        // sfeed reads UTF-8 only: sfeed_update converts a feed with iconv first, from the charset it declares.
        for (name, charset) in [
            ("php-warning.xml", "ISO-8859-1"), ("comment.xml", "ISO-8859-1"), ("bom-junk.xml", "UTF-8"),
        ] {
            let path = junk + "/" + name
            let theirs = try bash(
                "iconv -f \(charset) -t UTF-8 < '\(path)' | /usr/bin/sfeed | cut -f2", environment: scratch.environment)
            let ours = try tb(["feed", "--format", "tsv", "--fields", "title", path], environment: scratch.environment)
            #expect(ours.lines.filter { $0 != "title" } == theirs.lines, "\(name)")
        }
    }

    @Test func anHTMLPageStaysAnHTMLPage() throws {
        let result = try tb(["feed", junk + "/page.xml"], environment: scratch.environment)
        #expect(result.status == 2)
        // Read as a page for the feeds it links to: none.
        #expect(result.stderr == "tb feed: '\(junk)/page.xml': no feed linked from this page\n")
    }

    /// Past 64 KiB of junk the feed is not looked for: a clear message and status 2, never a parse of the junk.
    @Test func moreThan64KiBOfJunkIsAnError() throws {
        let line = "<b>Warning</b>: something went wrong on line 3<br />\n"
        let padding = String(repeating: line, count: (65 << 10) / line.utf8.count + 1)
        let feed = try String(contentsOfFile: junk + "/comment.xml", encoding: .isoLatin1)
        let path = scratch.write("junk65.xml", padding + feed)
        let result = try tb(["feed", path], environment: scratch.environment)
        #expect(result.status == 2)
        #expect(result.lines.isEmpty)
        #expect(
            result.stderr
                == "tb feed: '\(path)' is not a feed (no XML declaration or feed element in its first 64 KiB)\n")
        // Just under 64 KiB is read.
        let under = scratch.write("junk63.xml", String(padding.prefix(63 << 10)) + "\n" + feed)
        let read = try tb(["feed", "--fields", "title", under], environment: scratch.environment)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.lines.count == 2)
    }
}
