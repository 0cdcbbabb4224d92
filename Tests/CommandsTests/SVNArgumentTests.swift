import SVN
import Testing
import Toolbox

// How tb svn reads what a user types: peg revisions, -r values and ranges, URL escaping, and the cache's file format.
@testable import SVNCommands

struct SVNArgumentTests {
    @Test func aPegRevisionIsWhatFollowsTheLastAtWhenItIsARevision() {
        #expect(SVNTarget.splitPeg("file:///r/trunk@12").0 == "file:///r/trunk")
        #expect(SVNTarget.splitPeg("file:///r/trunk@12").1 == .number(12))
        #expect(SVNTarget.splitPeg("file:///r/trunk@head").1 == .head)
        #expect(SVNTarget.splitPeg("svn://h/r/trunk@{2026-12-01}").1 == .date("2026-12-01"))
        // Anything else after the @ belongs to the name.
        #expect(SVNTarget.splitPeg("file:///r/trunk/at@sign.txt").0 == "file:///r/trunk/at@sign.txt")
        #expect(SVNTarget.splitPeg("file:///r/trunk/at@sign.txt").1 == nil)
        #expect(SVNTarget.splitPeg("svn://user@host/r").0 == "svn://user@host/r")
        #expect(SVNTarget.splitPeg("file:///r/x@2x.png").1 == nil)
        // A trailing @ is svn's escape for a name whose own @ would read as a peg revision.
        #expect(SVNTarget.splitPeg("file:///r/v@1@").0 == "file:///r/v@1")
        #expect(SVNTarget.splitPeg("file:///r/v@1@").1 == nil)
        #expect(SVNTarget.splitPeg("file:///r/v@1@7").0 == "file:///r/v@1")
    }

    @Test func revisionsAndRanges() {
        #expect(RevisionOption(argument: "42")?.revision == .number(42))
        #expect(RevisionOption(argument: "HEAD")?.revision == .head)
        #expect(RevisionOption(argument: "-1") == nil)
        #expect(RevisionOption(argument: "BASE")?.revision == .base)
        #expect(RevisionOption(argument: "committed")?.revision == .committed)
        #expect(RevisionOption(argument: "PREV")?.revision == .previous)
        #expect(RevisionOption(argument: "WORKING") == nil)
        #expect(RevisionOption(argument: "{}") == nil)
        let range = RevisionRangeOption(argument: "{2026-12-01T10:00}:HEAD")
        #expect(range?.start == .date("2026-12-01T10:00"))
        #expect(range?.end == .head)
        #expect(RevisionRangeOption(argument: "5")?.end == nil)
        #expect(RevisionRangeOption(argument: "5:") == nil)
        #expect(RevisionRangeOption(argument: "1:2:3") == nil)
    }

    /// -c as svn reads it: N, rN, -N, A-B and lists; 0 and words are usage errors.
    @Test func changes() throws {
        #expect(try ChangeText.ranges("3").map { [$0.from, $0.to] } == [[3, 3]])
        #expect(
            try ChangeText.ranges("r3,-5,2-4,R7").map { [$0.from, $0.to] } == [[3, 3], [5, 5], [2, 4], [7, 7]])
        #expect(try ChangeText.ranges("4-2").map { [$0.from, $0.to] } == [[4, 2]])
        for wrong in ["0", "x", "", "3,", "1-", "-", "3-0", "+3"] {
            #expect(throws: UsageError.self, "\(wrong)") { try ChangeText.ranges(wrong) }
        }
        #expect(try ChangeText.revision("r12") == .number(12))
        #expect(throws: UsageError.self) { try ChangeText.revision("3,4") }
        #expect(throws: UsageError.self) { try ChangeText.revision("3-4") }
    }

    @Test func pathsAreEscapedAsSvnEscapesThem() {
        #expect(URIEscaping.encode("a b/100%.txt") == "a%20b/100%25.txt")
        #expect(URIEscaping.encode("ünï@(x)+~.txt") == "%C3%BCn%C3%AF@(x)+~.txt")
        #expect(URIEscaping.decode("a%20b/100%25.txt") == "a b/100%.txt")
        #expect(URIEscaping.decode("100%.txt") == "100%.txt")
        #expect(URIEscaping.decode("%C3%BC%") == "ü%")
    }

    @Test func cachedListingsRoundTrip() throws {
        let key = ListingKey(
            uuid: "0f-uuid", root: "svn://example.org/good", path: "/trunk/a b", changed: 7, depth: .infinity)
        let lock = SVNLock(token: "t", owner: "ada", comment: "two\tlines\r\nand \\ü", created: 1, expires: nil)
        let entries = [
            SVNEntry(
                path: "", kind: .dir, size: nil, createdRevision: 7, time: 1_700_000_000, lastAuthor: nil, lock: nil),
            SVNEntry(
                path: "tab\there/new\nline\\", kind: .file, size: 0, createdRevision: 3, time: nil, lastAuthor: "\\N",
                lock: lock),
        ]
        let text = ListingFile.text(key, fields: .all, locks: true, entries: entries)
        let contents = try #require(ListingFile.read(Array(text.utf8), key: key))
        #expect(contents.entries.count == 2)
        #expect(contents.entries[1].path == "tab\there/new\nline\\")
        #expect(contents.entries[1].lastAuthor == "\\N")
        #expect(contents.entries[1].lock == lock)
        #expect(contents.entries[0].lastAuthor == nil)
        #expect(contents.fields == .all && contents.hasLocks)
        // Another key, a cut file or a damaged line is a miss, never a wrong listing.
        let other = ListingKey(
            uuid: "0f-uuid", root: "svn://example.org/good", path: "/trunk/a b", changed: 8, depth: .infinity)
        #expect(ListingFile.read(Array(text.utf8), key: other) == nil)
        // The same UUID, path and revision in another repository: another file, and a miss if it were this one.
        let elsewhere = ListingKey(
            uuid: "0f-uuid", root: "svn://example.org/evil", path: "/trunk/a b", changed: 7, depth: .infinity)
        #expect(elsewhere.fileName != key.fileName)
        #expect(ListingFile.read(Array(text.utf8), key: elsewhere) == nil)
        // A file of format 1, which named no root, is never taken for one of these.
        let old =
            "tb-svn-listing 1\t0f-uuid\t7\tinfinity\t/trunk/a b\n"
            + text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)[1]
        #expect(ListingFile.read(Array(old.utf8), key: key) == nil)
        #expect(ListingFile.read(Array(text.utf8.dropLast(3)), key: key) == nil)
        #expect(
            ListingFile.read(Array(text.replacingOccurrences(of: "\tfile\t", with: "\tfolder\t").utf8), key: key) == nil
        )
    }

    @Test func aHostileUUIDMakesNoPath() {
        #expect(ListingKey.safe("../../etc") == "______e_c")
        #expect(ListingKey.safe("") == "_")
    }
}
