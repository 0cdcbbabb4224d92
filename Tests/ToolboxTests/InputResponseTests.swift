// The input layer's interface for commands that keep state between runs: Retry-After read in its three forms,
// servers told apart for --per-host, and the request and response callbacks of InputReader.read against a real
// server (what each source was answered, before its handler gets a byte; a 304 never makes a handler).
import Foundation
import TestSupport
import Testing

@testable import Toolbox

struct InputResponseTests {
    let scratch = Scratch()
    let now = Timestamp(seconds: 1_796_112_000)  // 2026-12-01T08:00:00Z

    @Test func retryAfterInSecondsAndDates() {
        #expect(RetryAfter.moment("120", now: now) == Timestamp(seconds: now.seconds + 120))
        #expect(RetryAfter.moment(" 0 ", now: now) == now)
        #expect(RetryAfter.moment("99999999999999999999", now: now).map { $0.seconds > now.seconds } == true)
        let moment = Timestamp(year: 1994, month: 11, day: 6, hour: 8, minute: 49, second: 37)
        #expect(RetryAfter.moment("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == moment)
        #expect(RetryAfter.moment("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == moment)
        #expect(RetryAfter.moment("Sun Nov  6 08:49:37 1994", now: now) == moment)
        #expect(RetryAfter.moment("Tue, 01 Dec 2026 10:00:00 GMT", now: now)?.rfc3339 == "2026-12-01T10:00:00Z")
        for garbage in [
            "", "soon", "-5", "1.5", "12s", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 PST",
            "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Nov 1994 8:49:37 GMT",
            "06 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
        ] {
            #expect(RetryAfter.moment(garbage, now: now) == nil, "\(garbage)")
        }
    }

    @Test func serversAreSchemeHostAndPort() {
        #expect(HostQueue<Int>.server(of: "http://Example.org/feed") == "http://example.org:80")
        #expect(HostQueue<Int>.server(of: "http://u:p@example.org:80/x?y") == "http://example.org:80")
        #expect(HostQueue<Int>.server(of: "https://example.org/") == "https://example.org:443")
        #expect(HostQueue<Int>.server(of: "http://[::1]:8080/") == "http://[::1]:8080")
        #expect(HostQueue<Int>.server(of: "http://[::1]/") == "http://[::1]:80")
        #expect(HostQueue<Int>.server(of: "file:///tmp/a") == "file:///tmp/a")
    }

    /// Two servers, two slots each: the line hands out a's two, then b's, then waits for a slot to free.
    @Test func theQueueTakesTurnsWithinEachServersShare() {
        var queue = HostQueue<Int>(perHost: 2)
        for n in 1...4 { queue.append(n, server: "a") }
        queue.append(5, server: "b")
        var started: [Int] = []
        while let next = queue.next() { started.append(next.element) }
        #expect(started == [1, 5, 2])
        queue.finished(server: "a")
        #expect(queue.next()?.element == 3)
        #expect(queue.next() == nil)
        #expect(queue.takeAll() == [4])
        #expect(queue.isEmpty)
    }

    /// Collects what the input layer gives it, in order, into a shared log.
    final class Recorder: InputHandler {
        let log: Log
        init(_ log: Log) { self.log = log }
        func start(_ info: SourceInfo) throws { log.events.append("start") }
        func receive(_ bytes: Span<UInt8>) throws -> Bool {
            log.bytes += bytes.count
            return true
        }
        func finish() throws { log.events.append("finish") }
        var recordCount: Int { 0 }
    }

    final class Log {
        var events: [String] = []
        var bytes = 0
    }

    func read(_ urls: [String], headers: [String] = []) throws -> (Log, TargetOutcomes, [String: SourceResponse]) {
        let log = Log()
        var responses: [String: SourceResponse] = [:]
        let context = Context(
            path: ["test"], output: Output(settings: OutputSettings(style: .ndjson), sink: .memory(MemoryBuffer())),
            environment: Environment(scratch.environment), registry: Registry(builtins: [], environment: [:]),
            diagnostics: Diagnostics(sink: .memory))
        let reader = InputReader(context: context, settings: InputSettings())
        let summary = try reader.read(
            urls.map { ArgumentWord($0) },
            request: { _ in headers },
            response: { source, response in
                log.events.append("response \(response.status)")
                responses[source.name] = response
            },
            makeHandler: { _ in Recorder(log) })
        return (log, summary, responses)
    }

    /// The final response after a redirect, with its validators, before the handler starts; then a 304 for the
    /// ETag the callback was told: reported, a success, and no handler.
    @Test(.startsServers) func responsesAndConditionalRequests() throws {
        let server = try TestServer.http(root: Fixtures.folder("feeds"))
        let url = server.url("/redirect/etag/r/rss20.xml")
        let (log, summary, responses) = try read([url])
        #expect(log.events == ["response 200", "start", "finish"])
        #expect(summary.succeeded == 1 && summary.failed == 0)
        let first = try #require(responses[url])
        #expect(first.etag == "\"r-0\"")
        #expect(first.lastModified == "Tue, 01 Dec 2026 08:00:00 GMT")
        #expect(first.effectiveURL == server.url("/etag/r/rss20.xml"))
        #expect(first.retryAfter == nil)
        let (again, againSummary, answers) = try read([url], headers: ["If-None-Match: \(first.etag ?? "")"])
        #expect(again.events == ["response 304"])
        #expect(again.bytes == 0)
        #expect(againSummary.succeeded == 1 && againSummary.failed == 0)
        #expect(answers[url]?.isNotModified == true)
        #expect(answers[url]?.etag == "\"r-1\"")
    }

    /// A 429 is reported with its Retry-After before it fails the source; a refused connection is not reported.
    @Test(.startsServers) func errorsAreReportedWhenAResponseCame() throws {
        let server = try TestServer.http(root: Fixtures.folder("feeds"))
        let busy = server.url("/retry-after/429/30")
        let refused = "http://127.0.0.1:\(try TestServer.freePort())/feed.xml"
        let before = Timestamp.now()
        let (log, summary, responses) = try read([busy, refused])
        #expect(summary.succeeded == 0 && summary.failed == 2)
        #expect(log.events == ["response 429"])
        let after = try #require(responses[busy]?.retryAfter)
        #expect(after.seconds >= before.seconds + 30 && after.seconds <= before.seconds + 32)
        #expect(responses[refused] == nil)
    }
}
