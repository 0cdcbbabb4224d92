// Feed discovery: tb feed given an HTML page reads the feeds its <link rel="alternate"> elements announce, and
// --discover lists them, from pages served on 127.0.0.1 (several links, relative hrefs, <base href>, none).
import Foundation
import TestSupport
import Testing

struct FeedDiscoveryTests {
    let scratch = Scratch()

    /// A site: a page announcing three feeds (relative to its <base href>, one absolute path, one not a feed type),
    /// a page announcing none, and a page whose only link is to another page.
    func site() throws -> TestServer {
        let examples = Package.root + "/examples"
        _ = scratch.write(
            "site/index.html",
            """
            <!doctype html>
            <html><head><title>Harbour</title>
            <base href="feeds/">
            <link rel="alternate" type="application/rss+xml" title="News" href="news.xml">
            <link rel="stylesheet" href="site.css">
            <link rel="Alternate Home" type="application/atom+xml; charset=utf-8" title="Blog" href="blog.atom">
            <link rel="alternate" type="application/feed+json" href="/file/site/feeds/log.json">
            <link rel="alternate" type="text/html" href="other.html">
            <link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/1">
            <link rel="alternate" type="application/rss+xml" title="News again" href="news.xml">
            </head><body><template><link rel="alternate" type="application/rss+xml" href="hidden.xml"></template>
            <p>Welcome</p></body></html>
            """)
        _ = scratch.write(
            "site/none.html", "<!doctype html><html><head><title>Plain</title></head><body>x</body></html>")
        _ = scratch.write(
            "site/loop.html",
            #"<!doctype html><link rel="alternate" type="application/rss+xml" href="/file/site/none.html">"#)
        for (from, to) in [("news.xml", "news.xml"), ("blog.atom", "blog.atom"), ("log.json", "log.json")] {
            _ = scratch.write("site/feeds/\(to)", try String(contentsOfFile: "\(examples)/\(from)", encoding: .utf8))
        }
        return try TestServer.http(root: scratch.path)
    }

    @Test func discoverListsTheAnnouncedFeeds() throws {
        let server = try site()
        let page = server.url("/file/site/index.html")
        let result = try tb(["feed", "--discover", page, "--json"], environment: scratch.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let feeds = server.url("/file/site/feeds/")
        #expect(
            result.lines == [
                #"{"type":"feed_link","source":"\#(page)","url":"\#(feeds)news.xml","title":"News","type":"application/rss+xml"}"#,
                #"{"type":"feed_link","source":"\#(page)","url":"\#(feeds)blog.atom","title":"Blog","type":"application/atom+xml"}"#,
                #"{"type":"feed_link","source":"\#(page)","url":"\#(feeds)log.json","title":null,"type":"application/feed+json"}"#,
            ], "\(result.stdout)")
        // A feed given to --discover announces itself; a page with none is an error.
        let feed = try tb(
            ["feed", "--discover", server.url("/file/site/feeds/news.xml"), "--fields", "url", "--format", "tsv"],
            environment: scratch.environment)
        #expect(feed.stdout == server.url("/file/site/feeds/news.xml") + "\n")
        let none = try tb(["feed", "--discover", server.url("/file/site/none.html")], environment: scratch.environment)
        #expect(none.status == 2)
        #expect(none.stderr == "tb feed: '\(server.url("/file/site/none.html"))': no feed linked from this page\n")
    }

    @Test func aPageIsReadThroughTheFeedsItAnnounces() throws {
        let server = try site()
        let page = server.url("/file/site/index.html")
        let result = try tb(
            ["feed", page, "--fields", "feed,title", "--format", "tsv"], environment: scratch.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let feeds = server.url("/file/site/feeds/")
        #expect(
            result.stderr
                == ["news.xml", "blog.atom", "log.json"].map { "tb feed: '\(page)' links to the feed \(feeds)\($0)\n" }
                .joined())
        let direct = try tb(
            [
                "feed", feeds + "news.xml", feeds + "blog.atom", feeds + "log.json", "--fields", "feed,title",
                "--format", "tsv",
            ],
            environment: scratch.environment)
        #expect(Set(result.lines) == Set(direct.lines))
        #expect(result.lines.count == direct.lines.count && result.lines.count > 5)
        // A feed named too is read once; a page found through a page is not searched for more.
        let twice = try tb(
            ["feed", page, feeds + "news.xml", "--fields", "title", "--format", "tsv"],
            environment: scratch.environment)
        #expect(twice.lines.count == direct.lines.count)
        let loop = try tb(["feed", server.url("/file/site/loop.html")], environment: scratch.environment)
        #expect(loop.status == 2)
        #expect(loop.stderr.contains("is not a feed (HTML)"), "\(loop.stderr)")
    }

    /// With --new, a page stores nothing (a 304 would hide its feeds): the second run prints nothing new, reading
    /// the feeds again through the page.
    @Test func newThroughAPage() throws {
        let server = try site()
        let page = server.url("/file/site/index.html")
        let first = try tb(
            ["feed", "--new", page, "--fields", "title", "--format", "tsv"], environment: scratch.environment)
        #expect(first.status == 0 && first.lines.count > 5, "\(first.stderr)")
        let second = try tb(
            ["feed", "--new", page, "--fields", "title", "--format", "tsv"], environment: scratch.environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.lines.isEmpty, "\(second.stdout)")
        #expect(second.stderr.contains("links to the feed"))
    }

    /// Over nginx, which sends validators: the page is not remembered (its 304 would hide the feeds next time), the
    /// feed is, and the second run's feed is a 304.
    @Test func newRemembersTheFeedsNotThePage() throws {
        let examples = Package.root + "/examples"
        _ = scratch.write(
            "served/index.html",
            #"<!doctype html><title>x</title><link rel="alternate" type="application/rss+xml" href="news.xml">"#)
        _ = scratch.write("served/news.xml", try String(contentsOfFile: examples + "/news.xml", encoding: .utf8))
        let nginx = try TestServer.nginx(root: scratch.file("served"), scratch: scratch)
        for _ in 0..<2 {
            let run = try tb(["feed", "--new", nginx.url("/index.html")], environment: scratch.environment)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let status = try tb(
            ["feed", "--status", "--fields", "url,http_status", "--format", "tsv"], environment: scratch.environment)
        #expect(status.stdout == "\(nginx.url("/news.xml"))\t304\n")
    }

    /// A local page: its relative links resolve against its file:// URL.
    @Test func localPage() throws {
        _ = try site()
        let page = scratch.file("site/index.html")
        let result = try tb(
            ["feed", "--discover", page, "--fields", "url", "--format", "tsv"], environment: scratch.environment)
        #expect(result.lines.first == "file://" + scratch.file("site/feeds/news.xml"), "\(result.stdout)")
        // A feed file announces itself, with no type to give.
        let feed = scratch.file("site/feeds/news.xml")
        let itself = try tb(["feed", "--discover", feed, "--json"], environment: scratch.environment)
        #expect(
            itself.lines == [#"{"type":"feed_link","source":"\#(feed)","url":"\#(feed)","title":null,"type":null}"#])
    }
}
