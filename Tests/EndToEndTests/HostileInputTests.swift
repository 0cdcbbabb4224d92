// The hostile-input suite: every command of the built binary against input made to hurt it — XML and
// HTML bombs, catastrophic patterns, broken URLs and targets, servers that lie or stall, damaged store files, a full
// and a read-only disk, and signals in the middle of a store write. Whatever comes in, tb must end with a defined
// status, say what went wrong in one line (`tb CMD: …`, no control characters), print only whole records, and leave
// the store as it was or as it should be, never torn. The other suites test many of these paths in depth; this one
// walks them all in one place. Everything it contacts is on 127.0.0.1 or ::1.
import Foundation
import TestSupport
import Testing

struct HostileInputTests {
    let scratch = Scratch()
    let feeds = Fixtures.folder("feeds")

    func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Finished {
        try tb(arguments, environment: environment ?? scratch.environment)
    }

    /// Runs a bash script with `arguments` as $0, $1…
    func shell(_ script: String, _ arguments: [String]) throws -> Finished {
        try runProgram("/bin/bash", ["-c", script] + arguments, environment: scratch.environment)
    }

    /// The body the test server sends for `path`, fetched with curl(1).
    func fetch(_ server: TestServer, _ path: String) throws -> String {
        try runProgram("/usr/bin/curl", ["-s", server.url(path)], environment: [:]).stdout
    }

    // MARK: XML

