import Foundation
import TestSupport
import Testing

// tb svn blame, proplist and propget against the svn client on the same repositories: blame gives svn blame --xml's
// revisions, authors and dates with the text svn blame prints, proplist and propget svn's --xml properties (and
// --revprop the revision's), over file://, svn:// (svnserve) and http:// (Apache with mod_dav_svn); binary files are
// refused unless forced, missing paths end in one line, protected repositories never prompt.
@Suite(.serialized)
struct SVNBlamePropertyTests {
    let scratch = Scratch()

    /// One question to tb and svn: the subcommand, its arguments (a property's name last, before the URL), the path
    /// below the repository's URL, and the TARGET's URL in the operative revision when it differs (a peg revision
    /// followed back to an older name), which svn's XML names the paths below the TARGET after.
    struct Question: CustomStringConvertible {
        let command: String
        let arguments: [String]
        let path: String
        var base: String?

        init(_ command: String, _ arguments: [String], _ path: String, base: String? = nil) {
            self.command = command
            self.arguments = arguments
            self.path = path
            self.base = base
        }

        var description: String { "\(command) \(arguments.joined(separator: " ")) \(path)" }

        /// svn proplist -R walks directories in the order of APR's hash, which changes from run to run.
        var isUnordered: Bool {
            command == "proplist" && (arguments.contains("-R") || arguments.contains("--depth"))
        }
    }

    /// svn or its converter failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Questions about the edits repository (Tests/Fixtures/svn/make-edits-repository.sh).
    static let editsQuestions: [Question] = [
        Question("blame", [], "/trunk/renamed.txt"),
        // Followed back through the move of r3 and the copy of r4.
        Question("blame", [], "/trunk/copy.txt"),
        // CRLF line ends: as committed (r3), then with svn:eol-style native (r4 on).
        Question("blame", [], "/trunk/crlf.txt@3"),
        Question("blame", [], "/trunk/crlf.txt"),
        // Lines last changed before the start revision have no revision, author or date.
        Question("blame", ["-r", "2:3"], "/trunk/renamed.txt"),
        Question("blame", ["-r", "3"], "/trunk/renamed.txt"),
        Question("blame", [], "/trunk/keywords.txt"),
        Question("blame", [], "/trunk/%C3%BCn%C3%AF%20c%C3%B4de.txt"),
        Question("blame", [], "/trunk/native.txt@4"),
        Question("blame", [], "/trunk/sub/new.txt"),
        Question("blame", ["--force"], "/trunk/image.bin"),
        Question("proplist", ["-R"], "/trunk"),
        Question("proplist", ["-R", "-r", "2"], "/trunk"),
        Question("proplist", ["--depth", "immediates"], ""),
        Question("proplist", [], "/trunk/copy.txt"),
        Question("proplist", ["-r", "2"], "/trunk/renamed.txt@6", base: "/trunk/lines.txt"),
        Question("propget", ["-R", "svn:eol-style"], "/trunk"),
        Question("propget", ["-R", "-r", "3", "tb:color"], "/trunk"),
        Question("propget", ["--depth", "files", "svn:keywords"], "/trunk"),
        Question("propget", ["svn:mime-type"], "/trunk/image.bin"),
        Question("propget", ["-r", "2", "tb:color"], "/trunk/renamed.txt@6", base: "/trunk/lines.txt"),
        Question("proplist", ["--revprop", "-r", "5"], ""),
        Question("proplist", ["--revprop", "-r", "0"], "/trunk"),
        Question("propget", ["--revprop", "-r", "5", "tb:review"], ""),
        Question("propget", ["--revprop", "-r", "HEAD", "svn:log"], ""),
    ]

    /// Questions about the shared fixture (Tests/Fixtures/svn/make-repository.sh).
    static let sharedQuestions: [Question] = [
        // Several authors, one of them zoë.
        Question("blame", [], "/trunk/README.txt"),
        // r20 has no svn:author.
        Question("blame", [], "/trunk/changes.log"),
        Question("blame", ["-r", "20:25"], "/trunk/changes.log"),
        Question("proplist", ["-R"], "/trunk"),
        Question("propget", ["tb:note"], "/trunk/README.txt"),
        Question("propget", ["-R", "tb:dir-note"], ""),
        Question("propget", ["--revprop", "-r", "8", "svn:log"], ""),
        Question("proplist", ["--revprop", "-r", "20"], ""),
        Question("proplist", ["--revprop", "-r", "10"], ""),
    ]

