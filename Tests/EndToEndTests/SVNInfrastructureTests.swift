// The svn tests' infrastructure, proved with the real svn client: the fixture repositories, svnserve, Apache with
// mod_dav_svn and sshd answer over every scheme, refuse wrong and missing credentials without prompting, and
// svn_xml.py turns svn's XML into the records tb prints.
import Foundation
import TestSupport
import Testing

struct SVNInfrastructureTests {
    let scratch = Scratch()

    /// The names the tests rely on, as `svn ls` prints them.
    static let trunk = [
        "100%.txt", "README.txt", "a%20b.txt", "at@sign.txt", "binary.bin", "changes.log", "dir with space/",
        "empty.txt", "l1/", "large.txt", "replaced.txt", "script.sh", "with space.txt", "ünïcode.txt", "日本語/",
    ]

    /// A listing of trunk, as svn prints it, or svn's complaint.
    func list(_ url: String, _ options: [String] = [], client: SVNClient? = nil) throws -> Finished {
        try (client ?? SVNClient(scratch: scratch)).run(["ls"] + options + [url])
    }

    /// Without credentials and with wrong ones svn fails at once instead of prompting; with the right ones it lists.
    func expectPasswordProtected(_ url: String) throws {
        let password = SVNRepositories.password
        let missing = try list(url)
        #expect(missing.status == 1 && missing.stdout.isEmpty, "\(missing.stderr)")
        let wrong = try list(
            url, ["--username", SVNRepositories.username, "--password", password + "x", "--no-auth-cache"])
        #expect(wrong.status == 1 && wrong.stdout.isEmpty, "\(wrong.stderr)")
        let right = try list(url, ["--username", SVNRepositories.username, "--password", password, "--no-auth-cache"])
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.lines == Self.trunk)
    }

    @Test func theRepositoryHasWhatTheTestsNeed() throws {
        let repositories = try SVNRepositories.shared()
        let client = SVNClient(scratch: scratch)
        let all = try client.run(["ls", "-R", repositories.fileURL("public")])
        #expect(all.status == 0, "\(all.stderr)")
        let expected = [
            "trunk/l1/l2/l3/l4/l5/l6/l7/l8/l9/l10/deep.txt", "trunk/dir with space/moved.txt",
            "branches/feature/moved dir/", "tags/1.0/日本語/ファイル.txt",
        ]
        for path in expected {
            #expect(all.lines.contains(path), "\(path)")
        }
        #expect(!all.lines.contains("trunk/obsolete.txt"))
        let info = try client.records(["info", repositories.fileURL("public"), repositories.fileURL("private")])
        #expect(info.count == 2)
        #expect(info.allSatisfy { $0.contains(#""revision":\#(SVNRepositories.youngest),"#) })
        #expect(info[0].contains(SVNRepositories.publicUUID) && info[1].contains(SVNRepositories.privateUUID))
        // The bytes survive only outside a Swift String.
        let binaryURL = repositories.fileURL("public", "/trunk/binary.bin")
        let binary = try bash(
            "svn cat --non-interactive --config-dir '\(client.configDirectory)' '\(binaryURL)' | /usr/bin/python3 -c"
                + " 'import sys; print(sys.stdin.buffer.read() == bytes(range(256)))'",
            environment: client.environment)
        #expect(binary.stdout == "True\n", "\(binary.stderr)")
        let properties = try client.run(["proplist", "-v", repositories.fileURL("public", "/trunk/script.sh")])
        #expect(properties.stdout.contains("svn:executable"))
        let large = try client.records(["ls", repositories.fileURL("public", "/trunk/large.txt")])
        #expect(large.first?.contains(#""size":3100000,"#) == true)
    }

    @Test func fileAndSVNServe() throws {
        let repositories = try SVNRepositories.shared()
        #expect(try list(repositories.fileURL("public", "/trunk")).lines == Self.trunk)
        let server = try TestServer.svnserve(root: repositories.parent, scratch: scratch)
        let anonymous = try list(server.url("/public/trunk"))
        #expect(anonymous.status == 0, "\(anonymous.stderr)")
        #expect(anonymous.lines == Self.trunk)
        try expectPasswordProtected(server.url("/private/trunk"))
    }

    @Test func apacheWithModDAVSVN() throws {
        let repositories = try SVNRepositories.shared()
        let server = try TestServer.apacheSVN(root: repositories.parent, scratch: scratch)
        let anonymous = try list(server.url("/svn/public/trunk"))
        #expect(anonymous.status == 0, "\(anonymous.stderr)")
        #expect(anonymous.lines == Self.trunk)
        try expectPasswordProtected(server.url("/svn/private/trunk"))
        // Locks and unicode travel over DAV too: the records agree with file://.
        let client = SVNClient(scratch: scratch)
        let overHTTP = try client.records(["info", server.url("/svn/public/trunk/%C3%BCn%C3%AFcode.txt")])
        let local = try client.records(["info", repositories.fileURL("public", "/trunk/%C3%BCn%C3%AFcode.txt")])
        let root = "file://" + repositories.path("public")
        #expect(overHTTP == local.map { $0.replacingOccurrences(of: root, with: server.url("/svn/public")) })
    }

    @Test func svnOverSSH() throws {
        let repositories = try SVNRepositories.shared()
        let server = try TestServer.sshd(scratch: scratch)
        let client = SVNClient(scratch: scratch, svnSSH: server.svnSSH)
        let listed = try list(server.url(repositories.path("public") + "/trunk"), client: client)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.lines == Self.trunk)
        #expect(listed.stderr.isEmpty)
        let log = try client.records(["log", "-l", "1", server.url(repositories.path("private"))])
        #expect(log.first?.hasPrefix(#"{"type":"revision","revision":35,"author":"alice""#) == true)
    }

    /// The lock dates are the build's; everything else of the records is fixed.
    static func withoutLockDates(_ lines: [String]) -> [String] {
        lines.map {
            $0.replacingOccurrences(of: #""created":"[^"]*""#, with: #""created":"…""#, options: .regularExpression)
        }
    }

    @Test func svnXMLGivesTheRecordsOfKnownEntries() throws {
        let repositories = try SVNRepositories.shared()
        let client = SVNClient(scratch: scratch)
        let trunk = repositories.fileURL("public", "/trunk")
        let entries = try client.records([
            "ls", trunk + "/%C3%BCn%C3%AFcode.txt", trunk + "/at@sign.txt@", trunk + "/日本語",
        ])
        #expect(
            Self.withoutLockDates(entries) == [
                #"{"type":"entry","url":"\#(trunk)/%C3%BCn%C3%AFcode.txt","path":"ünïcode.txt","name":"ünïcode.txt","kind":"file","size":17,"revision":10,"author":"bob","date":"2024-01-01T10:00:00Z","lock":{"owner":"alice","comment":"Verrouillé — 編集中\nsecond line","created":"…","expires":null,"token":"opaquelocktoken:7b2e6e78-0000-4000-8000-00000000100c"}}"#,
                #"{"type":"entry","url":"\#(trunk)/at@sign.txt","path":"at@sign.txt","name":"at@sign.txt","kind":"file","size":8,"revision":4,"author":"carol","date":"2024-01-01T04:00:00Z","lock":null}"#,
                #"{"type":"entry","url":"\#(trunk)/%E6%97%A5%E6%9C%AC%E8%AA%9E/%E3%83%95%E3%82%A1%E3%82%A4%E3%83%AB.txt","path":"ファイル.txt","name":"ファイル.txt","kind":"file","size":25,"revision":3,"author":"bob","date":"2024-01-01T03:00:00Z","lock":null}"#,
            ])
        let deep = try client.records(["ls", "-R", trunk + "/dir%20with%20space"])
        #expect(
            deep == [
                #"{"type":"entry","url":"\#(trunk)/dir%20with%20space/file%20in%20dir.txt","path":"file in dir.txt","name":"file in dir.txt","kind":"file","size":22,"revision":3,"author":"bob","date":"2024-01-01T03:00:00Z","lock":null}"#,
                #"{"type":"entry","url":"\#(trunk)/dir%20with%20space/moved.txt","path":"moved.txt","name":"moved.txt","kind":"file","size":10,"revision":13,"author":"carol","date":"2024-01-01T13:00:00Z","lock":null}"#,
            ])
        let log = try client.records(["log", "-v", "-r", "8:10", repositories.fileURL("public")])
        #expect(
            log == [
                #"{"type":"revision","revision":8,"author":"zoë","date":"2024-01-01T08:00:00Z","message":"Édition du fichier README\n\nSecond paragraph: 日本語, ünïcode — and \"quotes\".\n\tTabbed line","changed_paths":[{"action":"M","path":"/trunk/README.txt","kind":"file","copyfrom_path":null,"copyfrom_revision":null}]}"#,
                #"{"type":"revision","revision":9,"author":"alice","date":"2024-01-01T09:00:00Z","message":"","changed_paths":[{"action":"M","path":"/trunk/README.txt","kind":"file","copyfrom_path":null,"copyfrom_revision":null}]}"#,
                #"{"type":"revision","revision":10,"author":"bob","date":"2024-01-01T10:00:00Z","message":null,"changed_paths":[{"action":"M","path":"/trunk/ünïcode.txt","kind":"file","copyfrom_path":null,"copyfrom_revision":null}]}"#,
            ])
        let moves = try client.records([
            "log", "-v", "-r", "21", "-r", "20", "-r", "16", repositories.fileURL("public"),
        ])
        #expect(
            moves == [
                #"{"type":"revision","revision":21,"author":"carol","date":"2024-01-01T21:00:00Z","message":"Move a directory on the branch","changed_paths":[{"action":"A","path":"/branches/feature/moved dir","kind":"dir","copyfrom_path":"/branches/feature/日本語","copyfrom_revision":20},{"action":"D","path":"/branches/feature/日本語","kind":"dir","copyfrom_path":null,"copyfrom_revision":null}]}"#,
                #"{"type":"revision","revision":20,"author":null,"date":"2024-01-01T20:00:00Z","message":"Add the change log (this revision has no author)","changed_paths":[{"action":"A","path":"/trunk/changes.log","kind":"file","copyfrom_path":null,"copyfrom_revision":null}]}"#,
                #"{"type":"revision","revision":16,"author":"carol","date":"2024-01-01T16:00:00Z","message":"Replace the branch with a new copy of trunk","changed_paths":[{"action":"R","path":"/branches/feature","kind":"dir","copyfrom_path":"/trunk","copyfrom_revision":15}]}"#,
            ])
        let root = repositories.fileURL("public")
        let info = try client.records(["info", root + "/trunk/100%25.txt", root + "/trunk"])
        #expect(
            info == [
                #"{"type":"info","url":"\#(root)/trunk/100%25.txt","path":"100%.txt","repos_root":"\#(root)","repos_uuid":"\#(SVNRepositories.publicUUID)","revision":35,"kind":"file","last_changed_revision":4,"last_changed_author":"carol","last_changed_date":"2024-01-01T04:00:00Z","size":20,"lock":null}"#,
                #"{"type":"info","url":"\#(root)/trunk","path":"trunk","repos_root":"\#(root)","repos_uuid":"\#(SVNRepositories.publicUUID)","revision":35,"kind":"dir","last_changed_revision":35,"last_changed_author":"alice","last_changed_date":"2024-01-02T11:00:00Z","size":null,"lock":null}"#,
            ])
    }

    /// svn_xml.py escapes every name of the repository as svn does: the URL of each entry of a recursive listing is
    /// the one `svn info` gives for it.
    @Test func svnXMLEscapesURLsAsSVNDoes() throws {
        let repositories = try SVNRepositories.shared()
        let client = SVNClient(scratch: scratch)
        let urls = try client.records(["ls", "-R", repositories.fileURL("public")]).map(Self.url)
        #expect(urls.count > 70)
        // The trailing @ keeps svn from reading a peg revision into at@sign.txt.
        let info = try client.records(["info"] + urls.map { $0 + "@" }).map(Self.url)
        #expect(info == urls)
    }

    static func url(_ record: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any] else {
            return ""
        }
        return object["url"] as? String ?? ""
    }
}
