import Foundation
import TestSupport
import Testing

// tb svn against the svn client on the same repositories: ls, log and info give svn's answers as records and cat
// svn's bytes, over file://, svn:// (svnserve), http:// (Apache with mod_dav_svn) and svn+ssh:// (sshd); protected
// repositories with right, wrong and missing credentials never prompt and exit 2; the directory cache answers what
// the server would.
@Suite(.serialized)
struct SVNCommandTests {
    let scratch = Scratch()

    /// The questions asked over every scheme: (tb's arguments after the subcommand, svn's, whether the ls target is
    /// a file). Paths are relative to a repository URL.
    static let questions: [(command: String, arguments: [String], path: String, file: Bool?)] = [
        ("ls", [], "/trunk", nil),
        ("ls", ["-R"], "", nil),
        ("ls", ["--depth", "files"], "/trunk", nil),
        ("ls", [], "/trunk/%C3%BCn%C3%AFcode.txt", true),
        // A file followed back by its peg revision to the name it had in r12.
        ("ls", ["-r", "12"], "/trunk/dir%20with%20space/moved.txt@20", true),
        ("ls", [], "/trunk/dir%20with%20space", nil),
        ("ls", ["-r", "12"], "/branches", nil),
        // The node is followed back from r21 to the name it had in r20 (branches/feature/日本語).
        ("ls", ["-R", "-r", "20"], "/branches/feature/moved%20dir@21", nil),
        ("log", ["-v"], "", nil),
        ("log", ["-r", "5:9"], "/trunk", nil),
        ("log", ["-v", "-l", "3"], "/trunk", nil),
        ("log", ["-v", "--stop-on-copy"], "/branches/feature", nil),
        ("info", ["-R"], "/trunk", nil),
        ("info", [], "/trunk/a%2520b.txt", nil),
        ("info", ["-r", "10"], "/trunk/README.txt", nil),
    ]

