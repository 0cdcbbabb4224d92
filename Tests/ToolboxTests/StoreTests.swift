// Bookmarks and history on disk: resolving @NAME, damaged lines, permissions, compaction, redaction.
import Foundation
import TestSupport
import Testing

@testable import Toolbox

struct StoreTests {
    let scratch = Scratch()
    var paths: StorePaths { StorePaths(environment: Environment(scratch.environment)) }

    @Test func pathsFollowXDGAndOverrides() {
        let xdg = StorePaths(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg", "XDG_STATE_HOME": "rel"])
        #expect(xdg.config == "/cfg/tb")
        #expect(xdg.state == "/home/u/.local/state/tb")
        #expect(xdg.cache == "/home/u/.cache/tb")
        let overridden = StorePaths(environment: ["TB_CONFIG_DIR": "x/../y/./c"])
        #expect(overridden.config == FileManager.default.currentDirectoryPath + "/y/c")
        #expect(overridden.state == nil)
        #expect(throws: ToolError("cannot find the state directory: set HOME or TB_STATE_DIR")) {
            try overridden.stateDirectory()
        }
    }

    @Test func bookmarksAddListReplaceRemoveAndResolve() throws {
        let store = BookmarkStore(paths: paths) { Issue.record("warning: \($0)") }
        try store.add(Bookmark(name: "svn", url: "https://svn.example.org/repo/"), replacing: false)
        try store.add(Bookmark(name: "news", url: "https://example.org/feed.xml", note: "n"), replacing: false)
        #expect(throws: ToolError("bookmark 'svn' exists (use --force to replace it)")) {
            try store.add(Bookmark(name: "svn", url: "x"), replacing: false)
        }
        try store.add(Bookmark(name: "svn", url: "https://svn.example.org/repo"), replacing: true)
        #expect(try store.list().map(\.name) == ["svn", "news"])
        #expect(try store.resolve("@svn/trunk/README") == "https://svn.example.org/repo/trunk/README")
        #expect(try store.resolve("@news") == "https://example.org/feed.xml")
        #expect(try store.resolve("plain.xml") == "plain.xml")
        try store.add(Bookmark(name: "q", url: "https://x/feed?a=1#top"), replacing: false)
        #expect(try store.resolve("@q/more") == "https://x/feed/more?a=1#top")
        try store.add(Bookmark(name: "root", url: "file:///"), replacing: false)
        #expect(try store.resolve("@root/etc/hosts") == "file:///etc/hosts")
        try store.remove(["q", "root"])
        #expect(throws: ToolError("no bookmark named 'nwes' (did you mean 'news'?)")) { try store.resolve("@nwes") }
        #expect(throws: ToolError("no bookmark named 'gone'")) { try store.remove(["news", "gone"]) }
        #expect(try store.list().count == 2)
        try store.remove(["news", "svn"])
        #expect(try store.list().isEmpty)
    }

    @Test func aSymlinkedFileStaysALink() throws {
        scratch.write("dotfiles/bookmarks.ndjson", "")
        try FileManager.default.createDirectory(atPath: scratch.file("config"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("config/bookmarks.ndjson"),
            withDestinationPath: scratch.file("dotfiles/bookmarks.ndjson"))
        try BookmarkStore(paths: paths) { _ in }.add(Bookmark(name: "a", url: "https://a"), replacing: false)
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(atPath: scratch.file("config/bookmarks.ndjson")))
                == scratch.file("dotfiles/bookmarks.ndjson"))
        #expect(scratch.read("dotfiles/bookmarks.ndjson")?.contains(#""name":"a""#) == true)
    }

    @Test func filesAreCreatedPrivate() throws {
        let store = BookmarkStore(paths: paths) { _ in }
        try store.add(Bookmark(name: "a", url: "b"), replacing: false)
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.file("config/bookmarks.ndjson"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directory = try FileManager.default.attributesOfItem(atPath: scratch.file("config"))
        #expect((directory[.posixPermissions] as? Int) == 0o700)
    }

    @Test func damagedLinesAreReportedAndKept() throws {
        let good = #"{"type":"bookmark","name":"a","url":"https://a","note":null,"created":null}"#
        scratch.write("config/bookmarks.ndjson", good + "\n{broken\n" + #"{"type":"bookmark","url":"no name"}"# + "\n")
        var warnings: [String] = []
        let store = BookmarkStore(paths: paths) { warnings.append($0) }
        #expect(try store.list().map(\.name) == ["a"])
        #expect(warnings.count == 2)
        #expect(
            warnings[0].contains("bookmarks.ndjson' line 2: damaged, kept as it is (expected a member name at byte 2)"))
        #expect(warnings[1].contains("line 3: damaged, kept as it is (not a valid record)"))
        try store.add(Bookmark(name: "b", url: "https://b"), replacing: false)
        let text = scratch.read("config/bookmarks.ndjson") ?? ""
        #expect(text.contains("{broken\n"))
        #expect(text.contains("no name"))
        #expect(text.contains(#""name":"b""#))
    }

    @Test func historyRecordsRedactsListsAndClears() throws {
        let history = HistoryStore(paths: paths) { Issue.record("warning: \($0)") }
        try history.record(
            command: "feed", target: "https://user:secret@example.org/x?a=b", exitStatus: .success, records: 3)
        try history.record(command: "svn log", target: "svn+ssh://me@host/repo", exitStatus: .failure, records: 0)
        let visits = try history.visits()
        #expect(visits.map(\.target) == ["https://example.org/x?a=b", "svn+ssh://host/repo"])
        #expect(visits.map(\.exitStatus) == [0, 2])
        #expect(visits[0].records == 3)
        #expect(!(scratch.read("state/history.ndjson") ?? "").contains("secret"))
        try history.clear()
        #expect(try history.visits().isEmpty)
    }

    /// Completion's recent URLs: newest first, each once, URLs only, read from the end of a long history.
    @Test func recentURLsComeFromTheEndOfTheHistory() throws {
        let history = HistoryStore(paths: paths) { _ in }
        for index in 0..<2_000 {
            try history.record(
                command: "feed", target: "https://example.org/feed/\(index % 50).xml", exitStatus: .success, records: 1)
        }
        try history.record(command: "reach", target: "example.org", exitStatus: .success, records: 1)
        try history.record(command: "feed", target: "https://example.org/feed/7.xml", exitStatus: .success, records: 1)
        let recent = try history.recentURLs(limit: 4)
        #expect(recent == (0..<4).map { "https://example.org/feed/\([7, 49, 48, 47][$0]).xml" })
    }

    @Test func historyIsCompactedToItsNewestHalf() throws {
        let history = HistoryStore(paths: paths) { _ in }
        let line =
            #"{"type":"visit","time":"2026-01-01T00:00:00Z","command":"old","target":"x","exit_status":0,"records":0}"#
        scratch.write(
            "state/history.ndjson", String(repeating: line + "\n", count: HistoryStore.capacity / line.utf8.count))
        try history.record(command: "new", target: "y", exitStatus: .success, records: 1)
        let size = try FileManager.default.attributesOfItem(atPath: scratch.file("state/history.ndjson"))[.size] as? Int
        #expect((size ?? 0) <= HistoryStore.compactedSize)
        #expect(try history.visits().last?.command == "new")
    }

    @Test func compactionKeepsTheNewestLineEvenWhenHuge() throws {
        let history = HistoryStore(paths: paths) { _ in }
        scratch.write("state/history.ndjson", String(repeating: "x", count: HistoryStore.capacity + 10) + "\n")
        try history.record(
            command: String(repeating: "c", count: HistoryStore.compactedSize), target: "t", exitStatus: .success,
            records: 0)
        #expect(try history.visits().count == 1)
    }

    @Test func aTornLastLineIsEndedBeforeAppending() throws {
        scratch.write("state/history.ndjson", #"{"type":"visit","time":"2026-01-01T00:00:00Z""#)
        var warnings: [String] = []
        let history = HistoryStore(paths: paths) { warnings.append($0) }
        try history.record(command: "feed", target: "t", exitStatus: .success, records: 0)
        #expect(try history.visits().map(\.command) == ["feed"])
        #expect(warnings.count == 1)
    }

    @Test func redaction() {
        #expect(Redaction.removingUserinfo(from: "https://a:b@h/p@q") == "https://h/p@q")
        #expect(Redaction.removingUserinfo(from: "ftp://anonymous@h") == "ftp://h")
        #expect(Redaction.removingUserinfo(from: "/local/p@th") == "/local/p@th")
        #expect(Redaction.removingUserinfo(from: "host:22") == "host:22")
        #expect(Redaction.removingUserinfo(from: "https://user:pa/ss@host/x") == "https://host/x")
        #expect(Redaction.removingUserinfo(from: "https://u:p@ss@host/x") == "https://host/x")
        #expect(Redaction.removingUserinfo(from: "https://host:8080/p@q") == "https://host:8080/p@q")
        #expect(Redaction.removingUserinfo(from: "https://host/p@q") == "https://host/p@q")
    }

    @Test func bookmarkNames() {
        #expect(Bookmark.isValidName("news"))
        #expect(Bookmark.isValidName("a.b_c-1"))
        #expect(Bookmark.isValidName("é"))
        #expect(!Bookmark.isValidName(""))
        #expect(!Bookmark.isValidName("-x"))
        #expect(!Bookmark.isValidName("a/b"))
        #expect(!Bookmark.isValidName("a b"))
        #expect(!Bookmark.isValidName(String(repeating: "a", count: 65)))
    }
}
