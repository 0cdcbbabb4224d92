import Foundation
import TestSupport
import Testing

// tb svn diff against the svn client: the same bytes for changes, ranges, peg revisions, two URLs and options (git
// headers, -x, --force, properties only or left out, copies as adds, ancestry) over file://, svn:// and http://, on
// repositories with moves, copies, replacements, binary files, property changes, CRLF and svn:eol-style files; the
// local changes of a working copy; --summarize as svn diff --summarize --xml names the paths; usage and run errors.
@Suite(.serialized)
struct SVNDiffTests {
    let scratch = Scratch()

    /// Questions about the edits repository: tb's and svn's arguments, paths relative to the repository's URL.
    static let edits: [[String]] = [
        ["-c", "2", "/trunk"], ["-c", "3", "/trunk"], ["-c", "4", "/trunk"], ["-c", "5", ""], ["-c", "6", "/trunk"],
        ["-r", "1:6", "/trunk"], ["-r", "6:1", "/trunk"], ["/trunk@2", "/trunk@5"],
        ["/trunk/renamed.txt@3", "/trunk/copy.txt@6"],
        ["-c", "2", "--git", "/trunk"], ["-c", "4", "--git", "/trunk"],
        ["-c", "2", "-x", "-w --ignore-eol-style", "/trunk"],
        ["-c", "2", "-x", "-u -p", "/trunk/lines.txt@2"], ["-c", "3", "/trunk/renamed.txt"], ["-c", "-2", "/trunk"],
        ["-c", "5-3", "/trunk"],
        ["-c", "2", "--force", "/trunk"], ["-r", "1", "/trunk/renamed.txt@3"],
        ["-c", "4", "--properties-only", "/trunk"],
        ["-c", "4", "--ignore-properties", "/trunk"], ["-c", "3", "--notice-ancestry", "/trunk"],
        ["-c", "4", "--show-copies-as-adds", "/trunk"], ["-c", "4", "--patch-compatible", "/trunk"],
        ["-c", "5", "--no-diff-deleted", "/trunk"], ["-c", "5", "--no-diff-added", "/trunk"],
        ["-c", "5", "--depth", "files", "/trunk"], ["-c", "5", "--depth", "empty", "/trunk"],
    ]

    /// And about the shared fixture: a move, a replaced branch, a binary file, a directory's property, unicode names.
    static let shared: [[String]] = [
        ["-c", "13", "/trunk"], ["-c", "16", "/branches"], ["-c", "5", "/trunk"], ["-c", "7", "/trunk"],
        ["-c", "19", ""], ["-c", "21", "/branches"], ["-r", "2:35", "/trunk/README.txt"], ["-c", "10", "/trunk"],
        ["/tags/1.0", "/trunk"],
    ]

    /// The options svn refuses with --summarize.
    static let textOnly = [
        "--git", "--force", "--show-copies-as-adds", "--patch-compatible", "--no-diff-added", "--no-diff-deleted",
    ]

    /// The arguments with each path made a URL below `root`.
    static func arguments(_ question: [String], root: String) -> [String] {
        question.map { $0.hasPrefix("/") || $0.isEmpty ? root + $0 : $0 }
    }