    /// Billion laughs, an external entity naming /etc/passwd and a parameter entity naming the test server, 100,000
    /// levels of nesting, a 10 MB attribute, NULs and bytes that are not UTF-8: a parse error (2) or records.
    @Test(arguments: [[], ["--events"], ["--strict"]])
    func hostileXML(_ mode: [String]) throws {
        let server = try TestServer.http(root: feeds)
        let entities = scratch.write(
            "xxe.xml",
            """
            <?xml version="1.0"?>
            <!DOCTYPE rss [
             <!ENTITY secret SYSTEM "file:///etc/passwd">
             <!ENTITY % remote SYSTEM "\(server.url("/flaky/xxe/0/rss20.xml"))">
             %remote;
            ]>
            <rss version="2.0"><channel><title>XXE</title><item><title>[&secret;]</title></item></channel></rss>
            """)
        let deep = scratch.write(
            "deep.xml",
            #"<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>a</title></item><item>"#
                + String(repeating: "<x>", count: 100_000) + String(repeating: "</x>", count: 100_000)
                + "</item></channel></rss>")
        let attribute = scratch.write(
            "attribute.xml", rss(["a", "b"], attribute: String(repeating: "x", count: 10 << 20)))
        let nul = scratch.write(bytes: "nul.xml", Array(rss(["a", "b\u{0}c"]).utf8))
        let notUTF8 = scratch.write(
            bytes: "latin.xml", Array(rss(["a", "caf"]).utf8).replacing(Array("caf".utf8), with: [0x63, 0xFF, 0xC3]))
        for (path, status, message) in [
            (feeds + "/billion-laughs.xml", 2, "limit on input amplification factor"),
            (entities, 0, ""),
            (deep, 2, "has elements nested more than 20000 deep"),
            (attribute, 2, "has a tag, comment or processing instruction too long to hold"),
            (nul, 0, ""),
            (notUTF8, 0, ""),
        ] as [(String, Int32, String)] {
            let result = try run(["feed", "--json"] + mode + [path])
            expectClean(result, "feed", status: status, "\(mode) \(path)")
            if !message.isEmpty { #expect(result.stderr.contains(message), "\(mode) \(path): \(result.stderr)") }
        }
        let passwd = try String(contentsOfFile: "/etc/passwd", encoding: .utf8).prefix { $0 != "\n" }
        let read = try run(["feed", "--json"] + mode + [entities])
        #expect(!passwd.isEmpty && !read.stdout.contains(passwd), "\(mode): the external entity was read")
        #expect(try fetch(server, "/count/xxe") == "0", "\(mode): the external DTD was fetched")
    }

    /// An RSS document with one item per title; `attribute` goes into the last item's title.
    func rss(_ titles: [String], attribute: String? = nil) -> String {
        var items = ""
        for (index, title) in titles.enumerated() {
            let extra = index == titles.count - 1 ? attribute.map { " a=\"\($0)\"" } ?? "" : ""
            items += "<item><title\(extra)>\(title)</title><guid>\(title)</guid></item>"
        }
        return #"<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>"# + items + "</channel></rss>"
    }

    // MARK: HTML

    /// 100,000 nested divs, a comment and a tag that never end, a 1 MB attribute, NULs and invalid UTF-8, with both
    /// parsers and --stream: records, status 0. `--stream --first` on the nested divs used to hold every nested match
    /// (each with its path and HTML) and grew to gigabytes; it prints its one node at once.
    @Test(arguments: [["--parser", "html5"], ["--parser", "libxml2"], ["--stream"]])
    func hostileHTML(_ mode: [String]) throws {
        let divs =
            String(repeating: "<div>", count: 100_000) + "<a href=u>deep</a>"
            + String(repeating: "</div>", count: 100_000)
        let pages: [(String, String, [String], Int)] = [
            ("divs.html", "<!DOCTYPE html><p>x</p>" + divs, ["--first", "--html", "div"], 1),
            ("comment.html", "<!DOCTYPE html><p>x</p><!-- never closed <p>y</p>", ["p"], 1),
            ("tag.html", "<!DOCTYPE html><p>x</p><a href=\"never closed", ["p"], 1),
            (
                "attribute.html", "<p>x</p><a href=\"" + String(repeating: "z", count: 1 << 20) + "\">y</a>",
                ["-a", "href", "a"], 1
            ),
        ]
        for (name, text, arguments, count) in pages {
            let path = scratch.write(name, text)
            // timeout(1) only turns a hang into a failure.
            let result = try shell(
                "exec timeout -s KILL 120 \"$0\" html --json \"$@\"", [Package.binary] + mode + arguments + [path])
            expectClean(result, "html", status: 0, warnings: result.stderr.isEmpty ? 0 : 1, "\(mode) \(name)")
            #expect(result.lines.count == count, "\(mode) \(name)")
        }
        let nul = scratch.write(bytes: "nul.html", Array("<!DOCTYPE html><p>x\u{0}y</p><\u{0}p>z</p>".utf8))
        let invalid = scratch.write(
            bytes: "invalid.html", Array("<meta charset=utf-8><p>x".utf8) + [0xFF, 0xFE, 0xC3] + Array("</p>".utf8))
        for path in [nul, invalid] {
            let result = try run(["html", "--json"] + mode + ["p", path])
            expectClean(result, "html", status: 0, "\(mode) \(path)")
            #expect(result.lines.first?.contains("x\u{FFFD}") == true, "\(mode) \(path): \(result.stdout)")
        }
    }

    // MARK: Patterns

    /// A catastrophic pattern ends with the match-limit error (2), never hangs; patterns PCRE2 refuses, from the
    /// command line or a -f file with a NUL or a byte that is not UTF-8, are usage errors (64).
    @Test func hostilePatterns() throws {
        let subject = scratch.write("aaa.txt", String(repeating: "a", count: 5000) + "b\n")
        for mode in [[], ["--lines"], ["--count"], ["--invert-match"]] {
            let result = try run(["regex"] + mode + ["(a+)+$", subject])
            expectClean(result, "regex", status: 2, "\(mode)")
            #expect(result.stderr.contains("backtracks too much"), "\(mode): \(result.stderr)")
        }
        scratch.write(bytes: "nul-pattern", Array("x\u{0}(\n".utf8))
        scratch.write(bytes: "latin-pattern", [0xFF, 0x28, 0x0A])
        for arguments in [
            ["(a"], ["a{99999999}"], ["\\"], ["(?<=a+)b"], ["(a)\\g{-9}"], ["-f", scratch.file("nul-pattern")],
            ["-f", scratch.file("latin-pattern")], ["--max-match-size", "0", "a"],
        ] {
            let result = try run(["regex"] + arguments + [subject])
            expectClean(result, "regex", status: 64, "\(arguments)")
        }
    }

    /// A directory holding a FIFO, a device node, a symbolic link loop, a dangling link whose name holds a newline
    /// and an escape sequence, a file with NULs and a name that is not UTF-8: nothing blocks or is read from the
    /// device; each problem is one line, with the control characters escaped.
    @Test func hostileDirectory() throws {
        let tree = scratch.file("tree")
        try FileManager.default.createDirectory(atPath: tree + "/sub", withIntermediateDirectories: true)
        scratch.write("tree/a.txt", "hello\n")
        scratch.write(bytes: "tree/nul.txt", Array("hel\u{0}lo hello\n".utf8))
        #expect(mkfifo(tree + "/fifo", 0o600) == 0)
        // A private node with /dev/zero's numbers: reading it would never end.
        let made = try shell("mknod \"$0/zero\" c 1 5 && ln -s ../sub \"$0/sub/loop\"", [tree])
        #expect(made.status == 0, "\(made.stderr)")
        try FileManager.default.createSymbolicLink(
            atPath: tree + "/evil\n\u{1B}[31mred", withDestinationPath: "nowhere")
        let latin = try shell("printf 'hello\\n' > \"$0/$(printf 'bad\\377name').txt\"", [tree])
        #expect(latin.status == 0)
        let plain = try shell(
            "exec timeout -s KILL 60 \"$0\" \"$@\"", [Package.binary, "regex", "--count", "hello", tree])
        expectClean(plain, "regex", status: 0, warnings: 1)
        #expect(plain.lines.count == 2, "\(plain.stdout)")
        let followed = try shell(
            "exec timeout -s KILL 60 \"$0\" \"$@\"", [Package.binary, "regex", "--count", "--follow", "hello", tree])
        expectClean(followed, "regex", status: 2, errors: 3)
        #expect(followed.stderr.contains(#"evil\n\u{001b}[31mred"#), "\(followed.stderr)")
    }

    // MARK: URLs and targets

    /// URLs that are not URLs, name nothing or go nowhere: one line each, status 2; nothing but loopback is asked
    /// (glibc refuses a name like %zz before any DNS query).
    @Test(arguments: ["feed", "html", "regex"])
    func hostileURLs(_ command: String) throws {
        let arguments = command == "html" ? ["html", "p"] : command == "regex" ? ["regex", "x"] : ["feed"]
        let long = "http://127.0.0.1:1/" + String(repeating: "a", count: 100_000)
        for url in [
            "svn://[::1", "http://[::1", "http://%zz", "http://127.0.0.1:99999/", "http://127.0.0.1:1/%00",
            "http://:@/", "http:///", "file://%00", "gopher://127.0.0.1:1/", "http://127.0.0.1:1/ space",
            "http://[::1]:1/", "", "[::1", long,
        ] {
            let result = try run(arguments + [url])
            // A visit longer than 64 KiB is not recorded, with a warning.
            expectClean(result, command, status: 2, warnings: url == long ? 1 : 0, String(url.prefix(40)))
            #expect(result.stdout.isEmpty)
        }
    }

    /// svn refuses URLs it cannot make canonical with a usage error that names them; the message once held
    /// whatever memory had replaced the URL (the C string libsvn was given did not outlive the call).
    @Test func hostileSVNURLs() throws {
        for subcommand in ["ls", "cat", "info", "log"] {
            let name = "svn " + subcommand
            for url in ["svn://[::1", "http://[::1", "http://127.0.0.1:1/a%00b", "", "[::1"] {
                let result = try run(["svn", subcommand, url])
                expectClean(result, name, status: 64, "\(subcommand) \(url)")
            }
            let bracket = try run(["svn", subcommand, "svn://[::1"])
            #expect(
                bracket.stderr.hasPrefix(
                    "tb \(name): invalid URL 'svn://[::1': Could not canonicalize URI 'svn://[::1' (the result"),
                "\(bracket.stderr)")
            let long = "svn://127.0.0.1:1/" + String(repeating: "a", count: 100_000)
            for url in ["http://%zz", "http://127.0.0.1:1/", "svn://127.0.0.1:1/repo", "gopher://127.0.0.1:1/", long] {
                let result = try run(["svn", subcommand, "--timeout", "10s", url])
                expectClean(result, name, status: 2, warnings: url == long ? 1 : 0, "\(subcommand) \(url.prefix(40))")
            }
        }
    }

