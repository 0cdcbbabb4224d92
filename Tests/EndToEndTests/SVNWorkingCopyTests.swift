import Foundation
import TestSupport
import Testing

// tb svn inside a checkout, against the svn client in the same working copy: paths of the working copy (relative,
// absolute, from a subdirectory) stand for their nodes' URLs at BASE, -c N names the change made in N, and PREV,
// BASE and COMMITTED are the working copy's revisions; on a URL they are usage errors.
@Suite(.serialized)
struct SVNWorkingCopyTests {
    let scratch = Scratch()

    /// A repository and a mixed-revision checkout of its trunk: the root at r5, a.txt committed again in r6 without
    /// an update, d/b.txt modified and not committed, u.txt unversioned and new.txt added.
    struct Checkout {
        let repository: String
        let workingCopy: String
        let client: SVNClient
    }

    func checkout() throws -> Checkout {
        let client = SVNClient(scratch: scratch)
        let repository = scratch.file("repo")
        let workingCopy = scratch.file("wc")
        func svn(_ arguments: [String], in directory: String? = nil) throws {
            let run = try client.run(arguments, directory: directory ?? workingCopy)
            guard run.status == 0 else { throw CheckoutError("svn \(arguments): \(run.stderr)") }
        }
        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: workingCopy + "/" + name, atomically: false, encoding: .utf8)
        }
        let created = try runProgram("/usr/bin/svnadmin", ["create", repository], environment: client.environment)
        guard created.status == 0 else { throw CheckoutError("svnadmin: \(created.stderr)") }
        try svn(["mkdir", "-m", "trunk", "file://" + repository + "/trunk"], in: scratch.path)
        try svn(["checkout", "-q", "file://" + repository + "/trunk", workingCopy], in: scratch.path)
        try write("a.txt", "a $Id$\n")
        try FileManager.default.createDirectory(atPath: workingCopy + "/d", withIntermediateDirectories: false)
        try write("d/b.txt", "b\n")
        try svn(["add", "-q", "a.txt", "d"])
        try svn(["propset", "-q", "svn:keywords", "Id", "a.txt"])
        try svn(["commit", "-q", "-m", "two files"])
        try write("a.txt", "a $Id$\nmore\n")
        try svn(["commit", "-q", "-m", "change a\nsecond line"])
        try svn(["copy", "-q", "a.txt", "c.txt"])
        try svn(["commit", "-q", "-m", "copy a"])
        try write("d/b.txt", "b\nb2\n")
        try svn(["commit", "-q", "-m", "change b"])
        try svn(["update", "-q"])
        try write("a.txt", "a $Id$\nmore\nthird\n")
        try svn(["commit", "-q", "-m", "change a again"])
        try write("d/b.txt", "b\nb2\nlocal change\n")
        try write("u.txt", "unversioned\n")
        try write("new.txt", "added\n")
        try svn(["add", "-q", "new.txt"])
        return Checkout(repository: repository, workingCopy: workingCopy, client: client)
    }

    func tb(_ arguments: [String], in directory: String, _ checkout: Checkout) throws -> Finished {
        try TestSupport.tb(
            ["svn"] + arguments + ["--config-dir", checkout.client.configDirectory],
            environment: checkout.client.environment, directory: directory)
    }

    @Test func logOfWorkingCopyPathsIsSvnsLog() throws {
        let checkout = try checkout()
        let wc = checkout.workingCopy
        let questions: [(directory: String, arguments: [String])] = [
            (wc, ["."]), (wc, ["a.txt"]), (wc, ["d"]), (wc, ["d/b.txt"]), (wc, ["-v", "."]), (wc, [wc + "/a.txt"]),
            (wc + "/d", ["."]), (wc + "/d", [".."]), (wc + "/d", ["b.txt"]),
            (wc, ["-r", "PREV", "a.txt"]), (wc, ["-r", "COMMITTED:1", "."]), (wc, ["-r", "BASE:2", "a.txt"]),
            (wc, ["a.txt@COMMITTED"]), (wc, ["d@PREV"]), (wc, ["-r", "PREV", "d"]), (wc, ["a.txt@BASE"]),
            (wc, ["-c", "3", "."]), (wc, ["-c", "3,5", "."]), (wc, ["-c", "-4", "."]), (wc, ["-c", "2-4", "."]),
            (wc, ["-c", "3", "-c", "4", "."]), (wc, ["-c", "r3", "."]),
            (wc, ["-c", "3", "file://" + checkout.repository + "/trunk"]),
            // No TARGET is the current directory, as svn takes it inside a working copy.
            (wc, []), (wc + "/d", []), (wc, ["-v", "-l", "2"]),
        ]
        for question in questions {
            let expected = try checkout.client.records(["log"] + question.arguments, directory: question.directory)
            let run = try tb(["log", "--json"] + question.arguments, in: question.directory, checkout)
            #expect(run.status == 0, "\(question): \(run.stderr)")
            #expect(run.lines == expected, "\(question)")
        }
    }

    @Test func infoAndLsOfWorkingCopyPathsAreSvns() throws {
        let checkout = try checkout()
        let wc = checkout.workingCopy
        let infoFields = [
            "path", "url", "repos_root", "repos_uuid", "revision", "kind", "last_changed_revision",
            "last_changed_author", "last_changed_date",
        ]
        for (directory, arguments) in [
            (wc, ["."]), (wc, ["a.txt"]), (wc, ["d", "d/b.txt"]), (wc + "/d", ["."]), (wc + "/d", [".."]),
            (wc, ["-r", "PREV", "a.txt"]), (wc, ["a.txt@BASE"]), (wc, ["-r", "COMMITTED", "d"]),
            // Not -R of the root: svn info -R includes new.txt, added and not committed, which tb (reading the
            // repository at BASE) does not see.
            (wc, ["-r", "2", "a.txt"]), (wc + "/d", ["-R", "."]), (wc, ["-R", "d"]), (wc + "/d", []),
        ] {
            let expected = try checkout.client.records(["info"] + arguments, directory: directory)
            let run = try tb(["info", "--json"] + arguments, in: directory, checkout)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            // svn info -R walks directories in the order of APR's hash, which changes from run to run.
            let printed = try run.lines.map { try SVNCommandTests.object($0, keeping: infoFields) }
            let wanted = try expected.map { try SVNCommandTests.object($0, keeping: infoFields) }
            #expect(Set(printed) == Set(wanted) && printed.count == wanted.count, "info \(arguments)")
        }
        let entryFields = ["path", "name", "kind", "size", "revision", "author", "date"]
        for (directory, arguments) in [
            (wc, ["."]), (wc, ["-R", "."]), (wc, ["d"]), (wc + "/d", [".."]), (wc, ["-r", "PREV", "d"]),
            (wc, ["-r", "2", "."]), (wc, [wc]), (wc, []), (wc + "/d", ["-R"]),
        ] {
            let expected = try checkout.client.records(["ls"] + arguments, directory: directory)
            for cache in [["--no-cache"], []] {
                let run = try tb(["ls", "--json"] + cache + arguments, in: directory, checkout)
                #expect(run.status == 0, "\(arguments): \(run.stderr)")
                #expect(
                    try run.lines.map { try SVNCommandTests.object($0, keeping: entryFields) }
                        == expected.map { try SVNCommandTests.object($0, keeping: entryFields) }, "ls \(arguments)")
            }
        }
    }

    @Test func catOfWorkingCopyFilesIsSvnCat() throws {
        let checkout = try checkout()
        let wc = checkout.workingCopy
        for (directory, arguments) in [
            (wc, ["a.txt"]), (wc, ["d/b.txt"]), (wc + "/d", ["b.txt", "../a.txt"]), (wc, [wc + "/c.txt"]),
            (wc, ["-r", "PREV", "a.txt"]), (wc, ["a.txt@COMMITTED"]), (wc, ["-r", "2", "a.txt"]),
            (wc, ["--ignore-keywords", "a.txt"]),
        ] {
            let expected = try checkout.client.run(["cat"] + arguments, directory: directory)
            #expect(expected.status == 0, "\(expected.stderr)")
            let run = try tb(["cat"] + arguments, in: directory, checkout)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout == expected.stdout, "cat \(arguments)")
        }
    }

    /// svn takes -c only for log; tb's cat, ls and info take it too, as the revision made by the change.
    @Test func changeNamesItsRevisionInCatLsAndInfo() throws {
        let checkout = try checkout()
        let wc = checkout.workingCopy
        let cat = try tb(["cat", "-c", "3", "a.txt"], in: wc, checkout)
        #expect(cat.status == 0, "\(cat.stderr)")
        #expect(cat.stdout == (try checkout.client.run(["cat", "-r", "3", "a.txt"], directory: wc)).stdout)
        let ls = try tb(["ls", "-c", "2", "--template", "%(path)", "."], in: wc, checkout)
        #expect(ls.lines == ["a.txt", "d"], "\(ls.stderr)")
        let info = try tb(["info", "-c", "4", "--template", "%(revision)", "c.txt"], in: wc, checkout)
        #expect(info.lines == ["4"], "\(info.stderr)")
    }

    @Test func wrongRevisionsAndPathsEndInOneLine() throws {
        let checkout = try checkout()
        let wc = checkout.workingCopy
        let url = "file://" + checkout.repository + "/trunk"
        func expectOneLine(_ arguments: [String], status: Int32, _ text: String, in directory: String? = nil) throws {
            let run = try tb(arguments, in: directory ?? wc, checkout)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            let message = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(message.contains(text), "\(arguments): \(run.stderr)")
            if status == 2 { #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)") }
        }
        try expectOneLine(["log", "-r", "PREV", url], status: 64, "needs a path in a working copy")
        try expectOneLine(["cat", url + "/a.txt@BASE"], status: 64, "needs a path in a working copy")
        try expectOneLine(["info", "-r", "COMMITTED", url], status: 64, "needs a path in a working copy")
        try expectOneLine(["log", "-c", "3", "-r", "4", "."], status: 64, "do not go together")
        try expectOneLine(["log", "-c", "0", "."], status: 64, "there is no change 0")
        try expectOneLine(["log", "-c", "x", "."], status: 64, "-c")
        try expectOneLine(["cat", "d"], status: 2, "'d' is a directory: tb svn cat reads files")
        try expectOneLine(["cat", url + "/d"], status: 2, "is a directory: tb svn cat reads files")
        // Over svn:// libsvn says "Attempted to get checksum of a *non*-file node".
        let server = try TestServer.svnserve(root: scratch.path, scratch: scratch)
        try expectOneLine(["cat", server.url("/repo/trunk/d")], status: 2, "is a directory: tb svn cat reads files")
        try expectOneLine(["cat", "u.txt"], status: 2, "'u.txt': not under version control")
        try expectOneLine(["info", "nothing"], status: 2, "'nothing': not under version control")
        try expectOneLine(["cat", "new.txt"], status: 2, "not committed yet")
        try expectOneLine(["cat", "-r", "99", "a.txt"], status: 2, "no such revision 99")
        try expectOneLine(["log", "-r", "99", "."], status: 2, "no such revision 99")
        // No TARGET outside a working copy (the scratch folder holds the repository and the checkout).
        for command in ["log", "info", "ls"] {
            try expectOneLine([command], status: 64, "missing TARGET", in: scratch.path)
        }
        // A path missing from the repository, in one wording whatever libsvn's layer says.
        for command in ["ls", "cat", "info", "log"] {
            try expectOneLine([command, url + "/nope"], status: 2, "'\(url)/nope': not found")
            try expectOneLine([command, server.url("/repo/trunk/nope")], status: 2, "/repo/trunk/nope': not found")
        }
        try expectOneLine(["info", url + "/nope"], status: 2, "'\(url)/nope': not found in revision 6")
        // A directory that is neither a working copy nor a repository.
        let plain = scratch.file("plain")
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: false)
        try expectOneLine(["ls", plain], status: 64, "a path in a working copy or a repository's directory")
        // The other targets are still read.
        let both = try tb(["cat", "u.txt", "a.txt"], in: wc, checkout)
        #expect(both.status == 2 && both.stdout.hasPrefix("a $Id: a.txt 6 "), "\(both.stdout) \(both.stderr)")
    }

    /// On a terminal, -v prints the log as svn log -v does, byte for byte: the changed paths under their revision and
    /// copies with their source, at any width, in the local time zone.
    @Test(arguments: [80, 200])
    func verboseLogOnATerminalIsSvnLogV(columns: Int) throws {
        let checkout = try checkout()
        var environment = checkout.client.environment
        environment["TZ"] = "XST-05:45"
        for arguments in [
            ["-v", "file://" + checkout.repository + "/trunk"], ["-v", "."], ["-v", "-r", "4", "c.txt"],
            ["-v", "--search", "nothing-matches", "."],
        ] {
            let svn = try onTerminal(
                "/usr/bin/svn", ["log", "--config-dir", checkout.client.configDirectory] + arguments, columns: columns,
                environment: environment, directory: checkout.workingCopy, errors: scratch.file("svn.err"),
                transcript: scratch.file("svn.typescript"))
            let run = try onTerminal(
                Package.binary, ["svn", "log", "--config-dir", checkout.client.configDirectory] + arguments,
                columns: columns, environment: environment, directory: checkout.workingCopy,
                errors: scratch.file("tb.err"), transcript: scratch.file("tb.typescript"))
            #expect(run.status == 0, "\(arguments)")
            #expect(run.stdout.contains("   A /trunk/c.txt (from /trunk/a.txt:3)") || arguments.count != 2)
            #expect(run.stdout == svn.stdout, "\(arguments)")
        }
        // The history counts the revisions the view printed (the root of the checkout is at r5).
        let history = try TestSupport.tb(
            ["history", "--command", "svn log", "--template", "%(records)"], environment: environment)
        #expect(history.lines == ["6", "5", "1", "0"], "\(history.stdout)")
    }
}

/// The checkout could not be made.
struct CheckoutError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
