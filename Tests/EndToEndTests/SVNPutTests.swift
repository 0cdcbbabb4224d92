// tb svn put against real repositories: files added and replaced over file://, svn:// and http:// (svn cat gives the
// bytes back, svn log the action and message), from a file or standard input; refusals (no directory, a directory,
// a lock, unchanged contents, bad credentials, no message) in one line with nothing committed.
import Foundation
import TestSupport
import Testing

@Suite(.serialized)
struct SVNPutTests {
    let scratch = Scratch()

    /// Bytes no text conversion leaves alone: every byte value, CR and LF among them, over several of libsvn's
    /// 100 KB read chunks.
    static let binary: [UInt8] = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }

    /// tb's options and environment for the protected repositories, and svn's options.
    static let credentials = ["--username", SVNRepositories.username]
    static let password = ["TB_SVN_PASSWORD": SVNRepositories.password]
    static let svnCredentials = credentials + ["--password", SVNRepositories.password, "--no-auth-cache"]

    /// Runs tb svn put with the client's config dir and returns the run.
    func put(
        _ url: String, _ file: String, _ options: [String], client: SVNClient, extra: [String: String] = [:],
        input: Data? = nil
    ) throws -> Finished {
        try runProgram(
            Package.binary, ["svn", "put", "--json", "--config-dir", client.configDirectory] + options + [url, file],
            environment: client.environment.merging(extra) { $1 }, input: input)
    }

    /// The one record of a successful run, as an object.
    func record(_ run: Finished) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.count == 1, "\(run.stdout)")
        return try JSONSerialization.jsonObject(with: Data((run.lines.first ?? "{}").utf8)) as? [String: Any] ?? [:]
    }

    /// svn's answers on the newest revision of the repository at `root`: (revision, author, action, path, message).
    func newest(_ root: String, client: SVNClient, credentials: [String] = []) throws -> [String: Any] {
        let lines = try client.records(["log", "-v", "-l", "1"] + credentials + [root])
        return try JSONSerialization.jsonObject(with: Data((lines.first ?? "{}").utf8)) as? [String: Any] ?? [:]
    }

    /// The action and path of the only changed path of a log record.
    func change(_ revision: [String: Any]) -> (String?, String?) {
        let paths = revision["changed_paths"] as? [[String: Any]] ?? []
        #expect(paths.count == 1)
        return (paths.first?["action"] as? String, paths.first?["path"] as? String)
    }

    /// Whether svn cat of `url` gives exactly the bytes of `file`.
    func catEquals(_ url: String, _ file: String, client: SVNClient, credentials: [String] = []) throws -> Bool {
        let quoted =
            (["svn", "cat", "--non-interactive", "--config-dir", client.configDirectory] + credentials + [url])
            .map { "'\($0)'" }.joined(separator: " ")
        return try bash("\(quoted) | cmp - '\(file)'", environment: client.environment).status == 0
    }

    @Test func addsAndReplacesFilesOverFileURLs() throws {
        let repositories = try SVNRepositories(in: scratch.file("own"))
        let client = SVNClient(scratch: scratch)
        let root = repositories.fileURL("public")
        // A new file: action A, the message, svn cat gives the bytes back, the record says what svn log says.
        let text = scratch.write("new.txt", "first line\nsecond line\n")
        let added = try record(try put(root + "/trunk/new.txt", text, ["-m", "add new.txt"], client: client))
        var log = try newest(root, client: client)
        #expect(added["url"] as? String == root + "/trunk/new.txt")
        #expect(added["revision"] as? Int == SVNRepositories.youngest + 1)
        #expect(added["revision"] as? Int == log["revision"] as? Int)
        #expect(added["author"] as? String == log["author"] as? String)
        #expect(added["date"] as? String == log["date"] as? String)
        #expect(log["message"] as? String == "add new.txt")
        #expect(change(log) == ("A", "/trunk/new.txt"))
        #expect(try catEquals(root + "/trunk/new.txt", text, client: client))
        // An existing file, with binary bytes from a file: action M, the message from --message-file (CRLF → LF).
        let bytes = scratch.write(bytes: "binary", Self.binary)
        let message = scratch.write("message", "replace README\r\nsecond line\r\n")
        let replaced = try record(
            try put(root + "/trunk/README.txt", bytes, ["--message-file", message], client: client))
        log = try newest(root, client: client)
        #expect(replaced["revision"] as? Int == SVNRepositories.youngest + 2)
        #expect(log["message"] as? String == "replace README\nsecond line\n")
        #expect(change(log) == ("M", "/trunk/README.txt"))
        #expect(try catEquals(root + "/trunk/README.txt", bytes, client: client))
        // A unicode name with a space, given unescaped, read from standard input.
        let unicode = try record(
            try put(
                root + "/trunk/日本語/new file ü.bin", "-", ["-m", "ünïcode from stdin"], client: client,
                input: Data(Self.binary.reversed())))
        log = try newest(root, client: client)
        #expect(unicode["url"] as? String == root + "/trunk/%E6%97%A5%E6%9C%AC%E8%AA%9E/new%20file%20%C3%BC.bin")
        #expect(log["message"] as? String == "ünïcode from stdin")
        #expect(change(log) == ("A", "/trunk/日本語/new file ü.bin"))
        let reversed = scratch.write(bytes: "reversed", Self.binary.reversed())
        #expect(try catEquals(unicode["url"] as? String ?? "", reversed, client: client))
        // An empty file replaces a full one.
        let empty = scratch.write("empty", "")
        _ = try record(try put(root + "/trunk/large.txt", empty, ["-m", "emptied"], client: client))
        #expect(try catEquals(root + "/trunk/large.txt", empty, client: client))
        // The history has the run, as for the other svn commands.
        let history = try tb(
            ["history", "--json", "--fields", "command,target,exit_status"], environment: client.environment)
        #expect(history.stdout.contains(#""command":"svn put""#), "\(history.stdout)")
    }

    /// A refusal: exit 2 (or `status`), one line starting `tb svn put: ` that contains `cause`, nothing on stdout,
    /// and no new revision.
    func expectRefused(
        _ run: Finished, _ cause: String, root: String, youngest: Int, client: SVNClient, status: Int32 = 2,
        credentials: [String] = []
    ) throws {
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("tb svn put: "), "\(run.stderr)")
        #expect(run.stderr.contains(cause), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1 || status == 64, "\(run.stderr)")
        #expect(try newest(root, client: client, credentials: credentials)["revision"] as? Int == youngest)
    }

    @Test func refusalsAreOneLineAndCommitNothing() throws {
        let repositories = try SVNRepositories(in: scratch.file("own"))
        let client = SVNClient(scratch: scratch)
        let root = repositories.fileURL("public")
        let youngest = SVNRepositories.youngest
        let file = scratch.write("file.txt", "contents\n")
        try expectRefused(
            try put(root + "/trunk/no-such-dir/file.txt", file, ["-m", "x"], client: client),
            "directory '\(root)/trunk/no-such-dir' does not exist", root: root, youngest: youngest, client: client)
        try expectRefused(
            try put(root + "/trunk/README.txt/file.txt", file, ["-m", "x"], client: client),
            "is a file, not a directory", root: root, youngest: youngest, client: client)
        try expectRefused(
            try put(root + "/trunk/dir with space", file, ["-m", "x"], client: client), "it is a directory",
            root: root, youngest: youngest, client: client)
        // Locked by carol with svn lock: tb holds no token.
        try expectRefused(
            try put(root + "/trunk/a%2520b.txt", file, ["-m", "x"], client: client), "it is locked by carol",
            root: root, youngest: youngest, client: client)
        // The same bytes as HEAD, from a file and from standard input: nothing to commit.
        let same = scratch.write("same", try client.run(["cat", root + "/trunk/with%20space.txt"]).stdout)
        try expectRefused(
            try put(root + "/trunk/with%20space.txt", same, ["-m", "x"], client: client),
            "already has these contents in r\(youngest)", root: root, youngest: youngest, client: client)
        try expectRefused(
            try put(
                root + "/trunk/binary.bin", "-", ["-m", "x"], client: client,
                input: Data((0...255).map { UInt8($0) })),
            "already has these contents", root: root, youngest: youngest, client: client)
        // Bad input: a missing FILE or a directory (before the server is asked), no message, a peg revision.
        try expectRefused(
            try put(root + "/trunk/x.txt", scratch.file("absent"), ["-m", "x"], client: client),
            "cannot read '\(scratch.file("absent"))'", root: root, youngest: youngest, client: client)
        try expectRefused(
            try put(root + "/trunk/x.txt", scratch.path, ["-m", "x"], client: client), "it is a directory",
            root: root, youngest: youngest, client: client)
        try expectRefused(
            try put(root + "/trunk/x.txt", file, [], client: client), "a log message is required", root: root,
            youngest: youngest, client: client, status: 64)
        try expectRefused(
            try put(root + "/trunk/x.txt@3", file, ["-m", "x"], client: client), "no peg revision", root: root,
            youngest: youngest, client: client, status: 64)
        // libsvn decodes %00 to the end of its C string: this URL would replace README.txt.
        try expectRefused(
            try put(root + "/trunk/README.txt%00.bak", file, ["-m", "x"], client: client), "'%00'", root: root,
            youngest: youngest, client: client, status: 64)
        // A file that only differs in size from HEAD is committed.
        let longer = scratch.write("longer", "contents\nmore\n")
        _ = try record(try put(root + "/trunk/with%20space.txt", longer, ["-m", "longer"], client: client))
    }

    /// Puts the binary bytes at `path` of the protected repository at `root` as `SVNRepositories.username`, and
    /// expects svn to see that commit: its author and revision, the `action`, the bytes. Returns the bytes' file.
    func expectProtectedPut(_ root: String, _ path: String, action: String, client: SVNClient) throws -> String {
        let bytes = scratch.write(bytes: "binary", Self.binary)
        let committed = try record(
            try put(
                root + path, bytes, ["-m", "binary bytes"] + Self.credentials, client: client, extra: Self.password))
        let log = try newest(root, client: client, credentials: Self.svnCredentials)
        #expect(committed["author"] as? String == SVNRepositories.username)
        #expect(committed["revision"] as? Int == SVNRepositories.youngest + 1)
        #expect(committed["revision"] as? Int == log["revision"] as? Int)
        #expect(log["message"] as? String == "binary bytes")
        #expect(change(log) == (action, path))
        #expect(try catEquals(root + path, bytes, client: client, credentials: Self.svnCredentials))
        return bytes
    }

    @Test func svnserveCommitsWithTheRightCredentialsOnly() throws {
        let repositories = try SVNRepositories(in: scratch.file("own"), allowWrites: true)
        let server = try TestServer.svnserve(root: repositories.parent, scratch: scratch)
        let client = SVNClient(scratch: scratch)
        let root = server.url("/private")
        let bytes = try expectProtectedPut(root, "/trunk/new.bin", action: "A", client: client)
        var log: [String: Any]
        // Replaced from standard input, then the same bytes again: refused, as the unchanged check reads the file
        // through a second session while the first holds the edit.
        let text = Data("over svn:// from stdin\n".utf8)
        _ = try record(
            try put(
                root + "/trunk/new.bin", "-", ["-m", "replace"] + Self.credentials, client: client,
                extra: Self.password,
                input: text))
        log = try newest(root, client: client, credentials: Self.svnCredentials)
        #expect(change(log) == ("M", "/trunk/new.bin"))
        #expect(log["message"] as? String == "replace")
        let youngest = log["revision"] as? Int ?? 0
        try expectRefused(
            try put(
                root + "/trunk/new.bin", "-", ["-m", "again"] + Self.credentials, client: client, extra: Self.password,
                input: text),
            "already has these contents", root: root, youngest: youngest, client: client,
            credentials: Self.svnCredentials)
        // Missing, wrong and unknown credentials: one line, exit 2, no prompt though stdin holds a password.
        let attempts: [([String], [String: String])] = [
            ([], [:]),
            (Self.credentials, ["TB_SVN_PASSWORD": "wrong"]),
            (["--username", "mallory"], Self.password),
        ]
        for (options, extra) in attempts {
            let started = Date()
            let run = try put(
                root + "/trunk/new.bin", bytes, ["-m", "refused"] + options, client: client, extra: extra,
                input: Data("secret\nsecret\n".utf8))
            try expectRefused(
                run, "cannot commit to '\(root)/trunk/new.bin': ", root: root, youngest: youngest, client: client,
                credentials: Self.svnCredentials)
            #expect(Date().timeIntervalSince(started) < 30)
        }
        // Anonymous users may read the public repository, not write to it.
        let publicRoot = server.url("/public")
        try expectRefused(
            try put(publicRoot + "/trunk/new.bin", bytes, ["-m", "anonymous"], client: client),
            "cannot commit to", root: publicRoot, youngest: SVNRepositories.youngest, client: client)
    }

    @Test func apacheCommitsWithBasicAuth() throws {
        let repositories = try SVNRepositories(in: scratch.file("own"))
        let server = try TestServer.apacheSVN(root: repositories.parent, scratch: scratch)
        let client = SVNClient(scratch: scratch)
        let root = server.url("/svn/private")
        let bytes = try expectProtectedPut(root, "/trunk/README.txt", action: "M", client: client)
        try expectRefused(
            try put(
                root + "/trunk/README.txt", bytes, ["-m", "again"] + Self.credentials, client: client,
                extra: Self.password),
            "already has these contents", root: root, youngest: SVNRepositories.youngest + 1, client: client,
            credentials: Self.svnCredentials)
        try expectRefused(
            try put(
                root + "/trunk/README.txt", bytes, ["-m", "wrong"] + Self.credentials, client: client,
                extra: ["TB_SVN_PASSWORD": "wrong"]),
            "cannot commit to", root: root, youngest: SVNRepositories.youngest + 1, client: client,
            credentials: Self.svnCredentials)
    }
}
