import Foundation
import TestSupport
import Testing
import Toolbox

// The feed state of tb feed --new in memory: merging keys, forgetting the absent, the cap, item keys, file names,
// and a stored state read back (a damaged one read as empty).
@testable import FeedCommands

struct FeedStateModelTests {
    @Test func mergeForgetsAbsentKeysOnlyAfterWholeFetches() {
        var state = FeedState(url: "http://x/feed")
        state.merge(printed: ["a", "b"], present: ["a", "b"])
        // Fetches cut short (or 304s, which do not merge at all) do not count absences.
        for _ in 0..<10 { state.merge(printed: [], present: nil) }
        #expect(state.seen.map(\.key) == ["a", "b"])
        for _ in 0..<(FeedState.forgetAfter - 1) { state.merge(printed: [], present: ["b"]) }
        #expect(state.seen.map(\.absent) == [FeedState.forgetAfter - 1, 0])
        // Back in the feed: the count starts again.
        state.merge(printed: [], present: ["a", "b"])
        #expect(state.seen.map(\.absent) == [0, 0])
        for _ in 0..<FeedState.forgetAfter { state.merge(printed: [], present: ["b"]) }
        #expect(state.seen.map(\.key) == ["b"])
    }

    @Test func theOldestKeysGoPastTheCap() {
        var state = FeedState(url: "http://x/feed")
        state.merge(printed: (0..<FeedState.keyLimit).map { "k\($0)" }, present: nil)
        state.merge(printed: ["new1", "new2", "k5"], present: nil)
        #expect(state.seen.count == FeedState.keyLimit)
        #expect(state.seen.first?.key == "k2")
        #expect(state.seen.suffix(2).map(\.key) == ["new1", "new2"])
    }

    /// Keys longer than 1 KiB stay apart: their first 1024 bytes and the SHA-256 of the whole. A short key, and one of
    /// exactly 1024 bytes, is stored as it is.
    @Test func longKeysAreStoredWithADigestOfTheWhole() {
        // The 1024th byte cuts the é in two: the cut ends in U+FFFD, as an earlier tb's did.
        let prefix = String(repeating: "x", count: 1023) + "é"
        let a = FeedState.storedKey(prefix + "a")
        let b = FeedState.storedKey(prefix + "b")
        #expect(a != b)
        #expect(a.utf8.count == 1023 + 3 + 8 + 64)
        #expect(a.hasSuffix(" sha256:" + SHA256.hex(prefix + "a")))
        #expect(FeedState.storedKey("short") == "short")
        let exact = String(repeating: "y", count: FeedState.keyBytes)
        #expect(FeedState.storedKey(exact) == exact)
        #expect(FeedState.cutKey(ofStored: exact) == nil)
        let cut = String(decoding: Array((prefix + "a").utf8.prefix(FeedState.keyBytes)), as: UTF8.self)
        #expect(FeedState.cutKey(ofStored: a) == cut && FeedState.cutKey(ofStored: b) == cut)
    }

    /// A cut key from an earlier tb stands for every item sharing its first KiB, until their whole keys replace it;
    /// then a new item with the same first KiB is new. A whole fetch ends the reading of cut keys.
    @Test func cutKeysAreReplacedByTheWholeKeysOfTheirItems() {
        let long = String(repeating: "z", count: FeedState.keyBytes)
        let keys = (1...4).map { FeedState.storedKey(long + "\($0)") }
        var state = FeedState(url: "http://x/feed")
        state.merge(printed: ["old", long, "later"], present: nil)
        state.cutsKeys = true
        let first = FeedNewItems(known: Set(state.seen.map(\.key)), cutKeys: true)
        #expect(!first.admits(keys[0]) && !first.admits(keys[1]) && first.admits("new"))
        state.merge(printed: first.printed, present: nil, recognised: first.recognised)
        // Twice, as when a concurrent run replaced the same cut key: each key once.
        state.merge(printed: [], present: nil, recognised: first.recognised)
        #expect(state.seen.map(\.key) == ["old", keys[0], keys[1], "later", "new"])
        #expect(state.cutsKeys)
        let second = FeedNewItems(known: Set(state.seen.map(\.key)), cutKeys: state.cutsKeys)
        #expect(!second.admits(keys[1]) && second.admits(keys[2]))
        state.merge(printed: second.printed, present: Set(keys.prefix(3)))
        #expect(!state.cutsKeys)
        // Without cut keys to read, a stored key equal to another's first KiB hides nothing.
        state.merge(printed: [long], present: nil)
        #expect(FeedNewItems(known: Set(state.seen.map(\.key)), cutKeys: state.cutsKeys).admits(keys[3]))
    }

    @Test func linkKeysIgnoreTheSchemeAndATrailingSlash() {
        #expect(ItemRecord.linkKey("https://example.org/a/") == "//example.org/a")
        #expect(ItemRecord.linkKey("http://example.org/a") == "//example.org/a")
        #expect(ItemRecord.linkKey("/relative/") == "/relative")
        #expect(ItemRecord.linkKey("urn:x:y") == "urn:x:y")
    }

    @Test func fileNamesShowTheHost() {
        let name = FeedStateStore.fileName(for: "https://user:pw@Example.ORG:8443/feed?x=1")
        #expect(name.hasPrefix("example.org-") && name.hasSuffix(".ndjson") && name.count == 12 + 16 + 7)
        #expect(FeedStateStore.fileName(for: "/home/me/feed.xml").hasPrefix("file-"))
        #expect(FeedStateStore.fileName(for: "http://[::1]:80/").hasPrefix("host-"))
        #expect(FeedStateStore.fileName(for: "http://a/1") != FeedStateStore.fileName(for: "http://a/2"))
    }

    @Test func aStoredStateReadsBackAndADamagedOneIsEmpty() throws {
        let scratch = Scratch()
        let environment = Environment(["TB_STATE_DIR": scratch.path])
        var warnings: [String] = []
        let store = try FeedStateStore(paths: StorePaths(environment: environment)) { warnings.append($0) }
        try store.update("http://x/feed") { state in
            state.etag = "W/\"1\""
            state.lastModified = "Tue, 01 Dec 2026 08:00:00 GMT"
            state.httpStatus = 200
            state.merge(printed: ["a", "line\nbreak"], present: nil)
        }
        let read = try store.load("http://x/feed")
        #expect(read.etag == "W/\"1\"" && read.httpStatus == 200 && read.seen.map(\.key) == ["a", "line\nbreak"])
        let path = store.file(for: "http://x/feed").path
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try "garbage\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try store.load("http://x/feed").seen.isEmpty)
        #expect(warnings.contains { $0.contains(path) }, "\(warnings)")
    }
}

extension FeedStateModelTests {
    @Test func retryAfterCountsForA429OrA503AndAWeekAtMost() {
        let now = Timestamp(seconds: 1_800_000_000)
        var state = FeedState(url: "http://x/feed")
        state.record(SourceResponse(status: 429, retryAfter: Timestamp(seconds: now.seconds + 60)), at: now, error: "")
        #expect(state.nextFetch == Timestamp(seconds: now.seconds + 60))
        state.record(
            SourceResponse(status: 503, retryAfter: Timestamp(seconds: now.seconds + 10_000_000)), at: now, error: "")
        #expect(state.nextFetch == Timestamp(seconds: now.seconds + FeedState.longestWait))
        state.record(SourceResponse(status: 200, retryAfter: Timestamp(seconds: now.seconds + 60)), at: now, error: nil)
        #expect(state.nextFetch == nil)
        #expect(state.mayFetch(at: now))
    }
}
