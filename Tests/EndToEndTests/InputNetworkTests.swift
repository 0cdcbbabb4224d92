// The input layer's manners toward servers, for tb feed from cron: 304 Not Modified is success without output (an
// error to a request without validators), Retry-After is reported and honoured by --retry, --jobs and --per-host
// bound the transfers and connections (nginx's access log shows them reused), a stalled server ends the source after
// --stall-timeout, and --limit ends a source as soon as its last record is printed.
import Foundation
import TestSupport
import Testing

struct InputNetworkTests {
    let scratch = Scratch()
    let feeds = Fixtures.folder("feeds")

    func run(_ argv: [String]) throws -> Finished {
        try tb(argv, environment: scratch.environment)
    }

    /// nginx's ETag for a file it serves: `"MTIME-SIZE"` in hexadecimal.
    func nginxETag(_ path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let mtime = Int((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        return "\"\(String(mtime, radix: 16))-\(String(size, radix: 16))\""
    }

    func accessLog(_ server: TestServer) -> [[String]] {
        let text = (try? String(contentsOfFile: server.accessLog ?? "", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    }

    /// A 304 (validators given by hand with -H) is success with nothing printed and no error, for every command
    /// (regex and html say 1, "nothing found", as for any empty source); the history says success with 0 records.
    /// It used to be an empty document: "no element found" for feeds.
    @Test func notModifiedIsSuccessWithoutOutput() throws {
        let nginx = try TestServer.nginx(root: feeds, scratch: scratch)
        let url = nginx.url("/rss20.xml")
        let etag = try nginxETag(feeds + "/rss20.xml")
        for command in [["feed"], ["regex", "item"], ["html", "p"], ["html", "--stream", "p"]] {
            let result = try run(command + ["-H", "If-None-Match: \(etag)", url])
            #expect(result.status == (command == ["feed"] ? 0 : 1), "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(command): \(result.stdout)\(result.stderr)")
        }
        #expect(accessLog(nginx).map { $0[2] } == ["304", "304", "304", "304"])
        // Another ETag: the whole feed.
        let changed = try run(["feed", "--fields", "title", "-H", "If-None-Match: \"other\"", url])
        #expect(changed.status == 0 && changed.lines.count == 3, "\(changed.stderr)")
        let history = try run(["history", "--json", "--fields", "target,records,exit_status", "--limit", "2"])
        #expect(history.stdout.contains(#""records":0"#), "\(history.stdout)")
    }

    /// A 304 to a request that named no validator is no answer at all: an error (2) for every command, with feed
    /// --new storing it as the feed's error. It was success with nothing printed for feed, "nothing found" (1) for
    /// regex and html. With a validator given by hand (-H), If-Modified-Since as well as If-None-Match, it is success.
    @Test func notModifiedWithoutValidatorsIsAnError() throws {
        let server = try TestServer.http(root: feeds)
        let url = server.url("/status/304")
        for command in [["feed"], ["feed", "--new"], ["regex", "item"], ["html", "p"], ["html", "--stream", "p"]] {
            let result = try run(command + [url])
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(
                result.stderr
                    == "tb \(command[0]): cannot fetch '\(url)': 304 Not Modified to a request without validators\n",
                "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(command): \(result.stdout)")
        }
        let status = try run(["feed", "--status", "--json", "--fields", "http_status,last_error"])
        #expect(
            status.lines == [
                #"{"type":"feed_state","http_status":304,"last_error":"304 Not Modified to a request without validators"}"#
            ], "\(status.stdout)")
        for header in ["If-None-Match: \"x\"", "if-modified-since: Tue, 01 Dec 2026 08:00:00 GMT"] {
            let conditional = try run(["feed", "-H", header, url])
            #expect(conditional.status == 0 && conditional.stderr.isEmpty, "\(header): \(conditional.stderr)")
        }
    }

    /// The Python server's ETags change on every response, 304 included: the second request names the first's.
    @Test func notModifiedFromAServerWhoseETagsChange() throws {
        let server = try TestServer.http(root: feeds)
        let url = server.url("/etag/a/rss20.xml")
        let first = try run(["feed", "--fields", "title", url])
        #expect(first.lines.count == 3)
        let second = try run(["feed", "-H", "If-None-Match: \"a-0\"", url])
        #expect(second.status == 0 && second.stdout.isEmpty && second.stderr.isEmpty, "\(second.stderr)")
        // "a-0" is stale now: the 304 came with "a-1".
        let stale = try run(["feed", "--fields", "title", "-H", "If-None-Match: \"a-0\"", url])
        #expect(stale.lines.count == 3, "\(stale.stderr)")
    }

    /// 429 and 503 fail the source; the Retry-After time is in the message, in either form; garbage is ignored.
    @Test func retryAfterIsReported() throws {
        let server = try TestServer.http(root: feeds)
        let date = server.url("/retry-after/503/Tue,%2001%20Dec%202026%2010:00:00%20GMT")
        let garbage = server.url("/retry-after/429/soon")
        let seconds = server.url("/retry-after/429/120")
        let result = try run(["feed", date, garbage, seconds])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stderr)")
        #expect(lines.contains("tb feed: cannot fetch '\(date)': HTTP 503, retry after 2026-12-01T10:00:00Z"))
        #expect(lines.contains("tb feed: cannot fetch '\(garbage)': HTTP 429"))
        let delta = lines.first { $0.hasPrefix("tb feed: cannot fetch '\(seconds)': HTTP 429, retry after ") }
        // About two minutes from now.
        let stamp = ISO8601DateFormatter().date(from: String(delta?.split(separator: " ").last ?? ""))
        let ahead = stamp.map { $0.timeIntervalSinceNow } ?? 0
        #expect(ahead > 110 && ahead < 125, "\(lines)")
    }

    /// With --retry, a short Retry-After is the delay before the next try; a long one means no retry.
    @Test func retryWaitsAsToldOrNotAtAll() throws {
        let server = try TestServer.http(root: feeds)
        let started = Date()
        let short = try run(["feed", "--retry", "3", "--fields", "title", server.url("/busy/short/1/1/rss20.xml")])
        let waited = Date().timeIntervalSince(started)
        #expect(short.status == 0 && short.lines.count == 3, "\(short.stderr)")
        #expect(waited > 0.9 && waited < 3, "\(waited) s")
        let again = Date()
        let long = server.url("/busy/long/5/3600/rss20.xml")
        let refused = try run(["feed", "--retry", "3", long])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix("tb feed: cannot fetch '\(long)': HTTP 429, retry after "), "\(refused.stderr)")
        #expect(Date().timeIntervalSince(again) < 2, "it waited for a retry it should not make")
    }

    /// Six feeds of one server over the default two connections at most, and one with --per-host 1.
    @Test func connectionsToOneServerAreBoundedAndReused() throws {
        let nginx = try TestServer.nginx(root: feeds, scratch: scratch)
        let urls = (1...6).map { nginx.url("/rss20.xml?n=\($0)") }
        let result = try run(["feed", "--fields", "title"] + urls)
        #expect(result.status == 0 && result.lines.count == 18, "\(result.stderr)")
        var log = accessLog(nginx)
        #expect(log.count == 6)
        #expect(Set(log.map { $0[0] }).count <= 2, "\(log)")
        let single = try run(["feed", "--per-host", "1", "--fields", "title"] + urls)
        #expect(single.status == 0 && single.lines.count == 18, "\(single.stderr)")
        log = Array(accessLog(nginx).dropFirst(6))
        #expect(Set(log.map { $0[0] }).count == 1, "\(log)")
        #expect(log.map { $0[1] } == ["1", "2", "3", "4", "5", "6"], "\(log)")
    }

    /// --jobs bounds the transfers at once, --per-host those to one server, and a source waiting for its turn does
    /// not use up its --timeout.
    @Test func jobsAndPerHostBoundTheTransfersAtOnce() throws {
        let server = try TestServer.http(root: feeds)
        let urls = (1...4).map { server.url("/slow/1/rss20.xml?n=\($0)") }
        func timed(_ options: [String]) throws -> (Finished, Double) {
            let started = Date()
            let result = try run(["feed", "--fields", "title"] + options + urls)
            return (result, Date().timeIntervalSince(started))
        }
        let (all, allTime) = try timed(["--per-host", "4"])
        #expect(all.status == 0 && all.lines.count == 12, "\(all.stderr)")
        #expect(allTime < 1.9, "\(allTime) s")
        let (paired, pairedTime) = try timed(["--jobs", "2", "--per-host", "4"])
        #expect(paired.status == 0 && pairedTime >= 1.9 && pairedTime < 3.5, "\(pairedTime) s")
        let (perHost, perHostTime) = try timed([])
        #expect(perHost.status == 0 && perHostTime >= 1.9 && perHostTime < 3.5, "\(perHostTime) s")
        // One at a time, each within 1.5 s of its own start; four in a row take 4 s.
        let (queued, queuedTime) = try timed(["--per-host", "1", "--timeout", "1.5s"])
        #expect(queued.status == 0 && queued.lines.count == 12, "\(queued.stderr)")
        #expect(queuedTime >= 3.9, "\(queuedTime) s")
    }

    /// A server that sends its headers and then nothing: --stall-timeout ends the source, exit 2, one line. The
    /// records of what arrived before a stall are printed first.
    @Test func aStalledServerEndsTheSource() throws {
        let server = try TestServer.http(root: feeds)
        let url = server.url("/stall/30")
        let started = Date()
        let result = try run(["feed", "--stall-timeout", "1s", url])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 2)
        #expect(result.stderr == "tb feed: cannot fetch '\(url)': no data for 1s\n")
        #expect(elapsed >= 0.9 && elapsed < 3, "\(elapsed) s")
        let drip = server.url("/feeddrip/2/30")
        let partial = try run(["feed", "--stall-timeout", "500ms", "--fields", "title", drip])
        #expect(partial.status == 2)
        #expect(partial.lines == [#"{"type":"item","title":"item 0"}"#, #"{"type":"item","title":"item 1"}"#])
        #expect(partial.stderr == "tb feed: cannot fetch '\(drip)': no data for 500ms\n")
        let bad = try run(["feed", "--stall-timeout", "soon", url])
        #expect(bad.status == 64)
    }

    /// --limit (and regex's --first) end the run as soon as the last record is printed, though the server holds
    /// the connection open: they used to wait for the next bytes.
    @Test func limitEndsTheSourceAtOnce() throws {
        let server = try TestServer.http(root: feeds)
        for (argv, expected) in [
            (["feed", "--limit", "1", "--fields", "title", server.url("/feeddrip/1/30")], 1),
            (["regex", "--first", "item 0", server.url("/drip/1/30")], 1),
            (["html", "--stream", "--limit", "1", "--fields", "tag", "p", server.url("/htmldrip/1/30")], 1),
        ] {
            let started = Date()
            let result = try run(argv)
            let elapsed = Date().timeIntervalSince(started)
            #expect(result.status == 0 && result.lines.count == expected, "\(argv[0]): \(result.stderr)")
            #expect(elapsed < 3, "\(argv[0]) took \(elapsed) s")
        }
    }
}
