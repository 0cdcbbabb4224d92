// tb started with a standard descriptor closed (`>&-`, `2>&-`, `<&-` in a shell): output to a stdout that was closed
// fails (one line, status 2) in every command, so feed --new marks nothing seen; a private null device, a full disk
// and a closed pipe behave as before; a closed stdin is not an empty one; a plugin finds the descriptor closed too.
import Foundation
import TestSupport
import Testing

struct ClosedDescriptorTests {
    let scratch = Scratch()

    func feed(_ argv: [String], redirections: String = "") throws -> Finished {
        try tb(["feed"] + argv, environment: scratch.environment, redirections: redirections)
    }

    /// A feed file of three items.
    func threeItems() -> String {
        scratch.write(
            "feed.xml",
            """
            <rss version="2.0"><channel><title>t</title>
            <item><title>a</title><guid>a</guid></item>
            <item><title>b</title><guid>b</guid></item>
            <item><title>c</title><guid>c</guid></item>
            </channel></rss>
            """)
    }

    /// How many keys --new remembers of `path` (0 when it has no state).
    func itemsSeen(_ path: String) throws -> Int {
        let result = try feed(["--status", "--json"])
        for line in result.lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if object?["url"] as? String == path { return object?["items_seen"] as? Int ?? 0 }
        }
        return 0
    }

    /// `feed --new >&-` printed nothing, exited 0 and marked every item seen: at start-up fd 1 was reopened on
    /// /dev/null. Now the output fails, and the next run prints every item.
    @Test func aClosedStdoutMarksNothingSeen() throws {
        let path = threeItems()
        let closed = try feed(["--new", path], redirections: ">&-")
        #expect(closed.status == 2, "\(closed.stderr)")
        #expect(
            closed.stderr == "tb feed: cannot write output: standard output is not open for writing\n",
            "\(closed.stderr)")
        #expect(try itemsSeen(path) == 0)
        // stderr closed as well: no message can be written, the status still says it.
        let both = try feed(["--new", path], redirections: ">&- 2>&-")
        #expect(both.status == 2 && both.stderr.isEmpty, "\(both.stderr)")
        #expect(try itemsSeen(path) == 0)
        let next = try feed(["--new", "--json", "--fields", "title", path])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(
            next.lines == [
                #"{"type":"item","title":"a"}"#, #"{"type":"item","title":"b"}"#,
                #"{"type":"item","title":"c"}"#,
            ])
    }

    /// The cron idiom `>/dev/null` (here a private null device) is an output like any other: the items are seen.
    /// A full disk (a private /dev/full) fails and marks nothing; a closed pipe is quiet (status 0) and marks nothing.
    @Test func nullFullAndClosedPipeOutputsKeepTheirMeaning() throws {
        let path = threeItems()
        let null = scratch.file("null")
        let full = scratch.file("full")
        let made = try bash("mknod '\(null)' c 1 3 && mknod '\(full)' c 1 7", environment: scratch.environment)
        #expect(made.status == 0, "\(made.stderr)")

        let onFull = try feed(["--new", path], redirections: ">'\(full)'")
        #expect(onFull.status == 2, "\(onFull.stderr)")
        #expect(onFull.stderr.contains("No space left on device"), "\(onFull.stderr)")
        #expect(try itemsSeen(path) == 0)

        // A pipe whose reader is gone before tb starts: the FIFO's only reader is closed once its writer is open.
        let fifo = scratch.file("fifo")
        let script = """
            mkfifo "$1" && exec 3<>"$1" 4>"$1" && exec 3<&-
            exec "$0" feed --new "$2" >&4
            """
        let piped = try runProgram(
            "/bin/bash", ["-c", script, Package.binary, fifo, path], environment: scratch.environment)
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
        #expect(try itemsSeen(path) == 0)

        let onNull = try feed(["--new", path], redirections: ">'\(null)'")
        #expect(onNull.status == 0 && onNull.stderr.isEmpty, "\(onNull.stderr)")
        #expect(try itemsSeen(path) == 3)
        #expect(try feed(["--new", path]).stdout.isEmpty)
    }

    /// Every command that prints refuses a stdout closed at start-up the same way: one line, status 2. A command
    /// that prints nothing (bookmark add) is not hurt, and its file never lands on fd 1.
    @Test func everyCommandRefusesAClosedStdout() throws {
        let server = try TestServer.http(root: Fixtures.folder("feeds"))
        let repositories = try SVNRepositories.shared()
        let page = scratch.write("page.html", "<p>hello</p>")
        let text = scratch.write("text.txt", "hello\n")
        let add = try tb(
            ["bookmark", "add", "home", server.url("/file/rss20.xml")], environment: scratch.environment,
            redirections: ">&-")
        #expect(add.status == 0 && add.stderr.isEmpty, "\(add.stderr)")
        let bookmarks = scratch.read("config/bookmarks.ndjson") ?? ""
        #expect(bookmarks.hasPrefix(#"{"type":"bookmark","name":"home""#), "\(bookmarks)")
        #expect(bookmarks.split(separator: "\n").count == 1, "\(bookmarks)")
        #expect(try feed(["--new", threeItems()]).lines.count == 3)
        for arguments in [
            ["--version"], ["help", "feed"], ["feed", "@home"], ["feed", "--status"], ["html", "p", page],
            ["regex", "hello", text], ["regex", "hello", "file://" + text], ["bookmark", "ls"], ["history"],
            ["svn", "info", repositories.fileURL("public")],
            ["svn", "cat", repositories.fileURL("public", "/trunk/README.txt")],
            ["reach", "127.0.0.1:\(server.port)"],
        ] {
            let result = try tb(arguments, environment: scratch.environment, redirections: ">&-")
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(result.stderr)")
            #expect(
                lines.first?.hasSuffix(": cannot write output: standard output is not open for writing") == true,
                "\(arguments): \(result.stderr)")
        }
    }

    /// A closed stdin is not an empty one: reading it fails (it read as empty, and regex said "nothing found").
    /// A closed stderr alone changes nothing but the messages: records and statuses are as ever.
    @Test func aClosedStdinFailsAndAClosedStderrKeepsTheStatus() throws {
        let stdin = try tb(["regex", "hello", "-"], environment: scratch.environment, redirections: "<&-")
        #expect(stdin.status == 2, "\(stdin.stderr)")
        #expect(stdin.stderr.contains("Bad file descriptor"), "\(stdin.stderr)")
        let path = threeItems()
        let quiet = try feed(["--new", "--json", "--fields", "title", path], redirections: "2>&-")
        #expect(quiet.status == 0 && quiet.lines.count == 3)
        let missing = try feed([scratch.file("missing.xml")], redirections: "2>&-")
        #expect(missing.status == 2 && missing.stderr.isEmpty)
    }

    /// A plugin gets the descriptors as tb got them: closed, not tb's stand-in for them.
    @Test func aPluginFindsTheDescriptorClosed() throws {
        scratch.write(
            "plugins/tb-probe",
            """
            #!/bin/bash
            if [ -e /proc/$$/fd/1 ]; then echo "stdout open" >&2; else echo "stdout closed" >&2; fi
            """, executable: true)
        var environment = scratch.environment
        environment["TB_EXEC_PATH"] = scratch.file("plugins")
        let result = try tb(["probe"], environment: environment, redirections: ">&-")
        #expect(result.stderr == "stdout closed\n", "\(result.stderr)")
    }
}
