// The store under real processes: concurrent writers, a closed pipe, a full disk, damaged files, store files that
// are devices, FIFOs or huge, and what completion prints from the store.
import Foundation
import TestSupport
import Testing

struct StoreProcessTests {
    let scratch = Scratch()

    var shellEnvironment: [String: String] {
        var env = scratch.environment
        env["PATH"] = (Package.binary as NSString).deletingLastPathComponent + ":" + (env["PATH"] ?? "")
        return env
    }

    @Test func fortyConcurrentWritersKeepAllFortyBookmarks() throws {
        let result = try bash(
            "for i in $(seq 40); do tb bookmark add b$i https://example.org/$i & done; wait; tb bookmark ls --fields name --format tsv",
            environment: shellEnvironment)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(Set(result.lines) == Set((1...40).map { "b\($0)" }))
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.file("config/bookmarks.ndjson"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    /// On a terminal (script(1)'s pseudo-terminal, stderr to a file) an empty list says so on stderr; in a pipe
    /// nothing at all is printed. The status is 0 either way.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func emptyListsSayItOnlyOnATerminal() throws {
        for (command, message) in [
            ("bookmark ls", "no bookmarks yet: tb bookmark add NAME URL\n"),
            ("history", "no history yet: tb feed, tb regex on a URL and tb reach record their visits\n"),
        ] {
            let errors = scratch.file("err")
            let onTerminal = try runProgram(
                "/usr/bin/script", ["-q", "-e", "-c", "'\(Package.binary)' \(command) 2>'\(errors)'", "/dev/null"],
                environment: scratch.environment)
            #expect(onTerminal.status == 0)
            #expect(onTerminal.stdout.isEmpty, "\(command): \(onTerminal.stdout)")
            #expect(scratch.read("err") == message)
            let piped = try tb(command.split(separator: " ").map(String.init), environment: scratch.environment)
            #expect(piped.status == 0 && piped.stdout.isEmpty && piped.stderr.isEmpty, "\(command): \(piped.stderr)")
        }
    }

    /// A relative path that exists is saved absolute; one that does not is a usage error, like text that is no URL.
    @Test func bookmarkedPathsExistAndAreSavedAbsolute() throws {
        scratch.write("dir/notes.txt", "notes")
        let saved = try tb(
            ["bookmark", "add", "notes", "notes.txt"], environment: scratch.environment, directory: scratch.file("dir"))
        #expect(saved.status == 0, "\(saved.stderr)")
        let url = try tb(["bookmark", "show", "notes", "--template", "%(url)"], environment: scratch.environment)
        #expect(url.stdout == scratch.file("dir/notes.txt") + "\n")
        let missing = try tb(
            ["bookmark", "add", "x", "nowhere.txt"], environment: scratch.environment, directory: scratch.file("dir"))
        #expect(missing.status == 64)
        #expect(
            missing.stderr.hasPrefix(
                "tb bookmark add: 'nowhere.txt' is neither a URL (scheme://...) nor an existing file or directory\nusage: tb bookmark add"
            ))
    }

    @Test func aClosedPipeEndsQuietlyWithStatusZero() throws {
        let line =
            #"{"type":"bookmark","name":"NAME","url":"https://example.org/a/long/path/to/make/the/output/big","note":"a note","created":"2026-01-01T00:00:00Z"}"#
        scratch.write(
            "config/bookmarks.ndjson",
            (1...3000).map { line.replacingOccurrences(of: "NAME", with: "b\($0)") }.joined(separator: "\n"))
        for format in ["ndjson", "table", "tsv"] {
            let result = try bash(
                "tb bookmark ls --format \(format) 2>'\(scratch.file("err"))' | head -1 >/dev/null; echo ${PIPESTATUS[0]}; cat '\(scratch.file("err"))'",
                environment: shellEnvironment.merging(["PWD": scratch.path]) { $1 })
            #expect(result.lines == ["0"], "\(format): \(result.stdout)")
        }
    }

