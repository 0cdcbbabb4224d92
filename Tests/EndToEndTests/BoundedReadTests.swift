// Files that tb reads whole, made huge: an ignore file, a pattern file, a feed list, a password file, a
// log message file and the svn directory cache, each a sparse file of 40 GB (no room on disk), and standard input
// that never ends. Each is refused or skipped in one line at once, in little memory: it used to be read whole, and
// the allocator aborted (status 134).
import Foundation
import TestSupport
import Testing

struct BoundedReadTests {
    let scratch = Scratch()

    /// The most a run may hold, in KiB (none of them needs more than a few MiB). Not checked under a sanitizer, whose
    /// quarantine and shadow memory are not tb's.
    let memoryLimit = Sanitizer.isOn ? Int.max : 200 << 10
    /// How long a run may take, in seconds: long enough for a loaded machine, short next to reading 40 GB.
    let timeLimit = 60.0 * Double(Sanitizer.slowdown)

    /// A sparse file of `size` bytes (truncate(1)'s notation) at `name` in the scratch directory.
    @discardableResult
    func sparse(_ name: String, size: String = "40G") throws -> String {
        let path = scratch.file(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let made = try runProgram("/usr/bin/truncate", ["-s", size, path], environment: [:])
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    func run(_ arguments: [String], input: MeasuredInput = .empty) throws -> Measured {
        try measuredTB(
            arguments, environment: scratch.environment, output: scratch.file("out"), input: input,
            directory: scratch.path, timeout: Int(timeLimit))
    }

    /// The run ended with `status` and exactly `stderr`, quickly and in little memory.
    func expectBounded(
        _ run: Measured, status: Int32, stderr: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(run.status == status, "\(run.stderr.prefix(300))", sourceLocation: sourceLocation)
        #expect(run.stderr == stderr, sourceLocation: sourceLocation)
        #expect(run.kib < memoryLimit, "\(run.kib) KiB", sourceLocation: sourceLocation)
        #expect(run.seconds < timeLimit, "\(run.seconds) s", sourceLocation: sourceLocation)
    }

    /// A 40 GB .ignore, a 40 GB .gitignore in a repository's subdirectory and a .ignore of 1 MiB and one byte are
    /// skipped, each with a warning; the walk goes on (a .ignore of 1 MiB exactly is read).
    @Test func hugeIgnoreFilesAreSkipped() throws {
        scratch.write("tree/.git/HEAD", "ref: refs/heads/main\n")
        for file in ["a.txt", "sub/b.txt", "big/c.txt", "fits/d.txt", "fits/e.log"] {
            scratch.write("tree/" + file, "hello\n")
        }
        try sparse("tree/.ignore")
        try sparse("tree/sub/.gitignore")
        scratch.write("tree/big/.ignore", "*.txt\n" + String(repeating: "#", count: (1 << 20) - 6) + "\n")
        scratch.write("tree/fits/.ignore", "*.log\n" + String(repeating: "#", count: (1 << 20) - 7) + "\n")
        let result = try run(["regex", "--count", "hello", "tree"])
        expectBounded(
            result, status: 0,
            stderr: """
                tb regex: warning: skipping 'tree/.ignore': larger than 1 MiB
                tb regex: warning: skipping 'tree/big/.ignore': larger than 1 MiB
                tb regex: warning: skipping 'tree/sub/.gitignore': larger than 1 MiB

                """)
        let found = (scratch.read("out") ?? "").split(separator: "\n").filter { $0.contains("\"source\"") }
        #expect(found.count == 4, "\(found)")
        #expect(!found.contains { $0.contains("e.log") })
    }

    /// regex -f with a 40 GB file: one line and status 2, as for a missing pattern file.
    @Test func aHugePatternFileIsRefused() throws {
        let patterns = try sparse("patterns")
        scratch.write("subject", "hello\n")
        let result = try run(["regex", "-f", patterns, "subject"])
        expectBounded(
            result, status: 2, stderr: "tb regex: cannot read pattern file '\(patterns)': larger than 1 MiB\n")
    }

    /// feed --from with a 40 GB file, a 40 GB file on standard input, and standard input that never ends.
    @Test func aHugeFeedListIsRefused() throws {
        let list = try sparse("feeds.txt")
        expectBounded(
            try run(["feed", "--from", list]), status: 2,
            stderr: "tb feed: cannot read '\(list)': larger than 16 MiB, not a list of feeds\n")
        let refusedInput = "tb feed: cannot read standard input: larger than 16 MiB, not a list of feeds\n"
        expectBounded(try run(["feed", "--from", "-"], input: .file(list)), status: 2, stderr: refusedInput)
        expectBounded(try run(["feed", "--from", "-"], input: .endless), status: 2, stderr: refusedInput)
    }

    /// svn --password-file with a 40 GB file, before any repository is opened.
    @Test func aHugePasswordFileIsRefused() throws {
        let password = try sparse("password")
        let result = try run(["svn", "info", "--password-file", password, "file://" + scratch.file("none")])
        expectBounded(
            result, status: 2, stderr: "tb svn info: cannot read password file '\(password)': larger than 64 KiB\n")
    }

    /// svn put -F with a 40 GB message file, before any repository is opened.
    @Test func aHugeMessageFileIsRefused() throws {
        let message = try sparse("message")
        scratch.write("contents", "new\n")
        let result = try run(["svn", "put", "-F", message, "file://" + scratch.file("none") + "/x", "contents"])
        expectBounded(
            result, status: 2, stderr: "tb svn put: cannot read message file '\(message)': larger than 1 MiB\n")
    }

    /// A cached listing grown to 40 GB is a miss: --offline says it is damaged, and a listing online asks the
    /// repository again and prints what it printed before.
    @Test func aHugeCachedListingIsAMiss() throws {
        let url = try SVNRepositories.shared().fileURL("public", "/trunk")
        let first = try tb(["svn", "ls", url], environment: scratch.environment)
        try #require(first.status == 0, "\(first.stderr)")
        #expect(!first.stdout.isEmpty)
        let cache = scratch.file("cache/svn")
        let listings = try #require(FileManager.default.subpaths(atPath: cache)).filter { $0.hasSuffix(".listing") }
        try #require(!listings.isEmpty, "nothing cached in \(cache)")
        for listing in listings { try sparse("cache/svn/" + listing) }
        let offline = try run(["svn", "ls", "--offline", url])
        expectBounded(
            offline, status: 2,
            stderr: "tb svn ls: the cached listing of '\(url)' is gone or damaged: list it once online\n")
        let online = try run(["svn", "ls", url])
        expectBounded(online, status: 0, stderr: "")
        #expect(scratch.read("out") == first.stdout)
    }
}