    /// Asks tb and svn each question about the repository at `root` and expects the same records.
    func compare(
        _ questions: [Question], root: String, client: SVNClient, credentials: [String] = [],
        extra: [String: String] = [:]
    ) throws {
        let environment = client.environment.merging(extra) { $1 }
        for question in questions {
            let url = root + question.path
            let expected = try client.blamePropertyRecords(
                question, url: url, base: question.base.map { root + $0 }, credentials: credentials.svnSpelling)
            let run = try tb(
                ["svn", question.command, "--json"] + question.arguments + credentials + [
                    "--config-dir", client.configDirectory, url,
                ],
                environment: environment)
            #expect(run.status == 0, "\(question): \(run.stderr)")
            #expect(!expected.isEmpty, "\(question): svn gave nothing to compare")
            let printed = question.command == "blame" ? run.lines.map(Self.cutAtNUL) : run.lines
            #expect(
                question.isUnordered ? printed.sorted() == expected.sorted() : printed == expected,
                "\(question) over \(root)")
        }
    }

    /// A blame record with its text cut at the first NUL, as svn blame prints it (tb keeps the whole line).
    static func cutAtNUL(_ line: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let text = object["text"] as? String, let nul = text.firstIndex(of: "\u{0}")
        else { return line }
        return line.replacingOccurrences(of: jsonString(text), with: jsonString(String(text[..<nul])))
    }

    /// `text` as tb writes it in JSON.
    static func jsonString(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            case "\u{8}": escaped += "\\b"
            case "\u{c}": escaped += "\\f"
            case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    @Test func fileURLsGiveSvnsAnswers() throws {
        let client = SVNClient(scratch: scratch)
        try compare(Self.editsQuestions, root: "file://" + (try EditsRepository.parent()) + "/edits", client: client)
        try compare(Self.sharedQuestions, root: try SVNRepositories.shared().fileURL("public"), client: client)
    }

    @Test func svnserveGivesSvnsAnswersAndNeverPrompts() throws {
        let edits = try TestServer.svnserve(root: try EditsRepository.parent(), scratch: scratch)
        let client = SVNClient(scratch: scratch)
        try compare(Self.editsQuestions, root: edits.url("/edits"), client: client)
        try expectMissingPathsReported(root: edits.url("/edits"), environment: client.environment)
        let shared = try TestServer.svnserve(root: try SVNRepositories.shared().parent, scratch: scratch)
        try compareProtected(by: shared, under: "", client: client)
    }

    @Test func apacheGivesSvnsAnswersAndNeverPrompts() throws {
        let edits = try TestServer.apacheSVN(root: try EditsRepository.parent(), scratch: scratch)
        let client = SVNClient(scratch: scratch)
        try compare(Self.editsQuestions, root: edits.url("/svn/edits"), client: client)
        try expectMissingPathsReported(root: edits.url("/svn/edits"), environment: client.environment)
        let shared = try TestServer.apacheSVN(root: try SVNRepositories.shared().parent, scratch: scratch)
        try compareProtected(by: shared, under: "/svn", client: client)
    }

    /// The shared questions over a server's public and private repositories, then the private one refused without
    /// the right credentials, at once and in one line, for each command.
    func compareProtected(by server: TestServer, under prefix: String, client: SVNClient) throws {
        try compare(Self.sharedQuestions, root: server.url(prefix + "/public"), client: client)
        try compare(
            Self.sharedQuestions, root: server.url(prefix + "/private"), client: client,
            credentials: ["--username", SVNRepositories.username],
            extra: ["TB_SVN_PASSWORD": SVNRepositories.password])
        let url = server.url(prefix + "/private/trunk/README.txt")
        let attempts: [([String], [String: String])] = [
            ([], [:]),
            (["--username", SVNRepositories.username], ["TB_SVN_PASSWORD": "wrong"]),
        ]
        for (command, verb) in [
            (["blame"], "blame"), (["proplist"], "list the properties of"),
            (["propget", "tb:note"], "get property 'tb:note' of"),
        ] {
            for (options, extra) in attempts {
                let started = Date()
                let run = try tb(
                    ["svn"] + command + ["--config-dir", client.configDirectory] + options + [url],
                    environment: client.environment.merging(extra) { $1 }, input: "secret\nsecret\n")
                #expect(run.status == 2, "\(command) \(options): \(run.stderr)")
                #expect(run.stdout.isEmpty, "\(command) \(options)")
                #expect(run.stderr.hasPrefix("tb svn \(command[0]): cannot \(verb) '\(url)': "), "\(run.stderr)")
                #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
                #expect(run.stderr.contains("tb never prompts"), "\(run.stderr)")
                #expect(Date().timeIntervalSince(started) < 30)
            }
        }
    }

    /// svn refuses to blame a file whose svn:mime-type is binary ("Skipping binary file (use --force to treat as
    /// text)"); tb too, in one line and with exit status 2, and the other targets are still blamed.
    @Test func aBinaryFileIsRefusedUnlessForced() throws {
        let client = SVNClient(scratch: scratch)
        let root = "file://" + (try EditsRepository.parent()) + "/edits"
        let svn = try client.run(["blame", root + "/trunk/image.bin"])
        #expect(svn.stderr.contains("Skipping binary file (use --force to treat as text)"), "\(svn.stderr)")
        let refused = try tb(
            ["svn", "blame", "--json", root + "/trunk/image.bin", root + "/trunk/sub/new.txt"],
            environment: client.environment)
        #expect(refused.status == 2)
        #expect(
            refused.stderr == "tb svn blame: cannot blame '\(root)/trunk/image.bin': binary file (use --force to "
                + "treat as text)\n")
        #expect(refused.lines == (try client.blamePropertyRecords(Question("blame", [], root + "/trunk/sub/new.txt"))))
        let forced = try tb(
            ["svn", "blame", "--force", "--json", root + "/trunk/image.bin"], environment: client.environment)
        #expect(forced.status == 0, "\(forced.stderr)")
        // The bytes 0 to 9, 11 and 12, then the rest: LF and CR end lines.
        #expect(forced.lines.count == 3)
        // A file with NULs and no svn:mime-type is text to svn: blamed without --force, its line whole in tb.
        let raw = try tb(["svn", "blame", "--json", root + "/trunk/raw.bin"], environment: client.environment)
        #expect(raw.status == 0, "\(raw.stderr)")
        #expect(raw.lines.count == 1)
        #expect(raw.stdout.contains(#""revision":2,"author":"bob","#), "\(raw.stdout)")
        #expect(raw.stdout.hasSuffix(#","text":"raw\u0000bytes\u0000two"}"# + "\n"), "\(raw.stdout)")
    }

    /// svn blame reads the lines of a CRLF file without their CR, whatever svn:eol-style says: so does tb, though
    /// svn cat gives the CRs.
    @Test func theLinesOfACRLFFileHaveNoCR() throws {
        let client = SVNClient(scratch: scratch)
        let url = "file://" + (try EditsRepository.parent()) + "/edits/trunk/crlf.txt@3"
        #expect((try client.run(["cat", url])).stdout == "first\r\nsecond, changed\r\nthird\r\n")
        let run = try tb(
            ["svn", "blame", "--format", "tsv", "--fields", "text", url], environment: client.environment)
        #expect(run.lines == ["first", "second, changed", "third"])
    }

    /// Each command given a path that does not exist below `root` (the edits repository) and one that does: the
    /// missing one in one line that says so, the other answered, exit status 2; and blame given a binary file.
    func expectMissingPathsReported(root: String, environment: [String: String]) throws {
        let binary = try tb(["svn", "blame", root + "/trunk/image.bin"], environment: environment)
        #expect(binary.status == 2)
        #expect(
            binary.stderr
                == "tb svn blame: cannot blame '\(root)/trunk/image.bin': binary file (use --force to treat as text)\n")
        for (arguments, message) in [
            (["blame"], "tb svn blame: cannot blame '\(root)/trunk/nope': not found"),
            (["proplist"], "tb svn proplist: cannot list the properties of '\(root)/trunk/nope': not found"),
            (
                ["proplist", "-r", "2"],
                "tb svn proplist: cannot list the properties of '\(root)/trunk/nope': not found"
            ),
            (
                ["propget", "tb:color"],
                "tb svn propget: cannot get property 'tb:color' of '\(root)/trunk/nope': not found"
            ),
        ] {
            let run = try tb(
                ["svn"] + arguments + ["--json", root + "/trunk/nope", root + "/trunk/copy.txt"],
                environment: environment)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            // The other TARGET is still answered.
            #expect(!run.lines.isEmpty, "\(arguments)")
        }
    }

    @Test func missingPathsAndBadArgumentsEndInOneLine() throws {
        let environment = SVNClient(scratch: scratch).environment
        let root = "file://" + (try EditsRepository.parent()) + "/edits"
        try expectMissingPathsReported(root: root, environment: environment)
        let directory = try tb(["svn", "blame", root + "/trunk"], environment: environment)
        #expect(directory.status == 2)
        #expect(directory.stderr == "tb svn blame: '\(root)/trunk' is a directory: tb svn blame reads files\n")
        // A property a node does not have is an error, as in svn; below a TARGET it is simply absent.
        let unset = try tb(["svn", "propget", "tb:none", root + "/trunk"], environment: environment)
        #expect(unset.status == 2)
        #expect(unset.stderr == "tb svn propget: property 'tb:none' not found on '\(root)/trunk'\n")
        let unsetBelow = try tb(["svn", "propget", "-R", "tb:none", root + "/trunk"], environment: environment)
        #expect(unsetBelow.status == 0, "\(unsetBelow.stderr)")
        #expect(unsetBelow.stdout.isEmpty)
        let noRevisionProperty = try tb(
            ["svn", "propget", "--revprop", "-r", "5", "tb:none", root], environment: environment)
        #expect(noRevisionProperty.status == 2)
        #expect(noRevisionProperty.stderr == "tb svn propget: property 'tb:none' not found on revision 5\n")
        let noRevision = try tb(["svn", "proplist", "--revprop", "-r", "99", root], environment: environment)
        #expect(noRevision.status == 2)
        #expect(noRevision.stderr.split(separator: "\n").count == 1, "\(noRevision.stderr)")
        // What svn refuses before it asks: --revprop without a revision, with two TARGETs; a name that is none.
        for arguments in [
            ["proplist", "--revprop", root], ["propget", "--revprop", "svn:log", root],
            ["proplist", "--revprop", "-r", "1", root, root], ["propget", "9lives", root],
            ["propget", "", root],
        ] {
            let run = try tb(["svn"] + arguments, environment: environment)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
        }
    }

    /// A server that accepts and never speaks: each command ends after --timeout in one line, as the others do.
    @Test func aSilentServerEndsTheRunAfterTheTimeout() throws {
        let listeners = try Listeners(open: 1)
        let environment = SVNClient(scratch: scratch).environment
        let url = "svn://127.0.0.1:\(listeners.open[0])/repo/file.txt"
        for (arguments, verb) in [
            (["blame"], "blame"), (["proplist"], "list the properties of"),
            (["propget", "tb:x"], "get property 'tb:x' of"),
            (["proplist", "--revprop", "-r", "1"], "list the properties of"),
        ] {
            let started = Date()
            let run = try tb(["svn"] + arguments + ["--timeout", "1", url], environment: environment)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(
                run.stderr == "tb svn \(arguments[0]): cannot \(verb) '\(url)': no answer from the server within 1s\n")
            #expect(Date().timeIntervalSince(started) < 10)
        }
    }

    /// svn stores any bytes in a property: a value that is not UTF-8 comes in base64, with encoding set, and the
    /// bytes are svn's (its XML gives them in base64 too).
    @Test func aValueThatIsNotUTF8ComesInBase64() throws {
        let client = SVNClient(scratch: scratch)
        let repository = scratch.file("bytes")
        let value = scratch.write(bytes: "value", [0x66, 0x6F, 0xFF, 0xFE, 0x00, 0x80])
        let text = scratch.write("text", "tab\tand\u{1}control")
        let made = try bash(
            """
            svnadmin create '\(repository)' && svnmucc --non-interactive --config-dir '\(client.configDirectory)' \
              -U 'file://\(repository)' -m bytes mkdir d propsetf tb:bytes '\(value)' d propsetf tb:text '\(text)' d \
              && printf '#!/bin/sh\nexit 0\n' > '\(repository)/hooks/pre-revprop-change' \
              && chmod +x '\(repository)/hooks/pre-revprop-change' \
              && svn propset --non-interactive --config-dir '\(client.configDirectory)' --revprop -r 1 tb:bytes \
                -F '\(value)' 'file://\(repository)'
            """, environment: client.environment)
        #expect(made.status == 0, "\(made.stderr)")
        let url = "file://" + repository + "/d"
        for question in [
            Question("proplist", [], url), Question("propget", ["tb:bytes"], url),
            Question("proplist", ["--revprop", "-r", "1"], url),
        ] {
            let run = try tb(
                ["svn", question.command, "--json"] + question.arguments + [url], environment: client.environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.lines == (try client.blamePropertyRecords(question)), "\(question)")
        }
        let bytes = try tb(["svn", "propget", "--json", "tb:bytes", url], environment: client.environment)
        #expect(bytes.stdout.contains(#""value":"Zm///gCA","encoding":"base64""#), "\(bytes.stdout)")
    }
}

