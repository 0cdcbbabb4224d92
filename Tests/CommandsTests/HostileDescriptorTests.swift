import FeedCommands
// The descriptor half of the hostile-input suite (the rest is EndToEndTests/HostileInputTests): runs that
// fail on hostile input, in-process, leave no file descriptor open. Other tests open descriptors in this process at
// the same time, so each check runs many times and asks only that the count did not grow with the runs.
import Foundation
import HTMLCommands
import RegexCommands
import StoreCommands
import TestSupport
import Testing
import Toolbox

@Suite(.serialized)
struct HostileDescriptorTests {
    let scratch = Scratch()
    static let builtins: [any Command.Type] = [
        FeedCommand.self, HTMLCommand.self, RegexCommand.self, BookmarkCommand.self,
    ]

    static var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    /// Runs `arguments` 40 times, up to three rounds, and expects a round in which the count of open descriptors
    /// grew by fewer than 20: a leak of one a run shows in every round; descriptors other tests open at the same
    /// time come and go.
    func expectNoLeak(
        _ arguments: [String], status: Toolbox.ExitStatus..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var growth: [Int] = []
        for _ in 0..<3 {
            let before = Self.openDescriptors
            for _ in 0..<40 {
                let result = runInProcess(arguments, builtins: Self.builtins, environment: scratch.environment)
                #expect(
                    status.contains(result.status), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
                #expect(result.stderr.count <= 1, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            }
            growth.append(Self.openDescriptors - before)
            if growth.last ?? 0 < 20 { return }
        }
        Issue.record(
            "\(arguments): descriptors grew by \(growth) over rounds of 40 runs", sourceLocation: sourceLocation)
    }

    @Test func aFeedThatIsNotWellFormed() {
        let broken = scratch.write("broken.xml", #"<?xml version="1.0"?><rss><channel><item><title>a</ti"#)
        expectNoLeak(["feed", "--strict", broken], status: .failure)
        expectNoLeak(["feed", Fixtures.folder("feeds/billion-laughs.xml")], status: .failure)
    }

    @Test func aFeedFromAPortNobodyListensOn() throws {
        let port = try TestServer.freePort()
        expectNoLeak(["feed", "http://127.0.0.1:\(port)/feed.xml"], status: .failure)
    }

    @Test func aDirectoryAndMissingFilesForRegex() {
        scratch.write("tree/a.txt", "hello\n")
        scratch.write(bytes: "tree/binary.bin", [0, 1, 2, 0x0A])
        expectNoLeak(["regex", "--count", "hello", scratch.file("tree")], status: .success)
        expectNoLeak(["regex", "x", scratch.file("missing")], status: .failure)
        expectNoLeak(
            ["regex", "(a+)+$", scratch.write("aaa.txt", String(repeating: "a", count: 3000) + "b")], status: .failure)
    }

    @Test func garbageForHTML() {
        let garbage = scratch.write(bytes: "garbage.html", (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        // Whether the two parsers find a p in the garbage differs; either answer will do.
        expectNoLeak(["html", "p", garbage], status: .success, .negative)
        expectNoLeak(["html", "--stream", "p", garbage], status: .success, .negative)
        expectNoLeak(["html", "p", scratch.file("tree")], status: .failure)
    }

    @Test func aDamagedBookmarkFile() {
        scratch.write(bytes: "config/bookmarks.ndjson", [0, 0, 0x0A, 0x7B, 0x0A])
        expectNoLeak(["bookmark", "ls"], status: .success)
        expectNoLeak(["regex", "x", "@missing"], status: .failure)
    }
}
