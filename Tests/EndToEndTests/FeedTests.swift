// tb feed as a process against real servers on 127.0.0.1: items stream while a feed stalls, the HTTP charset and
// the fetched URL count, gzip and FTP work, --limit ends an endless feed, a closed pipe is quiet, and the output
// agrees with feedparser's.
import Foundation
import TestSupport
import Testing

struct FeedTests {
    let scratch = Scratch()
    let feeds = Fixtures.folder("feeds")

    func feed(_ argv: [String], input: String? = nil) throws -> Finished {
        try tb(["feed"] + argv, environment: scratch.environment, input: input)
    }

    /// The first items of a feed reach a pipe while the server is still sending the rest.
    @Test func itemsStreamWhileTheFeedStalls() throws {
        let server = try TestServer.http(root: feeds)
        let (lines, seconds) = try firstLines(
            3, ofTB: ["feed", "--fields", "title", server.url("/feeddrip/3/20")], environment: scratch.environment)
        #expect(
            lines == [
                #"{"type":"item","title":"item 0"}"#, #"{"type":"item","title":"item 1"}"#,
                #"{"type":"item","title":"item 2"}"#,
            ])
        #expect(seconds < 10, "the items waited for the stall to end")
    }

    /// The charset the server sends wins over the document's declaration.
    @Test func theHTTPCharsetWins() throws {
        let server = try TestServer.http(root: feeds)
        let served = try feed(["--fields", "feed_title,title", server.url("/charset/utf-8/utf8-declared-latin1.xml")])
        #expect(served.lines == [#"{"type":"item","feed_title":"Déjà vu","title":"café"}"#], "\(served.stderr)")
        let fromFile = try feed(["--fields", "title", feeds + "/utf8-declared-latin1.xml"])
        #expect(fromFile.lines == [#"{"type":"item","title":"cafÃ©"}"#])
        let koi8 = try feed(["--fields", "title", server.url("/charset/KOI8-R/koi8-r.xml")])
        #expect(koi8.lines == [#"{"type":"item","title":"Привет, мир"}"#])
    }

    /// Relative links resolve against the URL the feed came from, after redirects.
    @Test func linksResolveAgainstTheFetchedURL() throws {
        let server = try TestServer.http(root: feeds)
        let result = try feed(["--meta", "--fields", "link,enclosures", server.url("/redirect/file/relative.xml")])
        #expect(result.status == 0, "\(result.stderr)")
        let base = server.url("/file/")
        #expect(
            result.lines == [
                #"{"type":"feed","link":"\#(base)","enclosures":null}"#,
                #"{"type":"item","link":"\#(base)item.html?a=1","enclosures":[{"url":"\#(server.url("/media/one.mp3"))","type":"audio/mpeg","length":1},{"url":"http://cdn.example.net/thumb.png","type":null,"length":null}]}"#,
            ])
    }

    @Test func gzipFTPAndStandardInput() throws {
        let server = try TestServer.http(root: feeds)
        let ftp = try TestServer.ftp(root: feeds)
        let packed = scratch.file("rss20.xml.gz")
        _ = try bash("gzip -c '\(feeds)/rss20.xml' > '\(packed)'", environment: scratch.environment)
        let rss20 = try String(contentsOfFile: feeds + "/rss20.xml", encoding: .utf8)
        let result = try feed(
            ["--fields", "title", server.url("/gzip/rss20.xml"), packed, ftp.url("/rss20.xml"), "-"], input: rss20)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 12)
        #expect(Set(result.lines).count == 3)
    }

    /// --limit ends the transfer of a feed that never ends.
    @Test func limitAbortsTheTransfer() throws {
        let server = try TestServer.http(root: feeds)
        let started = Date()
        let result = try feed(["--limit", "3", "--fields", "title", server.url("/infinite-feed")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.lines == [
                #"{"type":"item","title":"item 0"}"#, #"{"type":"item","title":"item 1"}"#,
                #"{"type":"item","title":"item 2"}"#,
            ])
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func serverErrorsAndBrokenFeeds() throws {
        let server = try TestServer.http(root: feeds)
        let missing = try feed([server.url("/file/missing.xml")])
        #expect(missing.status == 2)
        #expect(missing.stderr == "tb feed: cannot fetch '\(server.url("/file/missing.xml"))': HTTP 404\n")
        let truncated = try feed(["--strict", server.url("/chunked/truncated.xml")])
        #expect(truncated.status == 2)
        #expect(truncated.lines.count == 2)
        #expect(truncated.stderr.hasSuffix("no element found at line 6, column 1\n"), "\(truncated.stderr)")
        // Without --strict, the items after the error are read too: the third, cut short, is whole enough to print.
        let recovered = try feed(["--fields", "title", server.url("/chunked/truncated.xml")])
        #expect(recovered.status == 0)
        #expect(recovered.lines.count == 3)
        #expect(
            recovered.stderr
                == "tb feed: warning: '\(server.url("/chunked/truncated.xml"))' is not well-formed XML at line 6, "
                + "column 1 (no element found); recovered 1 more item\n")
    }

    /// An HTML page where a feed was expected is read for the feeds it links to, up to its body, and ends there
    /// (this one never would); linking to none, it fails.
    @Test func anHTMLPageWithNoFeedLink() throws {
        let server = try TestServer.http(root: feeds)
        let started = Date()
        let page = try feed([server.url("/infinite-html"), feeds + "/rss10.xml"])
        #expect(page.status == 2)
        #expect(page.stderr == "tb feed: '\(server.url("/infinite-html"))': no feed linked from this page\n")
        // The other source still counts.
        #expect(page.lines.count == 1)
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func historyRecordsEachFeed() throws {
        let server = try TestServer.http(root: feeds)
        #expect(try feed([server.url("/file/rss20.xml")]).status == 0)
        let history = try tb(["history", "--fields", "command,target,records"], environment: scratch.environment)
        #expect(
            history.lines == [
                #"{"type":"visit","command":"feed","target":"\#(server.url("/file/rss20.xml"))","records":3}"#
            ])
    }

    @Test func aClosedPipeIsQuietSuccess() throws {
        var items = ""
        for index in 0..<50_000 { items += "<item><title>item \(index)</title></item>\n" }
        let big = scratch.write("big.xml", "<rss><channel>\n\(items)</channel></rss>\n")
        var env = scratch.environment
        env["PATH"] = (Package.binary as NSString).deletingLastPathComponent + ":" + (env["PATH"] ?? "")
        let result = try bash(
            "tb feed '\(big)' 2>'\(scratch.file("err"))' | head -1 >/dev/null; echo ${PIPESTATUS[0]}; cat '\(scratch.file("err"))'",
            environment: env)
        #expect(result.stdout == "0\n")
    }

    /// feedparser (python3-feedparser) reads the fixtures the same way, but for the differences its script lists.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/feedparser")))
    func agreesWithFeedparser() throws {
        let liberal = try FileManager.default.contentsOfDirectory(atPath: feeds + "/liberal").map { "liberal/" + $0 }
        let broken = try FileManager.default.contentsOfDirectory(atPath: feeds + "/broken").map { "broken/" + $0 }
        let labels = try ["labels", "junk"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: feeds + "/" + folder).map { folder + "/" + $0 }
        }
        let names = try (FileManager.default.contentsOfDirectory(atPath: feeds) + liberal + broken + labels).sorted()
            .filter {
                $0.hasSuffix(".xml") && !Self.notForFeedparser.contains($0)
            }
        let result = try runProgram(
            "/usr/bin/python3",
            [Package.root + "/Tests/Scripts/compare_with_feedparser.py", Package.binary]
                + names.map { feeds + "/" + $0 },
            environment: scratch.environment)
        #expect(result.status == 0)
        #expect(result.stdout == "same\n", "\(result.stdout)\(result.stderr)")
    }

    /// Documents that are hostile on purpose (compared in the unit tests), one that only an HTTP charset reads right,
    /// and ones where tb deliberately differs: feedparser lets the title and link of a container nested in an entry
    /// override the entry's, and reads an entry nested in another as one of the feed's; it keeps control characters
    /// (tb's decoder makes them U+FFFD, as it does invalid bytes), drops the title of `<title>Broken</b></item>` (tb
    /// drops the stray end tag) and reads `AT&T</title>` as "AT&T;".
    static let notForFeedparser: Set<String> = [
        "billion-laughs.xml", "external-entity.xml", "invalid-utf8.xml", "mismatched.xml",
        "utf8-declared-latin1.xml", "liberal/nesting.xml", "broken/control-character.xml",
        "broken/stray-ampersand.xml",
    ]
}
