// tb html as a process against a real server on 127.0.0.1: relative URLs resolve against the URL fetched after
// redirects, the HTTP charset wins over the page's <meta>, gzip and stdin work, several pages come in one call, a
// --stream run prints as the page arrives and stops at --limit, and the history records the visits.
import Foundation
import TestSupport
import Testing

struct HTMLTests {
    let scratch = Scratch()
    let pages = Fixtures.folder("html")

    func html(_ argv: [String], input: String? = nil) throws -> Finished {
        try tb(["html"] + argv, environment: scratch.environment, input: input)
    }

    @Test func urlsResolveAgainstTheFetchedURLAfterRedirects() throws {
        let server = try TestServer.http(root: pages)
        let result = try html(["-a", "href", "--fields", "value", "nav a", server.url("/redirect/file/page.html")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.lines == [
                #"{"type":"node","value":"\#(server.url("/"))"}"#,
                #"{"type":"node","value":"\#(server.url("/file/about.html?x=1&y=2"))"}"#,
            ])
    }

    @Test func theHTTPCharsetWinsOverTheMeta() throws {
        let latin = scratch.write(
            bytes: "latin.html", Array("<meta charset=utf-8><p>caf".utf8) + [0xE9] + Array("</p>".utf8))
        let server = try TestServer.http(root: scratch.path)
        let result = try html(["--fields", "text", "p", server.url("/charset/iso-8859-1/latin.html")])
        #expect(result.lines == [#"{"type":"node","text":"café"}"#], "\(result.stderr)")
        let fromFile = try html(["--fields", "text", "p", latin])
        #expect(fromFile.lines == [#"{"type":"node","text":"caf\#u{FFFD}"}"#])
    }

    @Test func gzipStandardInputAndManyPages() throws {
        let server = try TestServer.http(root: pages)
        let packed = scratch.file("page.html.gz")
        _ = try bash("gzip -c '\(pages)/page.html' > '\(packed)'", environment: scratch.environment)
        let page = try String(contentsOfFile: pages + "/page.html", encoding: .utf8)
        let result = try html(
            ["--fields", "source,text", "h2", server.url("/gzip/page.html"), packed, "-"], input: page)
        #expect(result.status == 0, "\(result.stderr)")
        let texts = result.lines.map { $0.contains("Ferry") ? "ferry" : "cafe" }
        #expect(texts == ["ferry", "cafe", "ferry", "cafe", "ferry", "cafe"])
        // Without SOURCE, stdin.
        let piped = try html(["--fields", "text", "--first", "h2"], input: page)
        #expect(piped.lines == [#"{"type":"node","text":"Ferry timetable"}"#])
    }

    /// The ways a page streams: by default on tb's parser, --stream on it, and --stream on libxml2's.
    static let streams = [[], ["--stream"], ["--parser", "libxml2", "--stream"]]

    @Test(arguments: streams) func aStreamPrintsWhileThePageArrivesAndStopsAtTheLimit(flags: [String]) throws {
        // An endless page: the first links must come out, and --limit must end the run.
        let server = try TestServer.http(root: pages)
        let (lines, seconds) = try firstLines(
            2, ofTB: ["html"] + flags + ["--fields", "tag", "p", server.url("/infinite-html")],
            environment: scratch.environment)
        #expect(lines == [#"{"type":"node","tag":"p"}"#, #"{"type":"node","tag":"p"}"#])
        #expect(seconds < 20)
        let limited = try html(flags + ["--limit", "3", "--fields", "tag", "p", server.url("/infinite-html")])
        #expect(limited.status == 0, "\(limited.stderr)")
        #expect(limited.lines.count == 3)
    }

    /// With --extract too: the sub-selectors are decided inside each match as it is handed over.
    @Test func aStreamWithFieldsPrintsWhileThePageArrives() throws {
        let server = try TestServer.http(root: pages)
        let (lines, seconds) = try firstLines(
            2, ofTB: ["html", "--stream", "-e", "bold=b", "--fields", "fields", "p", server.url("/infinite-html")],
            environment: scratch.environment)
        #expect(lines == [#"{"type":"node","fields":{"bold":null}}"#, #"{"type":"node","fields":{"bold":null}}"#])
        #expect(seconds < 20)
    }

    /// A page that stalls: the paragraphs before the stall reach the pipe at once, without waiting for the 64 KB a
    /// stream may hold to tell UTF-8 from windows-1252. (libxml2 reads 4,000 bytes ahead, so the last few KB before a
    /// stall wait for more; the page sends more than that after its paragraphs.)
    @Test(arguments: streams) func aStreamDoesNotWaitForItsEncodingWhenThePagePauses(flags: [String]) throws {
        let server = try TestServer.http(root: pages)
        let (lines, seconds) = try firstLines(
            2, ofTB: ["html"] + flags + ["--fields", "text", "p", server.url("/htmldrip/3/20")],
            environment: scratch.environment)
        #expect(lines == [#"{"type":"node","text":"paragraph 0"}"#, #"{"type":"node","text":"paragraph 1"}"#])
        #expect(seconds < 10, "the records waited for the stall to end")
    }

    @Test func visitsAreRecorded() throws {
        let server = try TestServer.http(root: pages)
        _ = try html(["a", server.url("/file/page.html")])
        let history = try tb(["history", "--fields", "command,target,records"], environment: scratch.environment)
        #expect(
            history.lines.last
                == #"{"type":"visit","command":"html","target":"\#(server.url("/file/page.html"))","records":5}"#,
            "\(history.lines)")
    }
}