extension SVNClient {
    /// The records tb svn blame, proplist or propget should print for `question` about `url` (the question's path
    /// when none is given), worked out from what svn prints (SVNBlamePropertyTests.converter): `base` is the
    /// TARGET's URL in the operative revision, when it is not `url` without its peg revision.
    func blamePropertyRecords(
        _ question: SVNBlamePropertyTests.Question, url: String? = nil, base: String? = nil, credentials: [String] = []
    ) throws -> [String] {
        let target = url ?? question.path
        let arguments =
            (question.command == "proplist" ? ["proplist", "-v"] : [question.command]) + question.arguments
            + credentials + [target]
        let operative = base ?? (target.lastIndex(of: "@").map { String(target[..<$0]) } ?? target)
        let converted = try runProgram(
            "/usr/bin/python3",
            [
                "-c", SVNBlamePropertyTests.converter, configDirectory,
                question.command == "blame" ? "blame" : "properties",
                operative,
            ] + arguments,
            environment: environment)
        guard converted.status == 0 else {
            throw SVNBlamePropertyTests.Failure("svn \(arguments): \(converted.stderr)")
        }
        return converted.lines
    }
}

extension SVNBlamePropertyTests {
    /// Runs svn (`--non-interactive --config-dir DIR ARGUMENTS...`) and prints the NDJSON records tb should print for
    /// the same question: python3 -c CONVERTER DIR blame|properties BASE ARGUMENTS.... blame: svn blame --xml's
    /// revisions, authors and dates (dates cut to whole seconds), with the text of each line as svn blame prints it
    /// after the revision and author columns; properties: svn's --xml (proplist -v, propget, --revprop), each value
    /// decoded from base64 where svn encoded it, text when it is UTF-8 and base64 (on one line) when not.
    static let converter = #"""
        import base64, json, subprocess, sys, urllib.parse
        import xml.etree.ElementTree as ElementTree

