// What feedparser (Debian's python3-feedparser) reads in a feed, for tests that compare tb feed with its peer on
// inputs they make: the feed's title and each item's title.
import Foundation

/// Whether Debian's feedparser is installed (the helpers run it with /usr/bin/python3, the Debian Python it is for).
public let hasFeedparser = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/feedparser")

/// feedparser's reading of the feed at `path`: its title (nil when it has none) and its items' titles.
public func feedparserTitles(_ path: String) throws -> (feed: String?, items: [String]) {
    let script = """
        import feedparser, json, sys
        parsed = feedparser.parse(sys.argv[1])
        print(json.dumps([parsed.feed.get("title")] + [entry.get("title", "") for entry in parsed.entries]))
        """
    let result = try runProgram(
        "/usr/bin/python3", ["-c", script, path], environment: ProcessInfo.processInfo.environment)
    guard result.status == 0, let data = result.stdout.data(using: .utf8),
        let titles = try JSONSerialization.jsonObject(with: data) as? [Any]
    else { throw FeedparserFailed(message: result.stderr) }
    return (titles.first as? String, titles.dropFirst().map { $0 as? String ?? "" })
}

/// feedparser did not run.
public struct FeedparserFailed: Error {
    public let message: String
}
