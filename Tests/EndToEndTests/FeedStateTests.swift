// tb feed --new, --status and --from as processes against real servers on 127.0.0.1: items printed once across
// runs, conditional requests proven by nginx's access log, Retry-After honoured without a request, concurrent runs
// and a run killed halfway losing nothing, and the cron line under env -i.
import Foundation
import TestSupport
import Testing

struct FeedStateTests {
    let scratch = Scratch()
    let feeds = Fixtures.folder("feeds")

    func feed(_ argv: [String], input: String? = nil) throws -> Finished {
        try tb(["feed"] + argv, environment: scratch.environment, input: input)
    }

    /// An RSS feed with an item per GUID, titled like it.
    func rss(_ guids: [String], padding: Int = 0) -> String {
        let items = guids.map { "<item><title>\($0)</title><guid>\($0)</guid></item>" }.joined(separator: "\n")
        return """
            <?xml version="1.0"?>
            <rss version="2.0"><channel><title>News</title><!-- \(String(repeating: "x", count: padding)) -->
            \(items)
            </channel></rss>

            """
    }

    func titles(_ result: Finished) -> [String] {
        result.lines.map { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["title"] as? String ?? line
        }
    }

    func status(_ url: String) throws -> [String: Any] {
        let result = try feed(["--status", "--json"])
        for line in result.lines {
            if let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["url"] as? String == url
            {
                return object
            }
        }
        return [:]
    }