    /// Expects tb's bytes and exit status to be svn's for every question, and --summarize's records to be what
    /// svn diff --summarize --xml says.
    func compare(_ questions: [[String]], root: String, client: SVNClient, directory: String? = nil) throws {
        for question in questions {
            let arguments = Self.arguments(question, root: root)
            let expected = try client.run(["diff"] + arguments, directory: directory)
            let run = try tb(
                ["svn", "diff", "--config-dir", client.configDirectory] + arguments, environment: client.environment,
                directory: directory)
            #expect(run.status == expected.status, "\(arguments): \(run.stderr)")
            #expect(run.stdout == expected.stdout, "\(arguments)")
            #expect(!run.stdout.isEmpty || question.contains("--depth"), "\(arguments) printed nothing")
            let summary = try tb(
                ["svn", "diff", "--summarize", "--json", "--config-dir", client.configDirectory] + arguments,
                environment: client.environment, directory: directory)
            // Options about the text of the diff are usage errors with --summarize, as in svn.
            if Self.textOnly.contains(where: question.contains) {
                #expect(summary.status == 64, "--summarize \(arguments)")
                #expect(try client.run(["diff", "--summarize"] + arguments, directory: directory).status == 1)
                continue
            }
            #expect(summary.status == 0, "\(arguments): \(summary.stderr)")
            #expect(
                summary.lines
                    == (try summaryRecords(client, ["diff", "--summarize"] + arguments, directory: directory)),
                "--summarize \(arguments)")
        }
    }

    /// svn diff --summarize --xml's paths as tb's change records.
    func summaryRecords(_ client: SVNClient, _ arguments: [String], directory: String? = nil) throws -> [String] {
        let answer = try client.run(arguments + ["--xml"], directory: directory)
        #expect(answer.status == 0, "svn \(arguments): \(answer.stderr)")
        let program = """
            import json, sys, xml.etree.ElementTree as tree
            for path in tree.parse(sys.stdin).getroot().iter("path"):
                record = {"type": "change", "path": path.text, "kind": path.get("kind"), "action": path.get("item"),
                          "props_changed": path.get("props") == "modified"}
                print(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
            """
        return try runProgram(
            "/usr/bin/python3", ["-c", program], environment: ["PATH": "/usr/bin:/bin"],
            input: Data(answer.stdout.utf8)
        ).lines
    }

    @Test func fileURLsGiveSvnsBytes() throws {
        let client = SVNClient(scratch: scratch)
        try compare(Self.edits, root: "file://" + (try EditsRepository.parent()) + "/edits", client: client)
        let repositories = try SVNRepositories.shared()
        try compare(Self.shared, root: repositories.fileURL("public"), client: client)
    }

    @Test func svnserveGivesSvnsBytes() throws {
        let server = try TestServer.svnserve(root: try EditsRepository.parent(), scratch: scratch)
        try compare(Self.edits, root: server.url("/edits"), client: SVNClient(scratch: scratch))
    }

    @Test func apacheGivesSvnsBytes() throws {
        let server = try TestServer.apacheSVN(root: try EditsRepository.parent(), scratch: scratch)
        try compare(Self.edits, root: server.url("/svn/edits"), client: SVNClient(scratch: scratch))
        let shared = try TestServer.apacheSVN(root: try SVNRepositories.shared().parent, scratch: scratch)
        try compare(Self.shared, root: shared.url("/svn/public"), client: SVNClient(scratch: scratch))
    }

    /// In a working copy, without -r: the local changes against BASE — edits, a CRLF file rewritten, an addition, a
    /// deletion, a property set — and with revisions, the working copy's nodes followed to them.
    @Test func aWorkingCopysLocalChangesAreSvns() throws {
        let client = SVNClient(scratch: scratch)
        let copy = scratch.file("wc")
        let root = "file://" + (try EditsRepository.parent()) + "/edits"
        #expect(try client.run(["checkout", "-q", root + "/trunk", copy]).status == 0)
        try "local change\n".appendTo(copy + "/renamed.txt")
        try "x\r\ny\r\n".write(toFile: copy + "/crlf.txt", atomically: true, encoding: .utf8)
        try "new\n".write(toFile: copy + "/added.txt", atomically: true, encoding: .utf8)
        for change in [
            ["add", "-q", "added.txt"], ["propset", "-q", "tb:local", "yes", "copy.txt"], ["rm", "-q", "sub/new.txt"],
        ] {
            #expect(try client.run(change, directory: copy).status == 0)
        }
        let questions: [[String]] = [
            [], ["."], ["renamed.txt"], ["./renamed.txt"], ["renamed.txt", "crlf.txt"], ["added.txt"], ["-r", "2"],
            ["-r", "2", "renamed.txt"], ["-c", "6"], ["-r", "PREV", "renamed.txt"], ["-r", "3:5", "."], ["--git"],
            ["-r", "BASE", "copy.txt"],
        ]
        try compare(questions, root: "", client: client, directory: copy)
    }

    @Test func mistakesAreOneLineAndAStatus() throws {
        let client = SVNClient(scratch: scratch)
        let root = "file://" + (try EditsRepository.parent()) + "/edits"
        let cases: [([String], Int32, String)] = [
            ([root + "/trunk"], 64, "a URL alone needs -r A[:B] or -c N"),
            (["-c", "2", root + "/trunk", "."], 64, "the TARGETs of one diff are all URLs or all working-copy paths"),
            (["-c", "2", "--json", root + "/trunk"], 64, "--json goes with --summarize"),
            (["-c", "2,3", root + "/trunk"], 64, "-c '2,3' names several changes"),
            (["-r", "BASE", root + "/trunk"], 64, "revision BASE needs a path in a working copy"),
            (["-c", "2", root + "/nothing"], 2, "tb svn diff: cannot diff '\(root)/nothing': "),
        ]
        for (arguments, status, message) in cases {
            let run = try tb(
                ["svn", "diff", "--config-dir", client.configDirectory] + arguments, environment: client.environment)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    /// A protected repository without credentials: an error at once, never a prompt.
    @Test func aProtectedRepositoryNeverPrompts() throws {
        let repositories = try SVNRepositories.shared()
        let server = try TestServer.svnserve(root: repositories.parent, scratch: scratch)
        let client = SVNClient(scratch: scratch)
        let run = try tb(
            ["svn", "diff", "-c", "13", "--config-dir", client.configDirectory, server.url("/private/trunk")],
            environment: client.environment)
        #expect(run.status == 2)
        #expect(run.stderr.contains("tb never prompts"), "\(run.stderr)")
        let allowed = try tb(
            [
                "svn", "diff", "-c", "13", "--username", SVNRepositories.username, "--config-dir",
                client.configDirectory, server.url("/private/trunk"),
            ],
            environment: client.environment.merging(["TB_SVN_PASSWORD": SVNRepositories.password]) { $1 })
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("+++ dir with space/moved.txt\t(revision 13)"))
    }
}

extension String {
    /// Appends the text to the file at `path`.
    fileprivate func appendTo(_ path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(utf8))
    }
}