    /// Asks tb and svn every question about the repository at `root` and expects the same records.
    func compare(root: String, client: SVNClient, credentials: [String] = [], extra: [String: String] = [:]) throws {
        let environment = client.environment.merging(extra) { $1 }
        for question in Self.questions {
            let url = root + question.path
            let expected = try client.records(
                [question.command] + question.arguments + credentials.svnSpelling + [url], fileTarget: question.file)
            let run = try tb(
                ["svn", question.command, "--json"] + question.arguments + credentials + [
                    "--config-dir", client.configDirectory, url,
                ],
                environment: environment)
            #expect(run.status == 0, "\(question): \(run.stderr)")
            // svn info -R walks directories in the order of APR's hash, which changes from run to run.
            let sorted = question.command == "info"
            #expect(
                sorted ? run.lines.sorted() == expected.sorted() : run.lines == expected,
                "\(question.command) \(question.arguments) \(url)")
        }
    }

    @Test func fileURLsGiveSvnsAnswers() throws {
        let repositories = try SVNRepositories.shared()
        try compare(root: repositories.fileURL("public"), client: SVNClient(scratch: scratch))
    }

    /// Over file:// tb reads the fields it prints itself rather than through libsvn's listing (SVNLocalRepository):
    /// whichever of them are printed, they are svn's.
    @Test func eachFieldOfALocalListingIsSvns() throws {
        let repositories = try SVNRepositories.shared()
        let client = SVNClient(scratch: scratch)
        for (path, arguments) in [("", ["-R"]), ("/branches/feature/moved%20dir@21", ["-R", "-r", "20"])] {
            let url = repositories.fileURL("public", path)
            let expected = try client.records(["ls"] + arguments + [url])
            for fields in [
                ["path", "size"], ["path", "revision"], ["path", "date"], ["path", "author"], ["path", "kind"],
            ] {
                let run = try tb(
                    ["svn", "ls", "--json", "--no-cache", "--fields", fields.joined(separator: ",")] + arguments + [
                        "--config-dir", client.configDirectory, url,
                    ],
                    environment: client.environment)
                #expect(run.status == 0, "\(run.stderr)")
                let printed = try run.lines.map { try Self.object($0, keeping: fields) }
                let wanted = try expected.map { try Self.object($0, keeping: fields) }
                #expect(printed == wanted, "\(fields) \(url)")
            }
        }
    }

    /// A record's `fields`, as an object that compares by value.
    static func object(_ line: String, keeping fields: [String]) throws -> NSDictionary {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        return NSDictionary(dictionary: object.filter { fields.contains($0.key) })
    }

    @Test func svnserveGivesSvnsAnswersAndNeverPrompts() throws {
        let repositories = try SVNRepositories.shared()
        try compareServed(by: TestServer.svnserve(root: repositories.parent, scratch: scratch), under: "")
    }

    @Test func apacheGivesSvnsAnswersAndNeverPrompts() throws {
        let repositories = try SVNRepositories.shared()
        try compareServed(by: TestServer.apacheSVN(root: repositories.parent, scratch: scratch), under: "/svn")
    }

    /// tb svn cat and svn cat write the same bytes for binary, large, empty and escaped files below `root`.
    func expectSameCat(root: String, client: SVNClient) throws {
        for path in ["/trunk/binary.bin", "/trunk/large.txt", "/trunk/empty.txt", "/trunk/100%25.txt"] {
            let url = root + path
            let ours = scratch.file("ours"), theirs = scratch.file("theirs")
            let script = """
                '\(Package.binary)' svn cat '\(url)' > '\(ours)' && svn cat --non-interactive '\(url)' > '\(theirs)' \
                && cmp '\(ours)' '\(theirs)'
                """
            let result = try bash(script, environment: client.environment)
            #expect(result.status == 0, "\(url): \(result.stderr)")
        }
    }

    /// The questions over a server's public and private repositories (at `prefix`/public and `prefix`/private), then
    /// the private one refused without the right credentials.
    func compareServed(by server: TestServer, under prefix: String) throws {
        let client = SVNClient(scratch: scratch)
        try compare(root: server.url(prefix + "/public"), client: client)
        try expectSameCat(root: server.url(prefix + "/public"), client: client)
        try compare(
            root: server.url(prefix + "/private"), client: client,
            credentials: ["--username", SVNRepositories.username],
            extra: ["TB_SVN_PASSWORD": SVNRepositories.password])
        try expectRefused(server.url(prefix + "/private/trunk"), client: client)
    }

    @Test func svnPlusSSHRunsTheTunnel() throws {
        let repositories = try SVNRepositories.shared()
        let server = try TestServer.sshd(scratch: scratch)
        let client = SVNClient(scratch: scratch, svnSSH: server.svnSSH)
        let url = server.url(repositories.path("public") + "/trunk")
        let expected = try client.records(["ls", url])
        let run = try tb(
            ["svn", "ls", "--json", "--config-dir", client.configDirectory, url], environment: client.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == expected)
        let cat = try tb(["svn", "cat", url + "/with%20space.txt"], environment: client.environment)
        #expect(cat.stdout == (try client.run(["cat", url + "/with%20space.txt"])).stdout)
    }

    /// Missing and wrong credentials: one line naming the cause, exit 2, within a bound that a prompt would break.
    func expectRefused(_ url: String, client: SVNClient) throws {
        let attempts: [([String], [String: String])] = [
            ([], [:]),
            (["--username", SVNRepositories.username], ["TB_SVN_PASSWORD": "wrong"]),
            (["--username", "mallory"], ["TB_SVN_PASSWORD": SVNRepositories.password]),
        ]
        for (options, extra) in attempts {
            let run = try client.expectListingRefused(url, options, extra: extra, input: "secret\nsecret\n")
            #expect(!run.stderr.contains(SVNRepositories.password) || extra["TB_SVN_PASSWORD"] == nil)
        }
    }

    @Test func catIsByteForByteSvnCat() throws {
        let repositories = try SVNRepositories.shared()
        let client = SVNClient(scratch: scratch)
        try expectSameCat(root: repositories.fileURL("public"), client: client)
        // The @ of a name needs no escape when no revision follows it; a peg revision still works after it.
        let at = try tb(
            ["svn", "cat", repositories.fileURL("public", "/trunk/at@sign.txt")], environment: client.environment)
        #expect(at.status == 0, "\(at.stderr)")
        #expect(at.stdout == (try client.run(["cat", repositories.fileURL("public", "/trunk/at@sign.txt@")])).stdout)
        let pegged = try tb(
            ["svn", "cat", repositories.fileURL("public", "/trunk/README.txt@7")], environment: client.environment)
        #expect(
            pegged.stdout == (try client.run(["cat", repositories.fileURL("public", "/trunk/README.txt@7")])).stdout)
    }

    @Test func urlsLibsvnWouldAbortOnAreCanonicalised() throws {
        let repositories = try SVNRepositories.shared()
        let client = SVNClient(scratch: scratch)
        let expected = try client.records(["ls", repositories.fileURL("public", "/trunk/dir%20with%20space")])
        for raw in ["/trunk/dir with space/", "/trunk//dir with space", "/trunk/dir%20with%20space/"] {
            let run = try tb(
                ["svn", "ls", "--json", repositories.fileURL("public", raw)], environment: client.environment)
            #expect(run.status == 0, "\(raw): \(run.stderr)")
            #expect(run.lines == expected, "\(raw)")
        }
        // A repository's directory is a file:// URL; LANG unset still reads unicode names.
        var bare = client.environment
        bare["LANG"] = nil
        bare["LC_ALL"] = nil
        let local = try tb(["svn", "ls", "--json", repositories.path("public") + "/trunk/日本語"], environment: bare)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(
            local.lines
                == (try client.records(["ls", repositories.fileURL("public", "/trunk/%E6%97%A5%E6%9C%AC%E8%AA%9E")])))
    }

    @Test func badTargetsAndMissingPathsEndInOneLine() throws {
        let repositories = try SVNRepositories.shared()
        let environment = SVNClient(scratch: scratch).environment
        let missing = try tb(["svn", "ls", repositories.fileURL("public", "/nope")], environment: environment)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("not found"), "\(missing.stderr)")
        let dots = try tb(
            ["svn", "ls", repositories.fileURL("public", "/trunk/../branches")], environment: environment)
        #expect(dots.status == 64, "\(dots.stderr)")
        let notURL = try tb(["svn", "info", "no-such-thing"], environment: environment)
        #expect(notURL.status == 64, "\(notURL.stderr)")
        let notRepository = try tb(["svn", "info", scratch.file("nothing-here")], environment: environment)
        #expect(notRepository.status == 64, "\(notRepository.stderr)")
        #expect(notRepository.stderr.contains("nothing-here"))
        let refused = try tb(
            ["svn", "log", "svn://127.0.0.1:\(try TestServer.freePort())/x"], environment: environment)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("onnection refused"), "\(refused.stderr)")
        let directory = try tb(["svn", "cat", repositories.fileURL("public", "/trunk")], environment: environment)
        #expect(directory.status == 2, "\(directory.stderr)")
        let noFile = try tb(
            ["svn", "ls", "--password-file", scratch.file("absent"), repositories.fileURL("public")],
            environment: environment)
        #expect(noFile.status == 2, "\(noFile.stderr)")
        #expect(noFile.stderr.contains("cannot read password file"))
    }

    /// A server that accepts and never speaks, and one whose SYNs are dropped: libsvn has no timeout for either, the
    /// watchdog ends the run after --timeout with what was printed before, and a slow reader does not count.
    @Test func aSilentServerEndsTheRunAfterTheTimeout() throws {
        let repositories = try SVNRepositories.shared()
        let listeners = try Listeners(open: 1, closed: 0, silent: 1)
        let environment = SVNClient(scratch: scratch).environment
        // Not the dropped SYNs under TSan: it holds the watchdog's signal back while libsvn's blocking connect() waits,
        // so the run ends when the kernel gives up on the connect (136 s), not after --timeout (1.1 s under ASan).
        let silent = Sanitizer.current == "thread" ? [] : ["svn://127.0.0.1:\(listeners.silent[0])/repo"]
        for url in ["svn://127.0.0.1:\(listeners.open[0])/repo", "http://127.0.0.1:\(listeners.open[0])/repo"] + silent
        {
            let started = Date()
            let run = try tb(
                ["svn", "ls", "--json", "--timeout", "1", repositories.fileURL("public", "/tags"), url],
                environment: environment)
            #expect(run.status == 2, "\(url): \(run.stderr)")
            #expect(run.lines.count == 1, "\(url): the listing before it is printed")
            // serf's own http-timeout (set from --timeout) may speak first for http://.
            #expect(run.stderr.hasPrefix("tb svn ls: cannot list '\(url)': "), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            if url.hasPrefix("svn:") {
                #expect(run.stderr == "tb svn ls: cannot list '\(url)': no answer from the server within 1s\n")
            }
            #expect(Date().timeIntervalSince(started) < 10)
        }
        // A reader that takes its time is not a silent server.
        let slow = try bash(
            "'\(Package.binary)' svn log --timeout 1 --json '\(repositories.fileURL("public"))' | (sleep 2; wc -l)",
            environment: environment)
        #expect(slow.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "35", "\(slow.stderr)")
    }

    /// svn sorts changed paths as paths: a directory's children right after it, before its siblings ("/x/a",
    /// "/x/a/b", "/x/a-b"), not in byte order.
    @Test func changedPathsAreInSvnsOrder() throws {
        let repository = scratch.file("order")
        let client = SVNClient(scratch: scratch)
        let made = try bash(
            """
            svnadmin create '\(repository)' && svnmucc --non-interactive --config-dir '\(client.configDirectory)' \
              -U 'file://\(repository)' -m order mkdir x mkdir x/a mkdir x/a/b mkdir x/a-b mkdir x/a.c mkdir x/A
            """, environment: client.environment)
        #expect(made.status == 0, "\(made.stderr)")
        let run = try tb(["svn", "log", "-v", "--json", "file://" + repository], environment: client.environment)
        #expect(run.lines == (try client.records(["log", "-v", "file://" + repository])))
        #expect(run.stdout.contains(#""path":"/x/a/b""#))
    }

    /// svn:date is whatever the repository (or a server) says: libsvn parses each field of it without bounds, and
    /// its arithmetic wraps. A date that wraps to just above Int64.min microseconds (day 106751992 of 1970) is a
    /// date tb shows, not an overflow that kills it, in the log and in a listing.
    @Test func aDateLibsvnWrapsAroundIsNoCrash() throws {
        let repository = scratch.file("dates/repo")
        let client = SVNClient(scratch: scratch)
        let made = try bash(
            """
            mkdir '\(scratch.file("dates"))' && svnadmin create '\(repository)' && svnmucc --non-interactive \
              --config-dir '\(client.configDirectory)' -U 'file://\(repository)' -m wrap mkdir d \
              && printf '%s' '1970-01-106751992T04:00:55.000000Z' > '\(scratch.file("date"))' \
              && svnadmin setrevprop '\(repository)' -r 1 svn:date '\(scratch.file("date"))'
            """, environment: client.environment)
        #expect(made.status == 0, "\(made.stderr)")
        let server = try TestServer.svnserve(root: scratch.file("dates"), scratch: scratch)
        // svnserve sends a listing's dates as the text of the wrapped time, which libsvn then refuses ("bogus date",
        // as svn ls says): only its log carries the date as stored.
        for (url, commands) in [
            ("file://" + repository, [["log"], ["ls", "--fields", "name,date"]]), (server.url("/repo"), [["log"]]),
        ] {
            for command in commands {
                let run = try tb(["svn"] + command + ["--json", url], environment: client.environment)
                #expect(run.status == 0, "\(url) \(command): \(run.stderr)")
                #expect(run.lines.count == 1, "\(url) \(command): \(run.stdout)")
            }
        }
    }

    @Test func aHeadListingIsAnsweredFromTheCacheUntilTheDirectoryChanges() throws {
        let repositories = try SVNRepositories(in: scratch.file("own"))
        let client = SVNClient(scratch: scratch)
        let url = repositories.fileURL("public", "/trunk/l1")
        let first = try tb(["svn", "ls", "-R", "--json", url], environment: client.environment)
        #expect(first.status == 0, "\(first.stderr)")
        // The cache now answers offline, and a commit elsewhere does not change this listing.
        let offline = try tb(["svn", "ls", "-R", "--json", "--offline", url], environment: client.environment)
        #expect(offline.lines == first.lines)
        let elsewhere = try client.run(["mkdir", "-m", "elsewhere", repositories.fileURL("public", "/trunk/new-dir")])
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
        let again = try tb(["svn", "ls", "-R", "--json", url], environment: client.environment)
        #expect(again.lines == first.lines)
        // A change below the directory is seen at once.
        let below = try client.run(["mkdir", "-m", "below", repositories.fileURL("public", "/trunk/l1/added")])
        #expect(below.status == 0, "\(below.stderr)")
        let changed = try tb(["svn", "ls", "-R", "--json", url], environment: client.environment)
        #expect(changed.lines == (try client.records(["ls", "-R", url])))
        #expect(changed.lines.count == first.lines.count + 1)
        // Offline with nothing cached is an error, not an empty listing.
        let never = try tb(
            ["svn", "ls", "--offline", repositories.fileURL("public", "/tags")], environment: client.environment)
        #expect(never.status == 2)
        #expect(never.stderr.contains("no cached listing"), "\(never.stderr)")
    }

    /// UUIDs are public (`svnadmin setuuid` copies one): a listing cached from one repository must not answer for
    /// another with the same UUID, the same path and the same revision, online or offline.
    @Test func aCachedListingAnswersOnlyForTheRepositoryItCameFrom() throws {
        let client = SVNClient(scratch: scratch)
        var urls: [String: String] = [:]
        for (name, file) in [("evil", "MALWARE.sh"), ("good", "README.txt")] {
            let repository = scratch.file(name)
            for arguments in [["create", repository], ["setuuid", repository, SVNRepositories.publicUUID]] {
                let made = try runProgram("/usr/bin/svnadmin", arguments, environment: client.environment)
                #expect(made.status == 0, "\(made.stderr)")
            }
            scratch.write("\(name)-import/\(file)", "#!/bin/sh\n")
            urls[name] = "file://" + repository + "/trunk"
            let imported = try client.run(["import", "-m", "r1", scratch.file("\(name)-import"), urls[name] ?? ""])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let evil = urls["evil"] ?? ""
        let good = urls["good"] ?? ""
        func names(_ options: [String], _ url: String) throws -> [String] {
            let run = try tb(
                ["svn", "ls", "--format", "tsv", "--fields", "name"] + options + [url], environment: client.environment)
            #expect(run.status == 0, "\(options) \(url): \(run.stderr)")
            return run.lines
        }
        #expect(try names([], evil) == ["MALWARE.sh"])
        #expect(try names([], good) == ["README.txt"])
        #expect(try names(["--no-cache"], good) == ["README.txt"])
        #expect(try names(["--offline"], good) == ["README.txt"])
        #expect(try names(["--offline"], evil) == ["MALWARE.sh"])
        // The other way round, each listing now cached: still each its own.
        #expect(try names([], evil) == ["MALWARE.sh"])
        #expect(try names([], good) == ["README.txt"])
    }

    @Test func locksAreAskedForAgainOnACachedListing() throws {
        let repositories = try SVNRepositories(in: scratch.file("own"))
        let client = SVNClient(scratch: scratch)
        let url = repositories.fileURL("public", "/trunk")
        _ = try tb(["svn", "ls", "--json", url], environment: client.environment)
        let lock = try client.run(["lock", "-m", "mine", url + "/empty.txt"])
        #expect(lock.status == 0, "\(lock.stderr)")
        let run = try tb(["svn", "ls", "--json", url], environment: client.environment)
        #expect(run.lines == (try client.records(["ls", url])))
    }

    @Test func theLogStreamsAndEveryRunIsInTheHistory() throws {
        let repositories = try SVNRepositories.shared()
        let client = SVNClient(scratch: scratch)
        let url = repositories.fileURL("public")
        let search = try tb(
            ["svn", "log", "--json", "--search", "UNICODE", "-v", url], environment: client.environment)
        #expect(search.status == 0, "\(search.stderr)")
        #expect(!search.lines.isEmpty)
        let history = try tb(
            ["history", "--json", "--fields", "command,target,exit_status"], environment: client.environment)
        #expect(history.stdout.contains("\"command\":\"svn log\""))
        #expect(!history.stdout.contains(SVNRepositories.password))
    }
}

extension SVNClient {
    /// Runs `tb svn ls` with this client's config dir and `options`, `extra` in the environment and `input` on
    /// stdin, and expects a refusal: exit 2, nothing on stdout, one line `tb svn ls: cannot list 'URL': …`, within a
    /// bound that a prompt would break. Returns the run for further checks.
    @discardableResult
    func expectListingRefused(
        _ url: String, _ options: [String], extra: [String: String] = [:], input: String
    ) throws -> Finished {
        let started = Date()
        let run = try tb(
            ["svn", "ls", "--config-dir", configDirectory] + options + [url],
            environment: environment.merging(extra) { $1 }, input: input)
        #expect(run.status == 2, "\(options): \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("tb svn ls: cannot list '\(url)': "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
        return run
    }
}

extension [String] {
    /// tb's credential options as svn spells them (svn takes the password on the command line; tb never does).
    fileprivate var svnSpelling: [String] {
        contains("--username") ? self + ["--password", SVNRepositories.password, "--no-auth-cache"] : self
    }
}