    @Test(
        .disabled(
            if: Sanitizer.current == "thread",
            "TSan's own runtime dies of SIGBUS under a 1 KiB file size limit, before main (even tb --version)"))
    func aFullDiskLeavesTheOldFileIntact() throws {
        for i in 1...20 {
            _ = try tb(
                ["bookmark", "add", "b\(i)", "https://example.org/\(i)/with/some/length"],
                environment: scratch.environment)
        }
        let before = scratch.read("config/bookmarks.ndjson")
        // A file size limit of 1 KiB makes the rewrite fail with EFBIG, as a full disk would with ENOSPC.
        let failed = try bash(
            "ulimit -f 1; tb bookmark add new https://example.org/new; echo $?", environment: shellEnvironment)
        #expect(failed.lines == ["2"])
        #expect(
            failed.stderr.hasPrefix(
                "tb bookmark add: cannot write '\(scratch.path)/config/bookmarks.ndjson': File too large"))
        #expect(scratch.read("config/bookmarks.ndjson") == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.file("config")).filter {
            $0.contains(".tmp.")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func damagedLinesAreReportedAndSurviveTheNextWrite() throws {
        scratch.write(
            "config/bookmarks.ndjson",
            #"{"type":"bookmark","name":"a","url":"https://a","note":null,"created":null}"# + "\ngarbage\n")
        let list = try tb(["bookmark", "ls", "--fields", "name"], environment: scratch.environment)
        #expect(list.status == 0)
        #expect(list.lines == [#"{"type":"bookmark","name":"a"}"#])
        #expect(
            list.stderr
                == "tb bookmark ls: warning: '\(scratch.path)/config/bookmarks.ndjson' line 2: damaged, kept as it is (unexpected character at byte 1)\n"
        )
        #expect(try tb(["bookmark", "add", "b", "https://b"], environment: scratch.environment).status == 0)
        #expect(scratch.read("config/bookmarks.ndjson")?.contains("\ngarbage\n") == true)
    }

