// The input layer against real servers on 127.0.0.1: nginx (keep-alive, gzip, TLS), a small server for drip-fed,
// stalled and flaky responses, and an FTP server; plus stdin, refused ports, timeouts and a closed pipe.
import Foundation
import TestSupport
import Testing

struct InputTests {
    let scratch = Scratch()
    let text = Fixtures.folder("text")

    func regex(_ argv: [String], input: String? = nil) throws -> Finished {
        try tb(["regex"] + argv, environment: scratch.environment, input: input)
    }

    @Test func nginxPlainGzipKeepAliveAnd404() throws {
        let nginx = try TestServer.nginx(root: text, scratch: scratch)
        let result = try regex([
            "-c", "(?i)l\\w+", nginx.url("/lorem.txt"), nginx.url("/lorem.txt.gz"), nginx.url("/missing.txt"),
            nginx.url("/lorem.txt"),
        ])
        #expect(result.status == 2)
        #expect(result.stderr == "tb regex: cannot fetch '\(nginx.url("/missing.txt"))': HTTP 404\n")
        #expect(result.lines.count == 3)
        #expect(result.lines.allSatisfy { $0.hasSuffix(#""matches":18}"#) }, "\(result.lines)")
    }

    @Test func requestHeadersChunkingAndContentEncoding() throws {
        let server = try TestServer.http(root: text)
        let headers = try regex(
            [
                "--fields", "match", "--format", "tsv", "(?im)^(accept-encoding|user-agent|x-test):.*$",
                server.url("/headers"),
                "-H", "X-Test: yes",
            ])
        #expect(
            headers.lines.contains { $0.lowercased() == "accept-encoding: gzip, deflate, zstd" }, "\(headers.lines)")
        #expect(headers.lines.contains("User-Agent: tb/0.2.0"))
        #expect(headers.lines.contains("X-Test: yes"))
        for path in ["/chunked/lorem.txt", "/gzip/lorem.txt", "/file/lorem.txt.gz"] {
            let result = try regex(["-c", "labor", server.url(path)])
            #expect(
                result.lines == [#"{"type":"count","source":"\#(server.url(path))","lines":1,"matches":3}"#],
                "\(path): \(result.stderr)")
        }
    }

    /// A server sends a whole feed with a Content-Length 1000 bytes too large and closes: the records in the bytes
    /// that arrived are printed (and with --count, the count so far), then the error; exit 2. They were lost.
    @Test func recordsOfATransferThatFailsLateArePrinted() throws {
        let server = try TestServer.http(root: Fixtures.folder("feeds"))
        let url = server.url("/short/1000/rss20.xml")
        let feed = try tb(["feed", "--json", url], environment: scratch.environment)
        #expect(feed.status == 2)
        #expect(feed.lines.count == 3, "\(feed.stdout)")
        #expect(feed.stderr.hasPrefix("tb feed: cannot fetch '\(url)': "), "\(feed.stderr)")
        let matches = try regex(["<item>", url])
        #expect(matches.status == 2)
        #expect(matches.lines.count == 3, "\(matches.stdout)")
        let count = try regex(["-c", "<item>", url])
        #expect(count.status == 2)
        #expect(count.lines == [#"{"type":"count","source":"\#(url)","lines":3,"matches":3}"#], "\(count.stderr)")
        #expect(count.stderr.hasPrefix("tb regex: cannot fetch '\(url)': "), "\(count.stderr)")
    }

    /// --timeout bounds the name lookup too: with a DNS server that never answers, a fetch costs the timeout, not
    /// the resolver's 10 s and more (libcurl used to wait for its resolver thread when the transfer ended).
    @Test(.enabled(if: NetworkNamespace.canCreate, "needs root and iproute2"))
    func aSilentNameServerCostsOnlyTheTimeout() throws {
        let namespace = try NetworkNamespace()
        try namespace.silentNameServer()
        for command in [["feed"], ["regex", "x"]] {
            let url = "http://www.tb-test.example/feed.xml"
            let (program, arguments) = namespace.inside(Package.binary, command + ["--timeout", "1", url])
            let started = Date()
            let result = try runProgram(program, arguments, environment: scratch.environment)
            let elapsed = Date().timeIntervalSince(started)
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("tb \(command[0]): cannot fetch '\(url)': Resolving timed out"))
            #expect(elapsed < 3, "\(command[0]) took \(elapsed) s")
        }
    }

    /// More URLs than open files: transfers beyond the limit wait for a slot (they failed with "Couldn't connect"),
    /// and every visit still reaches the history (they failed with "cannot record history").
    @Test func moreSourcesThanOpenFilesAreQueued() throws {
        let server = try TestServer.http(root: Fixtures.folder("feeds"))
        let urls = (0..<120).map { server.url("/file/rss20.xml?\($0)") }
        let result = try runProgram(
            "/bin/sh", ["-c", "ulimit -n 64 && exec \"$0\" \"$@\"", Package.binary, "feed", "--json"] + urls,
            environment: scratch.environment)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr.prefix(500))")
        #expect(result.lines.count == 360)
        let history = try tb(["history", "--json"], environment: scratch.environment)
        #expect(history.lines.count == 120)
    }

    /// A file whose name is not UTF-8 is read by its exact bytes (Swift's argv repaired them to U+FFFD: "No such
    /// file"); records and messages show the name with U+FFFD.
    @Test func fileNamesThatAreNotUTF8AreRead() throws {
        // The name as a lossy decoding would make it: opening this one instead would find nothing.
        try Data("nothing\n".utf8).write(to: URL(fileURLWithPath: scratch.path + "/inv\u{FFFD}name.txt"))
        let created = try runProgram(
            "/bin/bash", ["-c", "printf 'hello there\\n' > \"$(printf 'inv\\377name.txt')\""], environment: [:],
            directory: scratch.path)
        #expect(created.status == 0)
        let result = try runProgram(
            "/bin/bash", ["-c", "exec \"$0\" regex --json hello \"$(printf 'inv\\377name.txt')\"", Package.binary],
            environment: scratch.environment, directory: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 1)
        #expect(result.stdout.contains(#""source":"inv\#u{FFFD}name.txt""#), "\(result.stdout)")
    }

    @Test func redirectsRefusalsAndTimeouts() throws {
        let server = try TestServer.http(root: text)
        let loop = try regex(["x", server.url("/redirect-loop"), "--max-redirs", "3"])
        #expect(loop.status == 2)
        #expect(loop.stderr.contains("Maximum (3) redirects followed"), "\(loop.stderr)")
        let port = try TestServer.freePort()
        let refused = try regex(["x", "http://127.0.0.1:\(port)/"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix("tb regex: cannot fetch 'http://127.0.0.1:\(port)/': Failed to connect"),
            "\(refused.stderr)")
        let started = Date()
        let slow = try regex(["x", server.url("/slow/20/lorem.txt"), "--timeout", "1"])
        #expect(slow.status == 2)
        #expect(slow.stderr.contains("timed out"), "\(slow.stderr)")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(try regex(["x", "--timeout", "0", "-"]).status == 64)
        #expect(try regex(["x", "-H", "nocolon", "-"]).status == 64)
    }

    @Test func retriesTransientFailures() throws {
        let server = try TestServer.http(root: text)
        let recovered = try regex(["-c", "Lorem", server.url("/flaky/a/2/lorem.txt"), "--retry", "2"])
        #expect(recovered.status == 0, "\(recovered.stderr)")
        let gaveUp = try regex(["-c", "Lorem", server.url("/flaky/b/2/lorem.txt"), "--retry", "1"])
        #expect(gaveUp.status == 2)
        #expect(gaveUp.stderr == "tb regex: cannot fetch '\(server.url("/flaky/b/2/lorem.txt"))': HTTP 503\n")
    }

    @Test func ftpAndFileURLs() throws {
        let ftp = try TestServer.ftp(root: text)
        let found = try regex([
            "-c", "Lorem", ftp.url("/lorem.txt"), ftp.url("/lorem.txt.gz"), "file://\(text)/lorem.txt",
        ])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.lines.count == 3)
        let missing = try regex(["x", ftp.url("/missing.txt")])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("tb regex: cannot fetch '\(ftp.url("/missing.txt"))': "), "\(missing.stderr)")
        let unsupported = try regex(["x", "svn://127.0.0.1/repo"])
        #expect(unsupported.stderr == "tb regex: cannot fetch 'svn://127.0.0.1/repo': unsupported URL scheme 'svn'\n")
    }

    @Test func tlsIsCheckedUnlessToldOtherwise() throws {
        let nginx = try TestServer.nginx(root: text, scratch: scratch, tls: true)
        let url = nginx.url("/lorem.txt")
        let refused = try regex(["-c", "Lorem", url])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("certificate"), "\(refused.stderr)")
        #expect(try regex(["-c", "Lorem", url, "--insecure"]).status == 0)
        let certificate = scratch.file("nginx-\(nginx.port)/cert.pem")
        #expect(try regex(["-c", "Lorem", url, "--cacert", certificate]).status == 0)
    }

    @Test func standardInputAndTheDefaultSource() throws {
        #expect(
            try regex(["-c", "b", "-"], input: "abc\nbcd\n").lines == [
                #"{"type":"count","source":"-","lines":2,"matches":2}"#
            ])
        #expect(try regex(["b"], input: "abc\n").lines.count == 1)
    }

    @Test func historyRecordsURLsWithoutPasswords() throws {
        let server = try TestServer.http(root: text)
        let url = "http://user:secret@127.0.0.1:\(server.port)/file/lorem.txt"
        #expect(try regex(["Lorem", url]).status == 0)
        let history = try tb(
            ["history", "--fields", "command,target,records,exit_status"], environment: scratch.environment)
        #expect(
            history.lines == [
                #"{"type":"visit","command":"regex","target":"http://127.0.0.1:\#(server.port)/file/lorem.txt","records":1,"exit_status":0}"#
            ])
    }

    /// The first match of a slow source reaches a pipe while the source is still sending.
    @Test func recordsStreamWhileTheSourceStalls() throws {
        let server = try TestServer.http(root: text)
        let (lines, seconds) = try firstLines(
            3, ofTB: ["regex", #"item \d+"#, server.url("/drip/3/20")], environment: scratch.environment)
        #expect(lines.count == 3)
        #expect(seconds < 10, "the records waited for the stall to end")
    }

    /// --first stops the transfer: an endless source ends at once.
    @Test func stoppingEarlyAbortsTheTransfer() throws {
        let server = try TestServer.http(root: text)
        let started = Date()
        let result = try regex(["--first", "line 500", server.url("/infinite")])
        #expect(result.status == 0)
        #expect(result.lines.count == 1)
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// On a terminal (here a pseudo-terminal from script(1)) a transfer over a second shows a progress line on
    /// stderr; in a pipe it never does.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func progressOnlyOnATerminal() throws {
        let server = try TestServer.http(root: text)
        let url = server.url("/drip/2/2")
        let output = scratch.file("out.txt")
        let onTerminal = try runProgram(
            "/usr/bin/script", ["-q", "-c", "'\(Package.binary)' regex -c item \(url) > '\(output)'", "/dev/null"],
            environment: scratch.environment)
        #expect(onTerminal.stdout.contains("fetching 1 of 1 source"), "\(onTerminal.stdout)")
        #expect(scratch.read("out.txt")?.contains(#""matches":2"#) == true)
        let piped = try regex(["-c", "item", url])
        #expect(piped.stderr.isEmpty)
    }

    /// The progress line fits a narrow terminal: a longer one wraps, and its wiping then leaves a line behind.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func progressFitsANarrowTerminal() throws {
        let server = try TestServer.http(root: text)
        let url = server.url("/drip/2/2")
        let onTerminal = try runProgram(
            "/usr/bin/script",
            ["-q", "-c", "stty cols 30; '\(Package.binary)' regex -c item \(url) > /dev/null", "/dev/null"],
            environment: scratch.environment)
        let drawn = onTerminal.stdout.components(separatedBy: "\r").map {
            $0.replacingOccurrences(of: "\u{1B}[K", with: "")
        }
        #expect(drawn.contains { $0.hasPrefix("fetching") }, "\(onTerminal.stdout)")
        #expect(drawn.allSatisfy { $0.count < 30 }, "\(drawn)")
    }

    @Test func aClosedPipeIsQuietSuccess() throws {
        let big = scratch.write("big.txt", String(repeating: "match me please\n", count: 200_000))
        var env = scratch.environment
        env["PATH"] = (Package.binary as NSString).deletingLastPathComponent + ":" + (env["PATH"] ?? "")
        let result = try bash(
            "tb regex match '\(big)' 2>'\(scratch.file("err"))' | head -1 >/dev/null; echo ${PIPESTATUS[0]}; cat '\(scratch.file("err"))'",
            environment: env)
        #expect(result.stdout == "0\n")
    }
}