    /// The statuses nginx logged for `path`, in order.
    func logged(_ server: TestServer, _ path: String) -> [String] {
        let log = (try? String(contentsOfFile: server.accessLog ?? "", encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            .filter { $0.count >= 4 && $0[3] == path }.map { $0[2] }
    }

    /// Items are printed once; a new item comes alone; an item whose GUID changed is new; the second run is a
    /// conditional request that nginx answers with 304 and no body; --no-cache sends no validators.
    @Test func newItemsOnceWithConditionalRequests() throws {
        let site = scratch.file("site")
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try rss(["a", "b", "c"]).write(toFile: site + "/feed.xml", atomically: true, encoding: .utf8)
        let server = try TestServer.nginx(root: site, scratch: scratch)
        let url = server.url("/feed.xml")

        let first = try feed(["--new", "--json", url])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(titles(first) == ["a", "b", "c"])
        let second = try feed(["--new", "--json", url])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.isEmpty)
        #expect(logged(server, "/feed.xml") == ["200", "304"])
        let afterNotModified = try status(url)
        #expect(afterNotModified["http_status"] as? Int == 304)
        #expect(afterNotModified["etag"] as? Bool == true)
        #expect(afterNotModified["last_modified"] as? Bool == true)
        #expect(afterNotModified["items_seen"] as? Int == 3)

        // A new item (and a size of its own, so that nginx's ETag changes within the second).
        try rss(["d", "a", "b", "c"], padding: 1).write(toFile: site + "/feed.xml", atomically: true, encoding: .utf8)
        let third = try feed(["--new", "--json", url])
        #expect(titles(third) == ["d"], "\(third.stderr)")
        // The GUID of b changed: to a reader it is another item.
        try rss(["d", "a", "b2", "c"], padding: 2).write(toFile: site + "/feed.xml", atomically: true, encoding: .utf8)
        #expect(titles(try feed(["--new", "--json", url])) == ["b2"])
        // --no-cache fetches the feed whole, and still prints nothing new.
        let whole = try feed(["--new", "--no-cache", "--json", url])
        #expect(whole.status == 0 && whole.stdout.isEmpty, "\(whole.stderr)")
        #expect(logged(server, "/feed.xml") == ["200", "304", "200", "200", "200"])
        #expect(try feed(["--new", url]).stdout.isEmpty)
        #expect(logged(server, "/feed.xml").last == "304")
    }

    /// A new ETag that comes with a 304 is the one sent next time: a server that changes it on every answer
    /// still answers 304.
    @Test func theETagOfA304IsKept() throws {
        let server = try TestServer.http(root: feeds)
        let url = server.url("/etag/k/rss20.xml")
        let first = try feed(["--new", "--json", url])
        #expect(first.status == 0 && !first.stdout.isEmpty, "\(first.stderr)")
        for _ in 0..<2 {
            let again = try feed(["--new", "--json", url])
            #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stderr)")
            #expect(try status(url)["http_status"] as? Int == 304)
        }
    }

    /// A 429 with Retry-After: the run fails; until then the feed is skipped without a request and with status 0.
    @Test func retryAfterIsHonouredWithoutARequest() throws {
        let server = try TestServer.http(root: feeds)
        let url = server.url("/busy/r/1/3600/rss20.xml")
        let refused = try feed(["--new", url])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("HTTP 429"), "\(refused.stderr)")
        let stored = try status(url)
        #expect(stored["http_status"] as? Int == 429)
        #expect(stored["next_fetch"] is String)
        let skipped = try feed(["--new", url])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stderr.contains("skipping '\(url)' until "), "\(skipped.stderr)")
        let count = try runProgram("/usr/bin/curl", ["-s", server.url("/count/r")], environment: [:])
        #expect(count.stdout == "1", "the skipped feed was requested")
    }

    /// Four runs at once on one state: it stays valid and keeps every key any of them printed.
    @Test func concurrentRunsKeepEveryKey() throws {
        let path = scratch.write("many.xml", rss((0..<100).map { "item\($0)" }))
        let script = """
            for i in 1 2 3 4; do "$TB" feed --new --limit 25 --json --fields title '\(path)' > out$i & done; wait
            for i in 1 2 3 4; do "$TB" feed --new --limit 25 --json --fields title '\(path)' > more$i & done; wait
            """
        var environment = scratch.environment
        environment["TB"] = Package.binary
        let run = try runProgram("/bin/bash", ["-c", script], environment: environment, directory: scratch.path)
        #expect(run.status == 0, "\(run.stderr)")
        var printed = Set<String>()
        for name in ["out1", "out2", "out3", "out4", "more1", "more2", "more3", "more4"] {
            for line in (scratch.read(name) ?? "").split(separator: "\n") { printed.insert(String(line)) }
        }
        let state = try status(path)
        #expect(state["items_seen"] as? Int == printed.count, "\(state)")
        #expect(printed.count >= 50)
        // What is left is what no run printed.
        let rest = try feed(["--new", "--json", "--fields", "title", path])
        #expect(Set(rest.lines).isDisjoint(with: printed))
        #expect(rest.lines.count + printed.count == 100)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/state/feeds")
        #expect(files.filter { $0.contains(".tmp.") }.isEmpty)
    }

    /// A run killed while the feed is still coming stores nothing: the rerun prints every item.
    @Test func aKilledRunLosesNothing() throws {
        let server = try TestServer.http(root: feeds)
        let url = server.url("/feeddrip/3/3")
        do {
            let (lines, _) = try firstLines(
                3, ofTB: ["feed", "--new", "--fields", "title", url], environment: scratch.environment)
            #expect(lines.count == 3)
        }  // killed with SIGKILL here, while the server holds the end of the feed
        let rerun = try feed(["--new", "--json", "--fields", "title", url])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(titles(rerun) == ["item 0", "item 1", "item 2"])
        #expect(try feed(["--new", url]).stdout.isEmpty)
    }

    /// --status lists every known feed, sorted by URL; it takes no SOURCE.
    @Test func statusListsTheFeeds() throws {
        let b = scratch.write("b.xml", rss(["x", "y"]))
        let a = scratch.write("a.xml", rss(["z"]))
        _ = try feed(["--new", b, a])
        let result = try feed(["--status", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let urls = result.lines.compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["url"] as? String
        }
        #expect(urls == [a, b])
        #expect(try status(b)["items_seen"] as? Int == 2)
        #expect(try feed(["--status", a]).status == 64)
        // A damaged state file is a warning, read as empty.
        let directory = scratch.path + "/state/feeds"
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".ndjson") {
            try "{not json\n".write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        let damaged = try feed(["--new", "--json", a])
        #expect(damaged.status == 0)
        #expect(damaged.stderr.contains("damaged"), "\(damaged.stderr)")
        #expect(titles(damaged) == ["z"])
    }

    /// --from reads a list (comments, blank lines, duplicates) and OPML with nested outlines, after the SOURCEs.
    @Test func fromListsAndOPML() throws {
        let server = try TestServer.http(root: feeds)
        let rss20 = server.url("/file/rss20.xml")
        let atom = server.url("/file/atom10.xml")
        let rss10 = server.url("/file/rss10.xml")
        let list = scratch.write(
            "feeds.txt", "# my feeds\n\n\(rss20)\n  \(atom)  # the Atom one\n\(rss20)\n")
        let opml = scratch.write(
            "feeds.opml",
            """
            <?xml version="1.0"?>
            <opml version="2.0"><head><title>subs</title></head><body>
              <outline text="tech"><outline text="deep"><outline type="rss" xmlUrl="\(rss10)"/></outline></outline>
              <outline type="rss" xmlUrl="\(atom)"/>
            </body></opml>
            """)
        let local = feeds + "/rss092.xml"
        let result = try feed(["--from", list, "--from", opml, "--json", "--fields", "source", "--jobs", "1", local])
        #expect(result.status == 0, "\(result.stderr)")
        var sources: [String] = []
        for line in result.lines {
            let source = (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["source"]
            if let source = source as? String, sources.last != source { sources.append(source) }
        }
        #expect(Set(sources) == [local, rss20, atom, rss10])
        #expect(sources.first == local)
        // With several sources the table shows where each item came from.
        let table = try feed(["--from", list, "--format", "table"])
        #expect(table.lines.first?.hasPrefix("FEED ") == true, "\(table.stdout)")
        #expect(try feed(["--from", scratch.file("missing.txt")]).status == 2)
        let notOPML = scratch.write("x.xml", "<html/>")
        #expect(try feed(["--from", notOPML]).stderr.contains("not OPML"))
    }

    /// One feed failing fails the run; the others are still read and remembered.
    @Test func oneFailingFeedFailsTheRun() throws {
        let server = try TestServer.http(root: feeds)
        let good = server.url("/file/rss20.xml")
        let result = try feed(["--new", "--json", server.url("/status/404"), good])
        #expect(result.status == 2)
        #expect(!result.stdout.isEmpty)
        #expect(try feed(["--new", good]).stdout.isEmpty)
    }

    /// The cron line: reach, then --new, with nothing but the state's location in the environment and no terminal.
    @Test func theCronLine() throws {
        let server = try TestServer.http(root: feeds)
        let url = server.url("/file/rss20.xml")
        let line = """
            env -i HOME='\(scratch.path)' TB_STATE_DIR='\(scratch.path)/cron-state' TB_CONFIG_DIR='\(scratch.path)/config' \
            setsid -w '\(Package.binary)' reach 127.0.0.1:\(server.port) >/dev/null && \
            env -i HOME='\(scratch.path)' TB_STATE_DIR='\(scratch.path)/cron-state' TB_CONFIG_DIR='\(scratch.path)/config' \
            setsid -w '\(Package.binary)' feed --new '\(url)' </dev/null
            """
        let first = try bash(line, environment: ["PATH": "/usr/bin:/bin"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.lines.count > 1)
        #expect(first.lines.allSatisfy { $0.hasPrefix(#"{"type":"item""#) })
        let second = try bash(line, environment: ["PATH": "/usr/bin:/bin"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.isEmpty)
    }

    /// A key missing from the feed for 5 whole fetches is forgotten (a 304 does not count); the item, should it
    /// come back, is new again.
    @Test func keysMissingLongAreForgotten() throws {
        let path = scratch.file("feed.xml")
        try rss(["a", "b"]).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(titles(try feed(["--new", "--json", path])) == ["a", "b"])
        try rss(["b"]).write(toFile: path, atomically: true, encoding: .utf8)
        for _ in 0..<4 { #expect(try feed(["--new", path]).stdout.isEmpty) }
        #expect(try status(path)["items_seen"] as? Int == 2)
        #expect(try feed(["--new", path]).stdout.isEmpty)
        #expect(try status(path)["items_seen"] as? Int == 1)
        try rss(["a", "b"]).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(titles(try feed(["--new", "--json", path])) == ["a"])
    }

    /// --limit with --new counts new items, and a feed it cut short is fetched whole next time.
    @Test func limitCountsNewItems() throws {
        let site = scratch.file("site")
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try rss(["a", "b", "c"]).write(toFile: site + "/feed.xml", atomically: true, encoding: .utf8)
        let server = try TestServer.nginx(root: site, scratch: scratch)
        let url = server.url("/feed.xml")
        #expect(titles(try feed(["--new", "--limit", "2", "--json", url])) == ["a", "b"])
        #expect(titles(try feed(["--new", "--limit", "2", "--json", url])) == ["c"])
        #expect(try feed(["--new", url]).stdout.isEmpty)
        #expect(logged(server, "/feed.xml") == ["200", "200", "304"])
    }

    /// A feed that breaks halfway: its items are remembered, its validators are not (the next run fetches it whole).
    /// With --strict: without, the rest is read leniently and the feed counts as read.
    @Test func aBrokenFeedKeepsItsItemsButNotItsValidators() throws {
        let site = scratch.file("site")
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let cut = rss(["a", "b"]).replacingOccurrences(of: "</channel></rss>", with: "<item><title>c</title><guid>c")
        try cut.write(toFile: site + "/feed.xml", atomically: true, encoding: .utf8)
        let server = try TestServer.nginx(root: site, scratch: scratch)
        let url = server.url("/feed.xml")
        let broken = try feed(["--new", "--strict", "--json", url])
        #expect(broken.status == 2)
        #expect(titles(broken) == ["a", "b"])
        let stored = try status(url)
        #expect(stored["etag"] as? Bool == false)
        #expect(stored["items_seen"] as? Int == 2)
        #expect((stored["last_error"] as? String)?.contains("well-formed") == true, "\(stored)")
        let again = try feed(["--new", "--strict", "--json", url])
        #expect(again.status == 2 && again.stdout.isEmpty)
        #expect(logged(server, "/feed.xml") == ["200", "200"])
    }

    /// GUIDs that share their first 2 KB (tracking links with a long common prefix and `?id=N` at the end) are five
    /// items, not one: keys are compared whole. They used to be cut at 1024 bytes, and four were never printed.
    @Test func longKeysAreComparedWhole() throws {
        let prefix = "https://t.example.org/click?u=" + String(repeating: "x", count: 2048)
        let path = scratch.file("feed.xml")
        try rss((1...5).map { "\(prefix)&id=\($0)" }).write(toFile: path, atomically: true, encoding: .utf8)
        let first = try feed(["--new", "--json", "--fields", "link", path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.lines.count == 5, "\(first.stdout)")
        #expect(try feed(["--new", path]).stdout.isEmpty)
        try rss((1...6).map { "\(prefix)&id=\($0)" }).write(toFile: path, atomically: true, encoding: .utf8)
        let sixth = try feed(["--new", "--json", "--fields", "link", path])
        #expect(sixth.lines == [#"{"type":"item","link":"\#(prefix)&id=6"}"#], "\(sixth.stdout)")
        // Every state line is short: a long key is its first 1 KB and a digest of the whole.
        let state = try stateFile()
        #expect(state.split(separator: "\n").allSatisfy { $0.utf8.count < 1200 }, "\(state)")
    }

    /// A state file written before keys were compared whole holds long keys cut at 1024 bytes: the items it
    /// recorded are still not printed again, and from that run on a new item with the same first 1 KB is printed.
    @Test func anOldStateWithCutKeysStillSuppressesItsItems() throws {
        let prefix = "urn:x:" + String(repeating: "é", count: 1200)
        let ids = (1...3).map { "\(prefix)-\($0)" }
        let path = scratch.file("feed.xml")
        try rss(["short"]).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try feed(["--new", path]).lines.count == 1)
        // What tb wrote before: the state line without key_format, and the GUIDs' first 1024 bytes (one key for
        // all three; é is two bytes, so the cut falls between two characters).
        let cut = String(decoding: Array(ids[0].utf8.prefix(1024)), as: UTF8.self)
        let header = try stateFile().split(separator: "\n")[0]
        var object = try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any] ?? [:]
        object["key_format"] = nil
        let lines = [
            String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self),
            #"{"type":"seen","key":"short","absent":0}"#,
            String(
                decoding: try JSONSerialization.data(withJSONObject: ["type": "seen", "key": cut, "absent": 0]),
                as: UTF8.self),
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: try stateFilePath(), atomically: true, encoding: .utf8)

        try rss(["short"] + ids).write(toFile: path, atomically: true, encoding: .utf8)
        let upgraded = try feed(["--new", "--json", path])
        #expect(upgraded.status == 0 && upgraded.stdout.isEmpty, "\(upgraded.stdout)\(upgraded.stderr)")
        #expect(try status(path)["items_seen"] as? Int == 4)
        try rss(["short"] + ids + ["\(prefix)-4"]).write(toFile: path, atomically: true, encoding: .utf8)
        let fourth = try feed(["--new", "--json", "--fields", "title", path])
        #expect(titles(fourth) == ["\(prefix)-4"], "\(fourth.stdout)")
        #expect(try feed(["--new", path]).stdout.isEmpty)
    }

    /// The validators each request to the Python server's /validators/KEY had, as it read them.
    func requests(_ server: TestServer, _ key: String) throws -> [[String: Any]] {
        let body = try runProgram("/usr/bin/curl", ["-s", server.url("/requests/\(key)")], environment: [:]).stdout
        return try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]] ?? []
    }

    /// Validators no one should store or send back: an ETag of 12,000 control bytes or of 70 KB (the state line grew
    /// past 64 KiB and was not written, so every run printed every item again), an ETag with a bare CR (sent back, it
    /// split If-None-Match into a second header), a Last-Modified with control bytes or of 9 KB. Each is dropped with
    /// one warning, the keys are stored, and the next request does not carry it.
    @Test(arguments: ["control", "long", "cr", "lm-control", "lm-long"])
    func hostileValidatorsAreDroppedAndTheKeysKept(_ kind: String) throws {
        let server = try TestServer.http(root: feeds)
        let url = server.url("/validators/\(kind)/\(kind)/rss20.xml")
        let first = try feed(["--new", "--json", url])
        #expect(first.status == 0 && first.lines.count == 3, "\(first.stderr)")
        let warnings = first.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(first.stderr)")
        let validator = kind.hasPrefix("lm-") ? "Last-Modified" : "ETag"
        #expect(
            warnings.first?.hasPrefix("tb feed: warning: '\(url)': ignoring the server's \(validator)") == true,
            "\(first.stderr)")
        let stored = try status(url)
        #expect(stored["items_seen"] as? Int == 3, "\(stored)")
        #expect(stored[kind.hasPrefix("lm-") ? "last_modified" : "etag"] as? Bool == false, "\(stored)")
        #expect(try stateFile().split(separator: "\n").allSatisfy { $0.utf8.count < 16 << 10 })

        let second = try feed(["--new", "--json", url])
        #expect(second.status == 0 && second.stdout.isEmpty, "\(second.stdout)")
        let asked = try requests(server, kind)
        #expect(asked.count == 2)
        let sent = asked.last ?? [:]
        #expect(sent["x_injected"] is NSNull, "\(sent)")
        if kind.hasPrefix("lm-") {
            #expect(sent["if_modified_since"] is NSNull, "\(sent)")
            #expect(sent["if_none_match"] as? String == #""good""#, "\(sent)")
        } else {
            #expect(sent["if_none_match"] is NSNull, "\(sent)")
            #expect(sent["if_modified_since"] as? String == "Tue, 01 Dec 2026 08:00:00 GMT", "\(sent)")
        }
    }

    /// An ETag without quotes (real servers send them) is kept and sent back as it came: the next run gets a 304.
    @Test func anUnquotedETagIsKept() throws {
        let server = try TestServer.http(root: feeds)
        let url = server.url("/validators/unquoted/unquoted/rss20.xml")
        let first = try feed(["--new", url])
        #expect(first.status == 0 && first.lines.count == 3 && first.stderr.isEmpty, "\(first.stderr)")
        let second = try feed(["--new", url])
        #expect(second.status == 0 && second.stdout.isEmpty && second.stderr.isEmpty, "\(second.stderr)")
        #expect(try requests(server, "unquoted").last?["if_none_match"] as? String == "abc123")
        #expect(try status(url)["http_status"] as? Int == 304)
    }

    /// A state file that holds such a validator already (written by an earlier tb, or by hand) does not send it.
    @Test func aStoredHostileValidatorIsNotSent() throws {
        let server = try TestServer.http(root: feeds)
        let url = server.url("/validators/stored/unquoted/rss20.xml")
        #expect(try feed(["--new", url]).lines.count == 3)
        let path = try stateFilePath()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: #""etag":"abc123""#, with: #""etag":"abc123\rX-Injected: yes""#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let again = try feed(["--new", url])
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stderr)")
        let sent = try requests(server, "stored").last ?? [:]
        #expect(sent["if_none_match"] is NSNull && sent["x_injected"] is NSNull, "\(sent)")
    }

    /// The path of the one feed state file.
    func stateFilePath() throws -> String {
        let directory = scratch.path + "/state/feeds"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".ndjson") }
        #expect(names.count == 1, "\(names)")
        return directory + "/" + (names.first ?? "")
    }

    /// The text of the one feed state file.
    func stateFile() throws -> String {
        try String(contentsOfFile: try stateFilePath(), encoding: .utf8)
    }

    /// A feed that gets no answer has that stored as its error; its keys stay.
    @Test func noResponseIsStored() throws {
        let port = try TestServer.freePort()
        let url = "http://127.0.0.1:\(port)/feed.xml"
        let refused = try feed(["--new", url])
        #expect(refused.status == 2)
        #expect(try status(url)["last_error"] as? String == "no response")
    }
}