        config, mode, base = sys.argv[1:4]
        arguments = sys.argv[4:]

        def svn(extra):
            answer = subprocess.run(
                ["svn", "--non-interactive", "--config-dir", config] + arguments + extra, capture_output=True)
            if answer.returncode != 0:
                sys.exit(answer.stderr.decode(errors="replace"))
            return answer.stdout

        def emit(record):
            sys.stdout.buffer.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode() + b"\n")

        def seconds(date):
            return None if date is None else date.split(".")[0].rstrip("Z") + "Z"

        def name(url):
            return urllib.parse.unquote(url.rstrip("/").rsplit("/", 1)[-1])

        def path(url):
            return urllib.parse.unquote(url[len(base) + 1:]) if url.startswith(base + "/") else name(url)

        def text(element, tag):
            child = element.find(tag)
            return None if child is None else child.text or ""

        if mode == "blame":
            root = ElementTree.fromstring(svn(["--xml"]))
            printed = svn([]).split(b"\n")[:-1]
            entries = list(root.iter("entry"))
            if len(printed) != len(entries):
                sys.exit(f"svn blame printed {len(printed)} lines and its XML has {len(entries)}")
            target = name(root.find("target").get("path"))
            for entry, line in zip(entries, printed):
                commit = entry.find("commit")
                revision = author = date = None
                if commit is not None:
                    revision, author, date = int(commit.get("revision")), text(commit, "author"), text(commit, "date")
                # "%6ld %10s " before the text; an author longer than 10 bytes widens its column.
                width = 7 + max(10, len((author or "-").encode())) + 1
                emit({"type": "blame", "path": target, "line": int(entry.get("line-number")), "revision": revision,
                      "author": author, "date": seconds(date),
                      "text": line[width:].decode("utf-8", errors="replace")})
        else:
            root = ElementTree.fromstring(svn(["--xml"]))
            for target in root:
                for element in target.findall("property"):
                    raw = (element.text or "").encode()
                    if element.get("encoding") == "base64":
                        raw = base64.b64decode(raw)
                    try:
                        value, encoding = raw.decode("utf-8"), None
                    except UnicodeDecodeError:
                        value, encoding = base64.b64encode(raw).decode(), "base64"
                    if target.tag == "revprops":
                        where, revision = None, int(target.get("rev"))
                    else:
                        where, revision = path(target.get("path")), None
                    emit({"type": "property", "path": where, "revision": revision, "name": element.get("name"),
                          "value": value, "encoding": encoding})
        """#
}

extension [String] {
    /// tb's credential options as svn spells them (svn takes the password on the command line; tb never does).
    fileprivate var svnSpelling: [String] {
        contains("--username") ? self + ["--password", SVNRepositories.password, "--no-auth-cache"] : self
    }
}
