// Bookmarks and history on disk: resolving @NAME, damaged lines, permissions, links and devices, compaction,
// reading from the end, redaction.
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
        let visits = try history.visits().remaining()
        #expect(visits.map(\.target) == ["https://example.org/x?a=b", "svn+ssh://host/repo"])
        #expect(visits.map(\.exitStatus) == [0, 2])
        #expect(visits[0].records == 3)
        #expect(!(scratch.read("state/history.ndjson") ?? "").contains("secret"))
        try history.clear()
        #expect(try history.visits().remaining().isEmpty)
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
            "state/history.ndjson", String(repeating: line + "\n", count: StoreLimits.history / line.utf8.count))
        try history.record(command: "new", target: "y", exitStatus: .success, records: 1)
        let size = try FileManager.default.attributesOfItem(atPath: scratch.file("state/history.ndjson"))[.size] as? Int
        #expect((size ?? 0) <= StoreLimits.compactedHistory)
        #expect(try history.visits().remaining().last?.command == "new")
    }

    /// The newest line (the visit just recorded) stays, whatever came before it: here one line bigger than the cap.
    @Test func compactionKeepsTheNewestLineAfterAHugeOne() throws {
        let history = HistoryStore(paths: paths) { _ in }
        scratch.write("state/history.ndjson", String(repeating: "x", count: StoreLimits.history + 10))
        try history.record(command: "c", target: "t", exitStatus: .success, records: 0)
        #expect(try history.visits().remaining().map(\.command) == ["c"])
    }

    /// A line longer than a store line may be is never written: the visit is not recorded, with an error.
    @Test func aVisitLongerThanALineMayBeIsNotRecorded() throws {
        let history = HistoryStore(paths: paths) { _ in }
        #expect(throws: ToolError("the visit is longer than 64 KiB")) {
            try history.record(
                command: "feed", target: String(repeating: "t", count: StoreLimits.line), exitStatus: .success,
                records: 0)
        }
        let store = BookmarkStore(paths: paths) { _ in }
        #expect(throws: ToolError("cannot save bookmark 'a': longer than 64 KiB")) {
            try store.add(Bookmark(name: "a", url: String(repeating: "u", count: StoreLimits.line)), replacing: false)
        }
    }

    @Test func aTornLastLineIsEndedBeforeAppending() throws {
        scratch.write("state/history.ndjson", #"{"type":"visit","time":"2026-01-01T00:00:00Z""#)
        var warnings: [String] = []
        let history = HistoryStore(paths: paths) { warnings.append($0) }
        try history.record(command: "feed", target: "t", exitStatus: .success, records: 0)
        #expect(try history.visits().remaining().map(\.command) == ["feed"])
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

    // MARK: Links and devices

    /// A link to a regular file is followed, and the file keeps its mode (and owner) when it is rewritten; so does a
    /// file that is not a link.
    @Test func aRewrittenFileKeepsItsMode() throws {
        scratch.write("dotfiles/bookmarks.ndjson", "")
        #expect(chmod(scratch.file("dotfiles/bookmarks.ndjson"), 0o640) == 0)
        try FileManager.default.createDirectory(atPath: scratch.file("config"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("config/bookmarks.ndjson"),
            withDestinationPath: scratch.file("dotfiles/bookmarks.ndjson"))
        try BookmarkStore(paths: paths) { _ in }.add(Bookmark(name: "a", url: "https://a"), replacing: false)
        let linked = try FileManager.default.attributesOfItem(atPath: scratch.file("dotfiles/bookmarks.ndjson"))
        #expect((linked[.posixPermissions] as? Int) == 0o640)
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(atPath: scratch.file("config/bookmarks.ndjson")))
                == scratch.file("dotfiles/bookmarks.ndjson"))

        scratch.write("state/history.ndjson", "")
        #expect(chmod(scratch.file("state/history.ndjson"), 0o644) == 0)
        try HistoryStore(paths: paths) { _ in }.clear()
        let plain = try FileManager.default.attributesOfItem(atPath: scratch.file("state/history.ndjson"))
        #expect((plain[.posixPermissions] as? Int) == 0o644)
    }

    /// A link whose file is not there yet (a dotfiles setup before its first bookmark) stays a link: the file is made
    /// where it points, by a rewrite as by an append (the rewrite used to put a regular file in the link's place).
    @Test func aLinkToAFileNotThereYetStaysALink() throws {
        try FileManager.default.createDirectory(atPath: scratch.file("dotfiles"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.file("config"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("config/bookmarks.ndjson"), withDestinationPath: "../dotfiles/bookmarks.ndjson")
        try BookmarkStore(paths: paths) { _ in }.add(Bookmark(name: "a", url: "https://a"), replacing: false)
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(atPath: scratch.file("config/bookmarks.ndjson")))
                == "../dotfiles/bookmarks.ndjson")
        #expect(scratch.read("dotfiles/bookmarks.ndjson")?.contains(#""name":"a""#) == true)
    }

    /// A history linked to a device is switched off: visits are dropped without an error and nothing is read.
    @Test(.needsRoot) func visitsToAHistoryLinkedToADeviceAreDropped() throws {
        try FileManager.default.createDirectory(atPath: scratch.file("state"), withIntermediateDirectories: true)
        // A private device with /dev/null's numbers: tests never point tb at a real device.
        #expect(try bash("mknod '\(scratch.file("null"))' c 1 3", environment: scratch.environment).status == 0)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("state/history.ndjson"), withDestinationPath: scratch.file("null"))
        let history = HistoryStore(paths: paths) { Issue.record("warning: \($0)") }
        try history.record(command: "feed", target: "https://a", exitStatus: .success, records: 1)
        #expect(try history.visits().remaining().isEmpty)
        #expect(try history.visits(newest: 5).remaining().isEmpty)
        #expect(try history.recentURLs(limit: 5).isEmpty)
        try history.clear()
        var info = stat()
        #expect(lstat(scratch.file("null"), &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["null", "state"])
    }

    // MARK: Reading

    /// An exit status that is missing or cannot be represented is unknown (null), never 0; the visit itself stays.
    @Test func anUnrepresentableExitStatusIsNull() throws {
        let visit = { (status: String) in
            #"{"type":"visit","time":"2026-01-01T00:00:00Z","command":"feed","target":"t","# + status + #""records":1}"#
        }
        scratch.write(
            "state/history.ndjson",
            [
                visit(#""exit_status":2,"#), visit(""), visit(#""exit_status":null,"#),
                visit(#""exit_status":99999999999999999999999,"#), visit(#""exit_status":1e400,"#),
                visit(#""exit_status":2.5,"#), visit(#""exit_status":"0","#),
            ].joined(separator: "\n"))
        let history = HistoryStore(paths: paths) { Issue.record("warning: \($0)") }
        #expect(try history.visits().remaining().map(\.exitStatus) == [2, nil, nil, nil, nil, nil, nil])
        #expect(try history.visits(newest: 2).remaining().map(\.exitStatus) == [nil, nil])
        #expect(
            String(decoding: StoredLines.line(try history.visits().remaining()[1]), as: UTF8.self).contains(
                #""exit_status":null"#))
    }

    /// The newest visits are read from the end, with --command filtering and damaged lines reported by number.
    @Test func theNewestVisitsAreReadFromTheEnd() throws {
        let line = { (command: String, index: Int) in
            #"{"type":"visit","time":"2026-01-01T00:00:00Z","command":""# + command
                + #"","target":"t\#(index)","exit_status":0,"records":1}"#
        }
        var text = (0..<5_000).map { line($0 % 3 == 0 ? "reach" : "feed", $0) }
        text.insert("{damaged", at: 4_998)
        text.insert("", at: 4_999)
        scratch.write("state/history.ndjson", text.joined(separator: "\n"))
        var warnings: [String] = []
        let history = HistoryStore(paths: paths) { warnings.append($0) }
        #expect(try history.visits(newest: 3).remaining().map(\.target) == ["t4997", "t4998", "t4999"])
        #expect(try history.visits(newest: 0).remaining().isEmpty)
        #expect(try history.visits(command: "reach", newest: 2).remaining().map(\.target) == ["t4995", "t4998"])
        #expect(try history.visits(command: "none", newest: 2).remaining().isEmpty)
        #expect(try history.visits(newest: 10_000).remaining().count == 5_000)
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.hasSuffix("' line 4999: damaged, kept as it is (expected a member name at byte 2)") == true,
            "\(warnings)")
        #expect(try history.visits(command: "reach").remaining().count == 1_667)
    }

    /// Reading forwards and backwards, in pieces, gives the lines that splitting the whole file gives: lines across
    /// pieces, blank lines, a last line with or without its newline, and lines over the cap (range only, no bytes).
    @Test(arguments: [0, 1, 2, 3])
    func linesReadInPiecesMatchTheWholeFile(seed: Int) throws {
        var text: [UInt8] = []
        let long = [0, 1, StoreLimits.line - 1, StoreLimits.line, StoreLimits.line + 1, 70_000, 200_000]
        for index in 0..<60 {
            // Short lines, each seed mixing in the long ones in another order.
            let length = index % 2 == 0 ? (index * 37 + seed * 11) % 300 : long[(index * 5 + seed) % long.count]
            text += (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            text.append(UInt8(ascii: "\n"))
        }
        if seed % 2 == 1 { text += Array("torn".utf8) }
        try FileManager.default.createDirectory(atPath: scratch.file("state"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: scratch.file("state/lines"), contents: Data(text)))
        let file = StoreFile(directory: scratch.file("state"), name: "lines")
        let reader = try #require(try file.open())

        // What splitting the whole file says: each line's range, without the empty piece after a final newline.
        var expected: [Range<Int>] = []
        var start = 0
        for (index, byte) in text.enumerated() where byte == UInt8(ascii: "\n") {
            expected.append(start..<index)
            start = index + 1
        }
        if start < text.count { expected.append(start..<text.count) }
        func check(_ line: RawLine, _ range: Range<Int>) {
            #expect(line.range == range)
            if range.count > StoreLimits.line {
                #expect(line.bytes == nil)
            } else {
                #expect(line.bytes.map(Array.init) == Array(text[range]))
            }
        }

        var forward = reader.lines()
        var number = 0
        while let line = try forward.next() {
            number += 1
            #expect(line.number == number)
            if number <= expected.count { check(line, expected[number - 1]) }
        }
        #expect(number == expected.count)

        var backward = reader.linesFromTheEnd()
        var index = expected.count
        while let line = try backward.next() {
            index -= 1
            guard index >= 0 else { break }
            check(line, expected[index])
        }
        #expect(index == 0)
        #expect(try reader.lineNumbers(at: expected.map(\.lowerBound)) == Array(1...expected.count))
    }
}
