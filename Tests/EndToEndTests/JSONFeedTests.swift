// tb feed on JSON Feed 1.0 and 1.1: every field compared with a reading made independently of tb (Python's json and
// the spec's mapping: no feedparser release reads JSON Feed, Debian's 6.0.10 and PyPI's 6.0.14 alike), items before
// the version, a feed of over 100 MB in flat memory, broken JSON at several offsets, and --new, --limit and --meta.
import Foundation
import TestSupport
import Testing

struct JSONFeedTests {
    let scratch = Scratch()
    let folder = Fixtures.folder("feeds/json")

    func feed(_ argv: [String]) throws -> Finished {
        try tb(["feed", "--json"] + argv, environment: scratch.environment)
    }

    /// The items of a JSON Feed as the spec maps them, read by Python's json: the fields tb prints, with dates in
    /// UTC and URLs resolved against the home page, else the feed's URL.
    func reference(_ path: String) throws -> [[String: Any]] {
        let script = #"""
            import datetime, json, sys, urllib.parse
            feed = json.load(open(sys.argv[1]))
            base = feed.get("home_page_url") or feed.get("feed_url") or ""
            def url(value):
                return urllib.parse.urljoin(base, value) if value else None
            def date(value):
                if not value:
                    return None
                moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
                return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            def person(value):
                for one in (value if isinstance(value, list) else [value] if value else []):
                    if one.get("name") or one.get("url"):
                        return one.get("name") or one.get("url")
                return None
            items = []
            for item in feed["items"]:
                link = url(item.get("url") or item.get("external_url"))
                items.append({
                    "id": str(item["id"]) if "id" in item else link,
                    "title": item.get("title"),
                    "link": link,
                    "published": date(item.get("date_published")),
                    "updated": date(item.get("date_modified")),
                    "author": person(item.get("authors") or item.get("author"))
                        or person(feed.get("authors") or feed.get("author")),
                    "summary": item.get("summary"),
                    "content": item.get("content_html") or item.get("content_text"),
                    "categories": item.get("tags", []),
                    "enclosures": [{"url": url(a["url"]), "type": a.get("mime_type"), "length": a.get("size_in_bytes")}
                                   for a in item.get("attachments", [])],
                    "feed_title": feed.get("title"),
                })
            print(json.dumps(items))
            """#
        let result = try runProgram("/usr/bin/python3", ["-c", script, path], environment: [:])
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(parsed as? [[String: Any]], "\(result.stderr)")
    }

    func records(_ result: Finished) throws -> [[String: Any]] {
        try result.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test(arguments: ["jsonfeed-1.1.json", "jsonfeed-1.0.json", "items-first.json"])
    func everyFieldAsTheSpecMapsIt(_ name: String) throws {
        let path = folder + "/" + name
        let result = try feed([path])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try records(result)
        let expected = try reference(path)
        #expect(items.count == expected.count)
        for (item, want) in zip(items, expected) {
            for (key, value) in want {
                #expect(try canonical(item[key]) == canonical(value), "\(name) \(key)")
            }
        }
    }

    /// A JSON value as sorted JSON text, null for none: nested objects compare whatever their key order.
    func canonical(_ value: Any?) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: ["v": value ?? NSNull()], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func metaLimitAndNew() throws {
        let path = folder + "/jsonfeed-1.1.json"
        let meta = try feed(["--meta", "--limit", "1", path])
        let records = try records(meta)
        #expect(records.count == 2)
        #expect(records.first?["type"] as? String == "feed")
        #expect(records.first?["title"] as? String == "Harbour Notes")
        #expect(records.first?["link"] as? String == "https://harbour.example/")
        #expect(records.first?["description"] as? String == "What happens on the pier")
        #expect(records.first?["language"] as? String == "en-GB")
        let first = try feed(["--new", path])
        #expect(first.lines.count == 3)
        let second = try feed(["--new", path])
        #expect(second.status == 0 && second.lines.isEmpty, "\(second.stdout)")
    }

    /// Over HTTP with --new: the second run sends the validators and nginx answers 304, as for XML feeds.
    @Test func conditionalRequests() throws {
        let nginx = try TestServer.nginx(root: folder, scratch: scratch)
        let url = nginx.url("/jsonfeed-1.0.json")
        let first = try feed(["--new", url])
        #expect(first.status == 0 && first.lines.count == 2, "\(first.stderr)")
        let second = try feed(["--new", url])
        #expect(second.status == 0 && second.lines.isEmpty, "\(second.stdout)")
        let status = try tb(
            ["feed", "--status", "--fields", "url,http_status", "--format", "tsv"],
            environment: scratch.environment)
        #expect(status.stdout == "\(url)\t304\n")
    }

    @Test func objectsThatAreNotJSONFeeds() throws {
        let other = scratch.write("other.json", #"{"items": [{"id": 1}], "version": "2.0"}"#)
        let result = try feed([other])
        #expect(result.status == 2)
        #expect(result.stderr == "tb feed: '\(other)' is not a feed (JSON)\n")
        let array = scratch.write("array.json", "[1, 2]")
        #expect(try feed([array]).stderr == "tb feed: '\(array)' is not a feed (JSON)\n")
        // Items held before the version: at most --max-field-size of them.
        let held = scratch.write(
            "held.json",
            #"{"items": ["#
                + (0..<100).map { #"{"id": "\#($0)", "title": "padding padding padding"}"# }
                .joined(separator: ",") + #"], "version": "https://jsonfeed.org/version/1"}"#)
        let bounded = try feed(["--max-field-size", "1000", held])
        #expect(bounded.status == 2)
        #expect(bounded.stderr.contains("more than --max-field-size of items before its version"), "\(bounded.stderr)")
        #expect(try feed([held]).lines.count == 100)
    }

    /// Cut or damaged at several places: the items that ended before it, then one line with the place, exit 2.
    @Test(arguments: [0.1, 0.35, 0.5, 0.8, 0.99])
    func brokenJSONKeepsTheItemsBeforeIt(_ fraction: Double) throws {
        let whole = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/jsonfeed-1.1.json")))
        let cut = Int(Double(whole.count) * fraction)
        let path = scratch.write(bytes: "cut.json", Array(whole[..<cut]))
        let result = try feed([path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tb feed: '\(path)' is not valid JSON: "), "\(result.stderr)")
        #expect(result.stderr.contains(" at line "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        // The items whose closing brace came before the cut (the reference reads the same prefix by hand).
        let text = String(decoding: whole[..<cut], as: UTF8.self)
        let ended = text.components(separatedBy: "\n    }").count - 1
        #expect(result.lines.count == ended, "\(result.stdout)")
        // A quotation mark instead of a cut (a string ends early, or one begins where none may): the same.
        var damaged = whole
        if cut < damaged.count {
            damaged[cut] = damaged[cut] == UInt8(ascii: "\"") ? UInt8(ascii: "}") : UInt8(ascii: "\"")
        }
        let broken = scratch.write(bytes: "broken.json", damaged)
        let wrong = try feed([broken])
        #expect(wrong.status == 2, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("is not valid JSON: "), "\(wrong.stderr)")
    }

    /// A feed of 120 MB: every item, in the memory a small one takes.
    @Test func hugeFeedInFlatMemory() throws {
        let path = scratch.file("huge.json")
        let script = #"""
            import json, sys
            with open(sys.argv[1], "w") as out:
                out.write('{"version": "https://jsonfeed.org/version/1.1", "title": "Huge", "items": [')
                for i in range(200000):
                    out.write((',' if i else '') + json.dumps({"id": str(i), "url": "https://huge.example/%d" % i,
                        "title": "Item %d" % i, "content_html": "<p>" + "word " * 100 + "</p>",
                        "date_published": "2026-11-01T00:00:00Z", "tags": ["a", "b"]}))
                out.write(']}')
            """#
        #expect(try runProgram("/usr/bin/python3", ["-c", script, path], environment: [:]).status == 0)
        let run = try measuredTB(
            ["feed", path, "--fields", "id", "--format", "tsv"], environment: scratch.environment,
            output: scratch.file("out"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try String(contentsOfFile: scratch.file("out"), encoding: .utf8).split(separator: "\n").count == 200_000)
        #expect(run.kib < 40 << 10, "\(run.kib) KiB")
    }
}