    /// Targets tb reach cannot parse are usage errors; a URL libcurl refuses is an unreachable target reported at
    /// once (it used to wait for the whole --timeout).
    @Test func hostileReachTargets() throws {
        for target in ["[::1", "127.0.0.1:99999", "", "[::1]:0", ":80", "http://:@/", "svn://[::1"] {
            let result = try run(["reach", target])
            expectClean(result, "reach", status: 64, target)
        }
        let started = Date()
        let refused = try run(["reach", "--json", "--timeout", "20s", "http://127.0.0.1:1/ space"])
        expectClean(refused, "reach", status: 1)
        #expect(refused.lines.count == 1)
        #expect(refused.stdout.contains(#""status":"http_error""#), "\(refused.stdout)")
        #expect(Date().timeIntervalSince(started) < 15, "a refused URL waited for the timeout")
    }

    // MARK: Servers

    /// Servers that drop or reset the connection mid-body, lie in Content-Length, send garbage as gzip, loop, send a
    /// redirect to a local file, 1 MB of headers (many, or one), or a byte at a time: one line, status 2, the records
    /// that did arrive whole. A redirect to file:// is refused whatever the file.
    @Test(arguments: ["feed", "html", "regex"])
    func misbehavingServers(_ command: String) throws {
        scratch.write("root/secret.txt", "the secret is 42\n")
        try FileManager.default.copyItem(atPath: feeds + "/rss20.xml", toPath: scratch.file("root/rss20.xml"))
        let server = try TestServer.http(root: scratch.file("root"))
        let arguments = command == "html" ? ["html", "title"] : command == "regex" ? ["regex", "title"] : ["feed"]
        let local = "file://" + scratch.file("root/secret.txt")
        let cases: [(String, Int32, String)] = [
            ("/drop/1500/rss20.xml", 2, "transfer closed with outstanding read data remaining"),
            ("/reset/1500/rss20.xml", 2, "cannot fetch"),
            ("/content-length/abc/rss20.xml", 2, "Invalid Content-Length"),
            ("/content-length/-5/rss20.xml", 2, "Invalid Content-Length"),
            ("/content-length/25/rss20.xml", command == "feed" ? 2 : 1, ""),
            ("/bad-gzip", 2, "unencoding"),
            ("/redirect-loop", 2, "Maximum (10) redirects followed"),
            ("/location/file:///etc/passwd", 2, #"Protocol "file" not supported"#),
            ("/location/" + local, 2, #"Protocol "file" not supported"#),
            ("/big-headers/1024/rss20.xml", 2, "Too large response headers"),
            ("/big-header/1024/rss20.xml", 2, "cannot fetch"),
            ("/big-headers/200/rss20.xml", 0, ""),
        ]
        for (path, status, message) in cases {
            let url = server.url(path)
            let result = try run(arguments + ["--json", url])
            expectClean(result, command, status: status, path)
            #expect(message.isEmpty || result.stderr.contains(message), "\(path): \(result.stderr)")
            #expect(!result.stdout.contains("secret is"), "\(path)")
            if path.hasPrefix("/location/") { #expect(result.stdout.isEmpty, "\(path)") }
            if !message.isEmpty { #expect(result.stderr.hasPrefix("tb \(command): cannot fetch '\(url)': ")) }
        }
        // A byte every half second never stalls, but --timeout ends it.
        let started = Date()
        let trickle = try run(arguments + ["--timeout", "1500ms", server.url("/trickle/0.5/rss20.xml")])
        expectClean(trickle, command, status: 2)
        #expect(trickle.stderr.contains("timed out"), "\(trickle.stderr)")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    // MARK: Bookmark files

    /// Bookmark files damaged in every way, by name: their bytes (GOOD stands for a local file's path) and the lines
    /// that are damaged.
    static func damagedBookmarks(_ name: String) -> (bytes: [UInt8], damaged: [Int]) {
        let good = Array(#"{"type":"bookmark","name":"good","url":"GOOD","note":null,"created":null}"#.utf8)
        let newline: [UInt8] = [0x0A]
        switch name {
        case "corrupt":
            return (good + Array("\n{\"type\":\"bookmark\",\"name\":\"x\"\n[1,2]\n\"text\"\n{}\n".utf8), [2, 3, 4, 5])
        case "empty": return ([], [])
        case "nuls": return ([UInt8](repeating: 0, count: 10_000), [1])
        case "nul line": return (good + newline + [UInt8](repeating: 0, count: 100) + newline, [2])
        case "huge line":
            return (good + Array("\n{\"name\":\"\(String(repeating: "x", count: 5 << 20))\"}\n".utf8), [2])
        case "latin-1":
            let latin =
                Array(#"{"type":"bookmark","name":"caf"#.utf8) + [0xE9] + Array(#"","url":"http://127.0.0.1:1/"#.utf8)
            return (good + newline + latin + [0xFF, 0x22, 0x7D, 0x0A], [])
        case "crlf": return (good + [0x0D, 0x0A], [])
        default: return (good, [])
        }
    }

    /// Bookmark files damaged in every way: corrupt lines, a 0-byte file, a file of NULs, a line of NULs, a 5 MB
    /// line, bytes that are not UTF-8, CRLF line ends, no final newline. Listing reports each damaged line with its
    /// number (status 0), resolving @good still works, and adding a bookmark keeps every line byte for byte.
    @Test(arguments: ["corrupt", "empty", "nuls", "nul line", "huge line", "latin-1", "crlf", "no final newline"])
    func hostileBookmarkFiles(_ name: String) throws {
        let (bytes, damaged) = Self.damagedBookmarks(name)
        scratch.write("page.txt", "hello\n")
        let original = bytes.replacing(Array("GOOD".utf8), with: Array(scratch.file("page.txt").utf8))
        try FileManager.default.createDirectory(atPath: scratch.file("config"), withIntermediateDirectories: true)
        scratch.write(bytes: "config/bookmarks.ndjson", original)
        let path = scratch.file("config/bookmarks.ndjson")
        let list = try run(["bookmark", "ls", "--json"])
        expectClean(list, "bookmark ls", status: 0, warnings: damaged.count, name)
        for (line, number) in zip(list.stderr.split(separator: "\n"), damaged) {
            #expect(
                line.hasPrefix("tb bookmark ls: warning: '\(path)' line \(number): damaged, kept as it is"),
                "\(name): \(line)")
        }
        if original.starts(with: Array(#"{"type":"bookmark","name":"good""#.utf8)) {
            let resolved = try run(["regex", "--count", "hello", "@good"])
            expectClean(resolved, "regex", status: 0, warnings: damaged.count, name)
        }
        let add = try run(["bookmark", "add", "new", "http://127.0.0.1:1/new"])
        expectClean(add, "bookmark add", status: 0, warnings: damaged.count, name)
        let after = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // Every line that was there is there still, byte for byte, and the new one follows.
        var kept = original
        if let last = kept.last, last != 0x0A { kept.append(0x0A) }
        #expect(after.starts(with: kept), "\(name): lines were lost or changed")
        let added = String(decoding: after.dropFirst(kept.count), as: UTF8.self)
        #expect(added.hasPrefix(#"{"type":"bookmark","name":"new""#) && added.hasSuffix("}\n"), "\(name): \(added)")
    }

    /// A bookmark whose URL holds a NUL (JSON's \u0000): libcurl and libsvn take URLs as C strings and fetched what
    /// comes before the NUL, another URL than the one stored. It is refused, and the server is never asked.
    @Test func aURLWithANULIsRefused() throws {
        let server = try TestServer.http(root: feeds)
        let url = server.url("/flaky/nul/0/rss20.xml")
        scratch.write(
            "config/bookmarks.ndjson",
            #"{"type":"bookmark","name":"nul","url":"\#(url)\u0000/../secret","note":null,"created":null}"# + "\n")
        for arguments in [["feed"], ["html", "p"], ["regex", "x"], ["svn", "ls"], ["svn", "info"]] {
            let result = try run(arguments + ["@nul"])
            let command = arguments.prefix { $0 != "p" && $0 != "x" && !$0.hasPrefix("@") }.joined(separator: " ")
            expectClean(result, command, status: result.status == 64 ? 64 : 2, "\(arguments)")
            #expect(result.status != 0)
            #expect(result.stderr.contains("NUL"), "\(arguments): \(result.stderr)")
        }
        #expect(try fetch(server, "/count/nul") == "0", "the server was asked for the URL cut at the NUL")
    }

    // MARK: Messages

    /// A subject with a newline or an escape sequence (a file name, a URL) is quoted with its control characters
    /// escaped: the message stays one line, and nothing reaches the terminal as a command.
    @Test func controlCharactersInMessagesAreEscaped() throws {
        for (arguments, subject) in [
            (["regex", "x", "no\nsuch"], #"'no\nsuch'"#),
            (["feed", "http://127.0.0.1:1/\u{1B}]0;title\u{7}"], #"'http://127.0.0.1:1/\u{001b}]0;title\u{0007}'"#),
            (["html", "p", "tab\there\r"], #"'tab\there\r'"#),
        ] {
            let result = try run(arguments)
            expectClean(result, arguments[0], status: 2)
            #expect(result.stderr.contains(subject), "\(result.stderr)")
        }
    }

    /// A missing file whose name holds U+202E (RIGHT-TO-LEFT OVERRIDE): the message shows it escaped, so the rest of
    /// the line is not shown reversed.
    @Test func bidirectionalControlsInMessagesAreEscaped() throws {
        let result = try run(["regex", "x", "invoice\u{202E}fdp.exe"])
        expectClean(result, "regex", status: 2)
        #expect(result.stderr.contains(#"'invoice\u{202e}fdp.exe'"#), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains("\u{202E}"))
    }

    // MARK: A full or read-only store

    /// Store files of every kind on a 64 KiB tmpfs filled to the last page: a rewrite that cannot be written is one
    /// line and status 2 (bookmarks), or a warning (history, feed state: a cron job's feed must not fail for them);
    /// every file is byte for byte what it was, and no temporary file is left.
    @Test(.enabled(if: TemporaryMount.isPossible, "needs root and mount(8) for a tmpfs"))
    func aFullFilesystem() throws {
        let mount = try TemporaryMount(at: scratch.file("full"), size: "64k")
        defer { mount.unmount() }
        let env = storeEnvironment(in: mount.path)
        let feed = scratch.write("feed.xml", rss(["a", "b"]))
        try populateStore(env: env, feed: feed)
        // A history of exactly one page, one visit: any append needs another page.
        let visit =
            #"{"type":"visit","time":"2026-01-01T00:00:00Z","command":"regex","target":"http://127.0.0.1:1/PAD","exit_status":0,"records":1}"#
        let padding = String(repeating: "x", count: 4096 - visit.utf8.count + 3 - 1)
        try (visit.replacingOccurrences(of: "PAD", with: padding) + "\n").write(
            toFile: mount.path + "/state/history.ndjson", atomically: false, encoding: .utf8)
        let filled = try shell("dd if=/dev/zero of=\"$0/fill\" bs=4k count=64 2>/dev/null; true", [mount.path])
        #expect(filled.status == 0)
        let before = try snapshot(mount.path)
        scratch.write("feed.xml", rss(["a", "c"]))
        for (arguments, command, status, warnings) in [
            (["bookmark", "add", "new", "http://127.0.0.1:1/new"], "bookmark add", 2, 0),
            (["bookmark", "rm", "b1"], "bookmark rm", 2, 0),
            (["feed", "--new", "--json", feed], "feed", 0, 1),
            (["regex", "--count", "a", "file://" + feed], "regex", 0, 1),
        ] as [([String], String, Int32, Int)] {
            let result = try run(arguments, environment: env)
            expectClean(result, command, status: status, warnings: warnings, "\(arguments)")
            #expect(result.stderr.contains("No space left on device"), "\(arguments): \(result.stderr)")
        }
        #expect(try snapshot(mount.path) == before)
    }

    /// The same store remounted read-only: reading works, every write is one line (status 2 for the commands that
    /// write, a warning for history and feed state), and nothing changes.
    @Test(.enabled(if: TemporaryMount.isPossible, "needs root and mount(8) for a tmpfs"))
    func aReadOnlyFilesystem() throws {
        let mount = try TemporaryMount(at: scratch.file("ro"), size: "1m")
        defer { mount.unmount() }
        let env = storeEnvironment(in: mount.path)
        let feed = scratch.write("feed.xml", rss(["a", "b"]))
        try populateStore(env: env, feed: feed)
        try mount.remountReadOnly()
        let before = try snapshot(mount.path)
        scratch.write("feed.xml", rss(["a", "c"]))
        for (arguments, command, status, warnings) in [
            (["bookmark", "add", "new", "http://127.0.0.1:1/new"], "bookmark add", 2, 0),
            (["bookmark", "rm", "b1"], "bookmark rm", 2, 0),
            (["history", "clear"], "history clear", 2, 0),
            (["feed", "--new", "--json", feed], "feed", 0, 1),
            (["regex", "--count", "a", "file://" + feed], "regex", 0, 1),
        ] as [([String], String, Int32, Int)] {
            let result = try run(arguments, environment: env)
            expectClean(result, command, status: status, warnings: warnings, "\(arguments)")
            #expect(result.stderr.contains("Read-only file system"), "\(arguments): \(result.stderr)")
        }
        for arguments in [["bookmark", "ls"], ["history"], ["feed", "--status"]] {
            let result = try run(arguments + ["--json"], environment: env)
            expectClean(result, arguments[0], status: 0, "\(arguments)")
            #expect(!result.lines.isEmpty, "\(arguments)")
        }
        #expect(try snapshot(mount.path) == before)
    }

    func storeEnvironment(in directory: String) -> [String: String] {
        var env = scratch.environment
        env["TB_CONFIG_DIR"] = directory + "/config"
        env["TB_STATE_DIR"] = directory + "/state"
        env["TB_CACHE_DIR"] = directory + "/cache"
        return env
    }

    /// Three bookmarks, one visit, the state of one feed.
    func populateStore(env: [String: String], feed: String) throws {
        for index in 1...3 {
            let added = try run(["bookmark", "add", "b\(index)", "http://127.0.0.1:1/\(index)"], environment: env)
            #expect(added.status == 0, "\(added.stderr)")
        }
        #expect(try run(["feed", "--new", feed], environment: env).lines.count == 2)
        try? FileManager.default.removeItem(atPath: env["TB_STATE_DIR", default: ""] + "/history.ndjson")
        #expect(try run(["regex", "--count", "a", "file://" + feed], environment: env).status == 0)
    }

    /// Every file under `directory` (but the filler) with its bytes.
    func snapshot(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: directory)
        while let name = walker?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard name != "fill",
                FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        }
        return files
    }

    // MARK: Signals while writing the store

    /// `bookmark add` on a 1.5 MB file, stopped at points spread over its run: the file afterwards is the old one
    /// or the old one plus the new line, whole, every line a bookmark. SIGINT and SIGTERM wait for the rename and
    /// leave no temporary file; after SIGKILL a `bookmarks.ndjson.tmp.PID` may be left, which the next write removes.
    @Test(arguments: [SIGINT, SIGTERM, SIGKILL])
    func aSignalWhileWritingBookmarks(_ signal: Int32) throws {
        let line =
            #"{"type":"bookmark","name":"bNUMBER","url":"http://127.0.0.1:1/NUMBER/a/longer/path","note":"a note","created":null}"#
        scratch.write(
            "config/bookmarks.ndjson",
            (0..<12_000).map { line.replacingOccurrences(of: "NUMBER", with: "\($0)") + "\n" }.joined())
        let path = scratch.file("config/bookmarks.ndjson")
        for (attempt, delay) in [0.1, 0.3, 0.5, 0.7].enumerated() {
            let old = try Data(contentsOf: URL(fileURLWithPath: path))
            let (status, _) = try stopped(
                ["bookmark", "add", "new\(attempt)", "http://127.0.0.1:1/new"], after: delay, with: signal)
            let expected: Set<Int32> = signal == SIGKILL ? [0, 128 + SIGKILL] : [0, 128 + signal]
            #expect(expected.contains(status), "attempt \(attempt): status \(status)")
            let now = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(now == old || (now.starts(with: old) && now.count > old.count), "attempt \(attempt): torn")
            let added = String(decoding: now.dropFirst(old.count), as: UTF8.self)
            #expect(added.isEmpty || added.hasPrefix(#"{"type":"bookmark","name":"new\#(attempt)""#))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.file("config")).filter {
                $0.contains(".tmp.")
            }
            if signal != SIGKILL { #expect(leftovers.isEmpty, "attempt \(attempt): \(leftovers)") }
        }
        let list = try run(["bookmark", "ls", "--json"])
        expectClean(list, "bookmark ls", status: 0)
        #expect(list.lines.count >= 12_000)
        #expect(try run(["bookmark", "add", "last", "http://127.0.0.1:1/last"]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.file("config")).sorted()
        #expect(files == ["bookmarks.ndjson", "bookmarks.ndjson.lock"])
    }

    /// `feed --new` over 150 feeds, stopped at points spread over its run: every state file parses, none is left
    /// half written, and the next run prints every item the stopped one did not.
    @Test(arguments: [SIGTERM, SIGKILL])
    func aSignalWhileWritingFeedState(_ signal: Int32) throws {
        let paths = (0..<150).map { scratch.write("feeds/f\($0).xml", rss(["\($0)-a", "\($0)-b", "\($0)-c"])) }
        var printed = Set<String>()
        for (attempt, delay) in [0.1, 0.3, 0.6].enumerated() {
            let (status, output) = try stopped(
                ["feed", "--new", "--json", "--fields", "title"] + paths, after: delay, with: signal)
            #expect([0, 128 + signal].contains(status), "attempt \(attempt): status \(status)")
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            // SIGKILL can cut a write(2) to a file between two pages: only the stop signals promise whole records.
            if signal != SIGKILL { #expect(lines.last == "", "attempt \(attempt): output cut inside a record") }
            for line in lines.dropLast() {
                #expect(line.hasPrefix(#"{"type":"item","title":""#) && line.hasSuffix("\"}"), "\(line)")
                printed.insert(String(line))
            }
            let directory = scratch.file("state/feeds")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                if signal != SIGKILL { #expect(!name.contains(".tmp."), "attempt \(attempt): \(name) left") }
                guard name.hasSuffix(".ndjson") else { continue }
                let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    #expect(
                        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any],
                        "attempt \(attempt): \(name): \(line)")
                }
            }
        }
        let rest = try run(["feed", "--new", "--json", "--fields", "title"] + paths)
        expectClean(rest, "feed", status: 0)
        #expect(printed.union(rest.lines).count == 450, "items were lost")
    }

    /// Runs tb with stdout to a file, sends `signal` after `delay` seconds (if it is still running), and returns its
    /// exit status (128 + the signal for a death by signal) and what it printed.
    func stopped(_ arguments: [String], after delay: Double, with signal: Int32) throws -> (Int32, String) {
        let output = scratch.file("stopped-output")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Package.binary)
        process.arguments = arguments
        process.environment = scratch.environment
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(useconds_t(delay * 1_000_000))
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, try String(contentsOfFile: output, encoding: .utf8))
    }

    // MARK: The contract

    /// What every run here must show: the expected status (never a death by signal); on stderr, `errors` lines
    /// (one for status 2, the message, usage line and hint for 64, none otherwise) plus `warnings`, each starting
    /// `tb COMMAND: ` and free of control characters; on stdout, only whole NDJSON records.
    func expectClean(
        _ result: Finished, _ command: String, status: Int32, errors: Int? = nil, warnings: Int = 0,
        _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let context = "\(command) \(comment): status \(result.status), stderr \(result.stderr.prefix(600))"
        #expect(result.status == status, "\(context)", sourceLocation: sourceLocation)
        let expectedErrors = errors ?? (status == 2 ? 1 : status == 64 ? 3 : 0)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(result.stderr.isEmpty || result.stderr.hasSuffix("\n"), "\(context)", sourceLocation: sourceLocation)
        #expect(lines.count == expectedErrors + warnings, "\(context)", sourceLocation: sourceLocation)
        for (index, line) in lines.enumerated() {
            let usageTail = status == 64 && index > 0
            #expect(usageTail || line.hasPrefix("tb \(command): "), "\(context)", sourceLocation: sourceLocation)
            #expect(
                !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "control characters: \(context)", sourceLocation: sourceLocation)
        }
        if status == 64 {
            #expect(lines.dropFirst().first?.hasPrefix("usage: tb \(command)") == true, "\(context)")
            #expect(lines.dropFirst(2).first == "See 'tb help \(command)'.", "\(context)")
        }
        #expect(result.stdout.isEmpty || result.stdout.hasSuffix("\n"), "cut record: \(context)")
        for line in result.lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["type"] is String, "not a record: \(line.prefix(200))", sourceLocation: sourceLocation)
        }
    }
}

/// A tmpfs mounted inside a test's scratch directory, for a store on a full or read-only disk.
struct TemporaryMount {
    let path: String

    /// Whether this process may mount (root, outside a container that forbids it): tried once on a directory of
    /// its own.
    static let isPossible: Bool = {
        let probe = NSTemporaryDirectory() + "tb-mount-probe-\(getpid())"
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard let mount = try? TemporaryMount(at: probe, size: "16k") else { return false }
        mount.unmount()
        return true
    }()

    init(at path: String, size: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = try runProgram(
            "/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", path], environment: [:])
        guard result.status == 0 else { throw MountError(description: "mount: \(result.stderr)") }
        self.path = path
    }

    func remountReadOnly() throws {
        let result = try runProgram("/bin/mount", ["-o", "remount,ro", path], environment: [:])
        guard result.status == 0 else { throw MountError(description: "mount -o remount,ro: \(result.stderr)") }
    }

    func unmount() {
        _ = try? runProgram("/bin/umount", [path], environment: [:])
    }
}

struct MountError: Error, CustomStringConvertible {
    let description: String
}

extension Array where Element == UInt8 {
    /// The bytes with each `target` replaced by `replacement`.
    func replacing(_ target: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = startIndex
        while index < endIndex {
            if !target.isEmpty, self[index...].starts(with: target) {
                result += replacement
                index += target.count
            } else {
                result.append(self[index])
                index += 1
            }
        }
        return result
    }
}