    @Test func anUnusableStoreIsARuntimeError() throws {
        scratch.write("file", "x")
        var env = scratch.environment
        env["TB_CONFIG_DIR"] = scratch.file("file/config")
        let result = try tb(["bookmark", "add", "a", "https://a"], environment: env)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "tb bookmark add: cannot lock '\(scratch.path)/file/config/bookmarks.ndjson': Not a directory\n")
        env.removeValue(forKey: "TB_CONFIG_DIR")
        env.removeValue(forKey: "HOME")
        let homeless = try tb(["bookmark", "ls"], environment: env)
        #expect(homeless.stderr == "tb bookmark ls: cannot find the config directory: set HOME or TB_CONFIG_DIR\n")
    }

    // MARK: Store files that are not regular files

    /// A private character device with /dev/null's numbers (1, 3) in the scratch directory: tests run as root and
    /// never point tb at a real device.
    func makeNullDevice(_ name: String) throws -> String {
        let path = scratch.file(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let made = try bash("mknod '\(path)' c 1 3", environment: scratch.environment)
        #expect(made.status == 0, "\(made.stderr)")
        return path
    }

    /// The file type bits of what `path` itself is (S_IFCHR, S_IFIFO…), without following a link; 0 when missing.
    func fileType(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    func isCharacterDevice(_ path: String) -> Bool { fileType(path) == S_IFCHR }

    /// Makes `name` in the scratch directory a symbolic link to `target`.
    func link(_ name: String, to target: String) throws {
        let path = scratch.file(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// `ln -s /dev/null history.ndjson` switches the history off: visits are dropped, the history reads empty,
    /// clearing it is a no-op, and the device is never replaced by a regular file.
    @Test func aHistoryLinkedToADeviceIsSwitchedOff() throws {
        let device = try makeNullDevice("devices/null")
        try link("state/history.ndjson", to: device)
        scratch.write("page.txt", "hello\n")
        // A file:// URL goes through libcurl, so the run records a visit.
        let visit = try tb(["regex", "hello", "file://" + scratch.file("page.txt")], environment: scratch.environment)
        #expect(visit.status == 0)
        #expect(visit.stderr.isEmpty, "\(visit.stderr)")
        for arguments in [["history"], ["history", "clear"], ["history", "-n", "5"]] {
            let result = try tb(arguments, environment: scratch.environment)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(arguments): \(result.stdout)\(result.stderr)")
        }
        #expect(isCharacterDevice(device))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: scratch.file("state/history.ndjson")) == device)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("devices")) == ["null"])
    }

    /// Bookmarks linked to a device read as none; adding one is refused (dropping it silently would lose it) and
    /// the device stays a device.
    @Test func bookmarksLinkedToADeviceReadEmptyAndRefuseWrites() throws {
        let device = try makeNullDevice("devices/null")
        try link("config/bookmarks.ndjson", to: device)
        let list = try tb(["bookmark", "ls"], environment: scratch.environment)
        #expect(list.status == 0)
        #expect(list.stdout.isEmpty && list.stderr.isEmpty)
        let add = try tb(["bookmark", "add", "a", "https://a"], environment: scratch.environment)
        #expect(add.status == 2)
        #expect(
            add.stderr
                == "tb bookmark add: cannot write '\(scratch.path)/config/bookmarks.ndjson': not a regular file (a character device)\n"
        )
        #expect(isCharacterDevice(device))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("devices")) == ["null"])
    }

    /// A FIFO or a directory where a store file should be is refused with one line, at once: opening a FIFO for
    /// reading would wait for a writer forever. Each run is bounded by timeout(1) only to catch such a hang.
    @Test(arguments: ["FIFO", "directory"])
    func aStoreFileThatIsNotAFileIsRefusedWithoutWaiting(kind: String) throws {
        if kind == "FIFO" {
            try FileManager.default.createDirectory(atPath: scratch.file("config"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: scratch.file("state"), withIntermediateDirectories: true)
            #expect(mkfifo(scratch.file("config/bookmarks.ndjson"), 0o600) == 0)
            #expect(mkfifo(scratch.file("state/history.ndjson"), 0o600) == 0)
        } else {
            try FileManager.default.createDirectory(
                atPath: scratch.file("elsewhere"), withIntermediateDirectories: true)
            try link("config/bookmarks.ndjson", to: scratch.file("elsewhere"))
            try link("state/history.ndjson", to: scratch.file("elsewhere"))
        }
        let bookmarks = "'\(scratch.path)/config/bookmarks.ndjson'"
        let history = "'\(scratch.path)/state/history.ndjson'"
        let cases: [(String, String)] = [
            ("bookmark ls", "tb bookmark ls: cannot read \(bookmarks): not a regular file (a \(kind))"),
            ("bookmark add a https://a", "tb bookmark add: cannot read \(bookmarks): not a regular file (a \(kind))"),
            ("bookmark rm a", "tb bookmark rm: cannot read \(bookmarks): not a regular file (a \(kind))"),
            ("history", "tb history: cannot read \(history): not a regular file (a \(kind))"),
            ("history -n 1", "tb history: cannot read \(history): not a regular file (a \(kind))"),
            ("history clear", "tb history clear: cannot write \(history): not a regular file (a \(kind))"),
        ]
        for (arguments, message) in cases {
            let result = try bash("timeout 30 tb \(arguments)", environment: shellEnvironment)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == message + "\n", "\(arguments)")
        }
        // A visit to record is a warning, not a failed run.
        scratch.write("page.txt", "hello\n")
        let visit = try bash(
            "timeout 30 tb regex -c hello 'file://\(scratch.file("page.txt"))'", environment: shellEnvironment)
        #expect(visit.status == 0)
        #expect(
            visit.stderr
                == "tb regex: warning: cannot record history: cannot write \(history): not a regular file (a \(kind))\n"
        )
        // Completion stays quiet and quick.
        let completion = try bash("timeout 30 tb __complete -- feed ''", environment: shellEnvironment)
        #expect(completion.status == 0)
        #expect(completion.stdout == ":files\n")
        if kind == "FIFO" {
            #expect(fileType(scratch.file("config/bookmarks.ndjson")) == S_IFIFO)
            #expect(fileType(scratch.file("state/history.ndjson")) == S_IFIFO)
        } else {
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("elsewhere")).isEmpty)
        }
    }

    // MARK: Temporary files

    /// A writer killed between writing its temporary file and renaming it leaves `NAME.tmp.PID` behind: the next
    /// rewrite removes it when that process is gone, and leaves one whose process lives.
    @Test func temporaryFilesOfKilledWritersAreRemoved() throws {
        let gone = try bash("sleep 60 & kill -9 $!; wait $! 2>/dev/null; echo $!", environment: scratch.environment)
        let pid = try #require(Int32(gone.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let live = ProcessInfo.processInfo.processIdentifier
        #expect(try tb(["bookmark", "add", "a", "https://a"], environment: scratch.environment).status == 0)
        scratch.write("config/bookmarks.ndjson.tmp.\(pid)", "half a file")
        scratch.write("config/bookmarks.ndjson.tmp.\(live)", "being written")
        scratch.write("state/history.ndjson.tmp.\(pid)", "half a history")
        #expect(try tb(["bookmark", "add", "b", "https://b"], environment: scratch.environment).status == 0)
        #expect(try tb(["history", "clear"], environment: scratch.environment).status == 0)
        let config = try FileManager.default.contentsOfDirectory(atPath: scratch.file("config")).sorted()
        #expect(config == ["bookmarks.ndjson", "bookmarks.ndjson.lock", "bookmarks.ndjson.tmp.\(live)"])
        let state = try FileManager.default.contentsOfDirectory(atPath: scratch.file("state")).sorted()
        #expect(state == ["history.ndjson", "history.ndjson.lock"])
    }

    // MARK: Huge store files

    /// The most a run over a huge store may hold, in KiB. Not checked under a sanitizer: ASan's quarantine keeps freed
    /// memory and its shadow, like TSan's, grows with the memory touched, so the numbers are not tb's.
    let memoryLimit = Sanitizer.isOn ? Int.max : 64 << 10

    /// Runs tb and returns its status, stderr, and peak resident memory in KiB (see `measuredTB`). stdout goes to
    /// `output` in the scratch directory.
    func peakMemory(_ arguments: [String], output: String = "out") throws -> (status: Int32, stderr: String, kib: Int) {
        let run = try measuredTB(arguments, environment: scratch.environment, output: scratch.file(output))
        return (run.status, run.stderr, run.kib)
    }

    /// Writes `count` visits to the history, by `feed` except every tenth by `reach`, targets numbered from 0.
    func writeHistory(_ count: Int, before: String = "") throws {
        try FileManager.default.createDirectory(atPath: scratch.file("state"), withIntermediateDirectories: true)
        #expect(
            FileManager.default.createFile(atPath: scratch.file("state/history.ndjson"), contents: Data(before.utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: scratch.file("state/history.ndjson")))
        defer { try? handle.close() }
        try handle.seekToEnd()
        var chunk = ""
        for index in 0..<count {
            chunk +=
                #"{"type":"visit","time":"2026-01-01T00:00:00Z","command":""# + (index % 10 == 9 ? "reach" : "feed")
                + #"","target":"https://example.org/feed/\#(index).xml","exit_status":0,"records":1}"# + "\n"
            if chunk.utf8.count > 1 << 20 || index == count - 1 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
    }

    /// The newest visits of a huge history (made by hand or by another tool: tb keeps its own small) are read from
    /// the end: memory stays small, and --command still filters. Listing it all streams.
    @Test func theNewestVisitsOfAHugeHistoryCostLittleMemory() throws {
        try writeHistory(250_000)
        let newest = try peakMemory(["history", "-n", "3", "--fields", "target", "--format", "tsv"])
        #expect(newest.status == 0)
        #expect(newest.stderr.isEmpty)
        #expect(newest.kib < memoryLimit, "\(newest.kib) KiB")
        #expect(scratch.read("out") == (249_997..<250_000).map { "https://example.org/feed/\($0).xml\n" }.joined())
        let reach = try peakMemory([
            "history", "-n", "2", "--command", "reach", "--fields", "target", "--format", "tsv",
        ])
        #expect(reach.kib < memoryLimit, "\(reach.kib) KiB")
        #expect(scratch.read("out") == [249_989, 249_999].map { "https://example.org/feed/\($0).xml\n" }.joined())
        let all = try peakMemory(["history", "--fields", "target", "--format", "tsv"])
        #expect(all.status == 0)
        #expect(all.kib < memoryLimit, "\(all.kib) KiB")
        #expect(scratch.read("out")?.utf8.count(where: { $0 == UInt8(ascii: "\n") }) == 250_000)
    }

    /// A 20 MB bookmark line is longer than a line may be: reported as damaged, never parsed or held in memory, and
    /// copied through byte for byte when the file is rewritten.
    @Test func aHugeBookmarkLineIsReportedAndCopiedThrough() throws {
        let huge =
            #"{"type":"bookmark","name":"huge","url":"https://h/"# + String(repeating: "x", count: 20 << 20) + #""}"#
        let small = #"{"type":"bookmark","name":"a","url":"https://a","note":null,"created":null}"#
        scratch.write("config/bookmarks.ndjson", small + "\n" + huge + "\n")
        let warning =
            "tb bookmark ls: warning: '\(scratch.path)/config/bookmarks.ndjson' line 2: damaged, kept as it is (longer than 64 KiB)\n"
        let list = try peakMemory(["bookmark", "ls", "--fields", "name", "--format", "tsv"])
        #expect(list.status == 0)
        #expect(list.stderr == warning)
        #expect(scratch.read("out") == "a\n")
        #expect(list.kib < memoryLimit, "\(list.kib) KiB")
        let add = try peakMemory(["bookmark", "add", "b", "https://b"])
        #expect(add.status == 0)
        #expect(add.kib < memoryLimit, "\(add.kib) KiB")
        let lines = (scratch.read("config/bookmarks.ndjson") ?? "").split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first.map(String.init) == small)
        #expect(lines.dropFirst().first.map(String.init) == huge)
        #expect(lines.last?.contains(#""name":"b""#) == true)
    }

    /// A history made huge by hand (an 80 MB line among visits) is compacted by the next visit, which reads only its
    /// end: the file ends up within the compacted size, with the new visit last.
    @Test func aHugeHistoryIsCompactedWithoutReadingItWhole() throws {
        try writeHistory(1_000, before: String(repeating: "x", count: 80 << 20) + "\n")
        scratch.write("page.txt", "hello\n")
        let visit = try peakMemory(["regex", "-c", "hello", "file://" + scratch.file("page.txt")])
        #expect(visit.status == 0)
        #expect(visit.stderr.isEmpty, "\(visit.stderr)")
        #expect(visit.kib < memoryLimit, "\(visit.kib) KiB")
        let size = try FileManager.default.attributesOfItem(atPath: scratch.file("state/history.ndjson"))[.size] as? Int
        #expect((size ?? .max) <= 512 << 10)
        let last = try tb(["history", "-n", "1", "--fields", "command"], environment: scratch.environment)
        #expect(last.lines == [#"{"type":"visit","command":"regex"}"#])
    }

    // MARK: Completion

    /// Completion prints one candidate a line: a history target, a bookmark name or an external command's file name
    /// with a control character in it (a newline would inject candidates, an escape sequence would reach the
    /// terminal) is never printed, nor one with a bidirectional override or isolate (it would show the rest of its line
    /// reversed).
    @Test func completionNeverPrintsControlCharacters() throws {
        let visit = { (target: String) in
            #"{"type":"visit","time":"2026-01-01T00:00:00Z","command":"feed","target":"\#(target)","exit_status":0,"records":1}"#
        }
        scratch.write(
            "state/history.ndjson",
            [
                visit("https://ok.example/feed"), visit(#"https://evil.example/\ninjected\t--rm-rf"#),
                visit(#"https://evil.example/\u001b]0;title\u0007"#), visit(#"https://c1.example/\u0085x"#),
            ]
            .joined(separator: "\n") + "\n")
        scratch.write(
            "config/bookmarks.ndjson",
            #"{"type":"bookmark","name":"good","url":"https://g"}"# + "\n"
                + #"{"type":"bookmark","name":"bad\nname","url":"https://b"}"# + "\n"
                + #"{"type":"bookmark","name":"evil\u202ekcab","url":"https://e"}"# + "\n"
                + #"{"type":"bookmark","name":"iso\u2068late","url":"https://i"}"# + "\n")
        scratch.write("bin/tb-plug\nin", "#!/bin/sh\n", executable: true)
        var env = scratch.environment
        env["TB_EXEC_PATH"] = scratch.file("bin")
        let sources = try tb(["__complete", "--", "feed", ""], environment: env)
        #expect(sources.status == 0)
        #expect(sources.lines == ["@good\tbookmark", "https://ok.example/feed\trecent", ":files"])
        let commands = try tb(["__complete", "--", ""], environment: env)
        #expect(!commands.stdout.contains("plug"))
        #expect(commands.lines.allSatisfy { !$0.contains("\u{1B}") })
        let names = try tb(["__complete", "--", "bookmark", "rm", ""], environment: env)
        #expect(names.lines == ["good\tbookmark", ":none"])
    }
}
