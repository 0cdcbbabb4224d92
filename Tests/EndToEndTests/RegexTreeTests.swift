// tb regex over directories, compared with ripgrep on the same tree: the same files in the same order, the same
// matches, for every option of the walk (ignore files, hidden names, binary files, symbolic links, --glob).
import Foundation
import TestSupport
import Testing

struct RegexTreeTests {
    let scratch = Scratch()

    init() throws {
        let files: [(String, String)] = [
            ("outer/.ignore", "outer-ignored.txt\n"),
            // Above the repository's top: git and ripgrep never read it.
            ("outer/.gitignore", "a.txt\n"),
            ("outer/tree/.git/HEAD", "ref: refs/heads/main\n"),
            (
                "outer/tree/.gitignore",
                "# a comment\n*.tmp\n!keep.tmp\n/build/\ncache/\nlogs/**/debug.log\n\\#hash.txt\ntrailing.txt   \n"
                    + "[xy]z.txt\nq?.txt\n"
            ),
            ("outer/tree/.ignore", "ignored-by-ignore.txt\n"),
            ("outer/tree/a.txt", "ERROR one\nnothing\nERROR two ERROR three\n"),
            ("outer/tree/a-b.txt", "ERROR dash\n"), ("outer/tree/a/b.txt", "ERROR nested\n"),
            ("outer/tree/Z.txt", "ERROR upper\n"), ("outer/tree/space name.txt", "ERROR space\n"),
            ("outer/tree/keep.tmp", "ERROR kept\n"), ("outer/tree/x.tmp", "ERROR ignored\n"),
            ("outer/tree/#hash.txt", "ERROR hash\n"), ("outer/tree/trailing.txt", "ERROR trailing\n"),
            ("outer/tree/xz.txt", "ERROR class\n"), ("outer/tree/wz.txt", "ERROR not in class\n"),
            ("outer/tree/q1.txt", "ERROR question\n"), ("outer/tree/q12.txt", "ERROR two characters\n"),
            ("outer/tree/build/out.txt", "ERROR anchored\n"), ("outer/tree/src/build/out.txt", "ERROR deeper\n"),
            ("outer/tree/cache", "ERROR a file named cache\n"), ("outer/tree/sub/cache/c.txt", "ERROR cache dir\n"),
            ("outer/tree/logs/debug.log", "ERROR debug\n"), ("outer/tree/logs/x/y/debug.log", "ERROR deep debug\n"),
            ("outer/tree/logs/info.log", "ERROR info\n"), ("outer/tree/ignored-by-ignore.txt", "ERROR dot ignore\n"),
            ("outer/tree/outer-ignored.txt", "ERROR parent ignore\n"), ("outer/tree/sub/.gitignore", "!x.tmp\n*.log\n"),
            ("outer/tree/sub/.ignore", "!m.log\n"), ("outer/tree/sub/x.tmp", "ERROR brought back\n"),
            ("outer/tree/sub/n.log", "ERROR log ignored\n"), ("outer/tree/sub/m.log", "ERROR log back\n"),
            ("outer/tree/.hidden.txt", "ERROR hidden\n"), ("outer/tree/.hdir/h.txt", "ERROR hidden dir\n"),
            ("outer/tree/sub/deep/d.txt", "ERROR deep\n"),
            ("outer/plain/.gitignore", "*.txt\n"), ("outer/plain/p.txt", "ERROR no repository\n"),
        ]
        for (name, text) in files { scratch.write(name, text) }
        for directory in 0..<12 {
            for file in 0..<25 {
                let text = (0...(file % 3)).map { "line \($0) ERROR \(directory)-\(file)\n" }.joined()
                scratch.write(String(format: "outer/tree/many/d%02d/f%02d.txt", directory, file), text)
            }
        }
        scratch.write(bytes: "outer/tree/bin.dat", Array("ERROR before\n".utf8) + [0] + Array("ERROR after\n".utf8))
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: scratch.file("outer/tree/link.txt"), withDestinationPath: "a.txt")
        try manager.createSymbolicLink(atPath: scratch.file("outer/tree/link-dir"), withDestinationPath: "sub/deep")
        try manager.createSymbolicLink(atPath: scratch.file("outer/tree/sub/deep/loop"), withDestinationPath: "../..")
    }

    /// `path:line:match` for every match, as `rg -o` prints them.
    func tbMatches(_ arguments: [String], directory: String? = nil) throws -> Finished {
        try tb(
            ["regex", "--template", "%(source):%(line):%(match)%n"] + arguments, environment: scratch.environment,
            directory: directory ?? scratch.path)
    }

    func rg(_ arguments: [String], directory: String? = nil) throws -> Finished {
        try runProgram(
            "/usr/bin/rg", ["-P", "--no-heading", "-n", "--with-filename", "--sort", "path", "-o"] + arguments,
            environment: scratch.environment, directory: directory ?? scratch.path)
    }

    /// tb and rg agree on the matches and the exit status.
    func expectSame(_ tbArguments: [String], _ rgArguments: [String], in directory: String? = nil) throws {
        let ours = try tbMatches(tbArguments, directory: directory)
        let theirs = try rg(rgArguments, directory: directory)
        let onlyOurs = ours.lines.filter { !theirs.lines.contains($0) }.prefix(5)
        let onlyTheirs = theirs.lines.filter { !ours.lines.contains($0) }.prefix(5)
        #expect(ours.lines == theirs.lines, "\(tbArguments): tb only \(onlyOurs), rg only \(onlyTheirs)")
        #expect(ours.status == theirs.status, "\(tbArguments): \(ours.stderr) / \(theirs.stderr)")
    }

    @Test func theDefaultWalkIsRipgrepsInItsOrder() throws {
        let ours = try tbMatches(["ERROR", "outer/tree"])
        try expectSame(["ERROR", "outer/tree"], ["ERROR", "outer/tree"])
        // What the rules leave out, and what they bring back.
        let files = Set(ours.lines.map { String($0.split(separator: ":")[0]) })
        #expect(files.contains("outer/tree/keep.tmp") && files.contains("outer/tree/sub/x.tmp"))
        #expect(files.contains("outer/tree/sub/m.log") && files.contains("outer/tree/src/build/out.txt"))
        #expect(files.contains("outer/tree/cache") && files.contains("outer/tree/a.txt"))
        for left in [
            "x.tmp", "build/out.txt", "sub/cache/c.txt", "logs/debug.log", "logs/x/y/debug.log", "#hash.txt",
            "trailing.txt", "xz.txt", "q1.txt", "sub/n.log", "ignored-by-ignore.txt", "outer-ignored.txt",
            ".hidden.txt", ".hdir/h.txt", "bin.dat", "link.txt", "link-dir/d.txt",
        ] {
            #expect(!files.contains("outer/tree/" + left), "\(left)")
        }
        #expect(files.contains("outer/tree/wz.txt") && files.contains("outer/tree/q12.txt"))
        #expect(ours.stderr == "tb regex: skipped 1 binary file (use --binary to search them)\n")
        // The same order on every run, though the files are searched on several threads.
        #expect(try tbMatches(["ERROR", "outer/tree"]).stdout == ours.stdout)
        #expect(ours.lines.first == "outer/tree/Z.txt:1:ERROR")
    }

    @Test func everyOptionOfTheWalkAgreesWithRipgrep() throws {
        let tree = "outer/tree"
        try expectSame(["--hidden", "ERROR", tree], ["--hidden", "ERROR", tree])
        try expectSame(["--no-ignore", "ERROR", tree], ["--no-ignore", "ERROR", tree])
        try expectSame(["-a", "ERROR", tree], ["-a", "ERROR", tree])
        try expectSame(
            ["--binary", "--hidden", "--no-ignore", "ERROR", tree], ["--hidden", "--no-ignore", "-a", "ERROR", tree])
        try expectSame(["--glob", "*.log", "ERROR", tree], ["-g", "*.log", "ERROR", tree])
        try expectSame(
            ["--glob", "!many", "--glob", "!*.txt", "ERROR", tree], ["-g", "!many", "-g", "!*.txt", "ERROR", tree])
        try expectSame(
            ["--glob", "*.tmp", "--glob", "!keep*", "ERROR", tree], ["-g", "*.tmp", "-g", "!keep*", "ERROR", tree])
        try expectSame(
            ["--glob", "*.tmp", "--no-ignore", "ERROR", tree], ["-g", "*.tmp", "--no-ignore", "ERROR", tree])
        // A glob with a slash is relative to the directory searched: as rg's when it searches the current one.
        let inside = scratch.file(tree)
        let ours = try tbMatches(["--glob", "sub/**", "--glob", "many/d0[1-2]/*", "ERROR", "."], directory: inside)
        let theirs = try rg(["-g", "sub/**", "-g", "many/d0[1-2]/*", "ERROR", "."], directory: inside)
        #expect(ours.lines == theirs.lines)
        #expect(ours.lines.count > 50)
        let outside = try tbMatches(["--glob", "sub/**", "--glob", "many/d0[1-2]/*", "ERROR", tree])
        #expect(outside.lines == theirs.lines.map { tree + $0.dropFirst() })
        // No repository: .gitignore files are not read (.ignore ones are).
        try expectSame(["ERROR", "outer/plain"], ["ERROR", "outer/plain"])
        #expect(try tbMatches(["ERROR", "outer/plain"]).lines == ["outer/plain/p.txt:1:ERROR"])
    }

    /// Links are not followed without -L; with it, a loop is reported once and not followed, and the status is 2
    /// with the matches printed, as rg's.
    @Test func symbolicLinksAndLoops() throws {
        let tree = "outer/tree"
        let ours = try tbMatches(["-L", "ERROR", tree])
        try expectSame(["-L", "ERROR", tree], ["-L", "ERROR", tree])
        #expect(ours.status == 2)
        let loops = ours.stderr.split(separator: "\n").filter { $0.contains("file system loop") }
        #expect(
            loops == [
                "tb regex: file system loop: 'outer/tree/link-dir/loop' leads back to 'outer/tree'",
                "tb regex: file system loop: 'outer/tree/sub/deep/loop' leads back to 'outer/tree'",
            ])
        let files = Set(ours.lines.map { String($0.split(separator: ":")[0]) })
        #expect(files.contains("outer/tree/link.txt") && files.contains("outer/tree/link-dir/d.txt"))
        // A link to nothing: one message, the search goes on.
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("outer/plain/broken"), withDestinationPath: "nowhere")
        let broken = try tbMatches(["-L", "--no-ignore", "ERROR", "outer/plain"])
        #expect(broken.status == 2)
        #expect(broken.lines == ["outer/plain/p.txt:1:ERROR"])
        #expect(broken.stderr == "tb regex: cannot read 'outer/plain/broken': No such file or directory\n")
        #expect(try tbMatches(["ERROR", "outer/plain"]).status == 0)
    }

    /// Files named on the command line are searched whatever the rules; directories, files, - and file: URLs mix,
    /// in the order given (URLs last, as always).
    @Test func namedFilesAndMixedSources() throws {
        let tree = "outer/tree"
        let named = try tbMatches(["ERROR", "\(tree)/x.tmp", "\(tree)/.hidden.txt", "\(tree)/link.txt"])
        #expect(named.status == 0)
        #expect(
            named.lines == [
                "outer/tree/x.tmp:1:ERROR", "outer/tree/.hidden.txt:1:ERROR", "outer/tree/link.txt:1:ERROR",
                "outer/tree/link.txt:3:ERROR", "outer/tree/link.txt:3:ERROR",
            ])
        let url = "file://" + scratch.file("outer/plain/p.txt")
        let mixed = try tb(
            ["regex", "--fields", "source", "-c", "ERROR", url, "outer/tree/sub", "-", "outer/plain/p.txt"],
            environment: scratch.environment, input: "ERROR stdin\n", directory: scratch.path)
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(
            mixed.lines.map { $0.replacingOccurrences(of: #"{"type":"count","source":"#, with: "") } == [
                #""outer/tree/sub/deep/d.txt"}"#, #""outer/tree/sub/m.log"}"#, #""outer/tree/sub/x.tmp"}"#,
                #""-"}"#, #""outer/plain/p.txt"}"#, "\"\(url)\"}",
            ])
    }

    /// --count, --lines, --max-count and --json records of files found in a directory are those of named files.
    @Test func everyFlagAppliesToFoundFilesAsToNamedOnes() throws {
        for flags in [
            ["-c"], ["--lines"], ["--max-count", "1"], ["--group=1", "--json"], ["--first", "-c"], ["-i", "-c"],
        ] {
            let pattern = flags.contains("--group=1") ? "(ERR)OR" : "error|ERROR"
            let found = try tb(
                ["regex"] + flags + [pattern, "outer/tree/a"], environment: scratch.environment,
                directory: scratch.path)
            let named = try tb(
                ["regex"] + flags + [pattern, "outer/tree/a/b.txt"], environment: scratch.environment,
                directory: scratch.path)
            #expect(found.stdout == named.stdout, "\(flags)")
            #expect(found.status == named.status, "\(flags)")
        }
        // A found file that does not match has no count record, unless --include-zero.
        let nothing = try tb(
            ["regex", "-c", "NOPE", "outer/tree"], environment: scratch.environment,
            directory: scratch.path)
        #expect(nothing.status == 1)
        #expect(nothing.lines.isEmpty)
        let zeros = try tb(
            ["regex", "-c", "--include-zero", "NOPE", "outer/tree"], environment: scratch.environment,
            directory: scratch.path)
        #expect(zeros.status == 1)
        #expect(zeros.lines.count > 300)
    }

    /// A file found in a walk has a count record when it matched, as `rg -c` prints it (lines, and matches as
    /// `rg --count-matches`), and every file with --include-zero, as `rg -c --include-zero`; -v counts the lines
    /// it selects.
    @Test func countsInAWalkAreRipgrepsCounts() throws {
        let tree = "outer/tree"
        // A big file is read in pieces on the main thread, not by a worker: it counts as the small ones do.
        scratch.write("outer/tree/big.txt", String(repeating: "line ERROR big\nnothing here\n", count: 60_000))
        for pattern in ["ERROR", "^line", "^ERROR", #"\d-1\d$"#, "ERROR.*ERROR", "NOPE"] {
            for (ours, theirs) in [
                (["-c"], ["-c"]), (["-c", "--include-zero"], ["-c", "--include-zero"]), (["-c", "-v"], ["-c", "-v"]),
            ] {
                for (field, counted) in [
                    ("lines", theirs), ("matches", theirs.map { $0 == "-c" ? "--count-matches" : $0 }),
                ]
                where field == "lines" || !ours.contains("-v") {
                    let found = try tb(
                        ["regex"] + ours + [pattern, tree, "--template", "%(source):%(\(field))"],
                        environment: scratch.environment, directory: scratch.path)
                    let expected = try runProgram(
                        "/usr/bin/rg", ["--no-config", "--sort", "path"] + counted + [pattern, tree],
                        environment: scratch.environment, directory: scratch.path)
                    #expect(found.lines == expected.lines, "\(ours) '\(pattern)' \(field)")
                    #expect(found.status == expected.status, "\(ours) '\(pattern)': \(found.stderr)")
                }
            }
        }
    }

    /// A file named on the command line always has a count record, 0 included, as grep -c prints it; so have - and
    /// a URL. Directories among them count as a walk does.
    @Test func namedSourcesAlwaysHaveACount() throws {
        let sources = ["outer/tree/a.txt", "outer/tree/x.tmp", "outer/plain/p.txt", "outer/tree/wz.txt", "-"]
        for pattern in ["ERROR t", "^ERROR", "NOPE", "one$"] {
            let found = try tb(
                ["regex", "-c", pattern] + sources + ["--template", "%(source):%(lines)"],
                environment: scratch.environment, input: "ERROR two\nnone\n", directory: scratch.path)
            let expected = try runProgram(
                "/usr/bin/grep", ["-c", "-H", "-P", pattern] + sources, environment: scratch.environment,
                input: Data("ERROR two\nnone\n".utf8), directory: scratch.path)
            #expect(
                found.lines == expected.lines.map { $0.replacingOccurrences(of: "(standard input):", with: "-:") },
                "'\(pattern)'")
            #expect(found.status == expected.status, "'\(pattern)': \(found.stderr)")
        }
        let url = "file://" + scratch.file("outer/plain/p.txt")
        let mixed = try tb(
            ["regex", "-c", "NOPE", url, "outer/tree/sub", "outer/tree/sub/x.tmp"], environment: scratch.environment,
            directory: scratch.path)
        #expect(mixed.status == 1)
        #expect(
            mixed.lines == [
                #"{"type":"count","source":"outer/tree/sub/x.tmp","lines":0,"matches":0}"#,
                #"{"type":"count","source":"\#(url)","lines":0,"matches":0}"#,
            ])
    }

    /// A file over 1 MiB is streamed on the main thread, not read whole by a worker: a NUL byte in its first 64 KiB
    /// still makes it binary, left out unless -a, as a small file is.
    @Test func aBigFileIsBinaryAsASmallOneIs() throws {
        let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 80) + [UInt8(ascii: "\n")]
        let big = Array("ERROR big\n".utf8) + [0] + Array(repeating: filler, count: 20_000).joined()
        scratch.write("bigbin/text.txt", "ERROR text\n")
        scratch.write(bytes: "bigbin/big.dat", big)
        scratch.write(bytes: "bigbin/small.dat", Array("ERROR small\n".utf8) + [0])
        let skipped = try tbMatches(["ERROR", "bigbin"])
        #expect(skipped.lines == ["bigbin/text.txt:1:ERROR"])
        #expect(skipped.stderr == "tb regex: skipped 2 binary files (use --binary to search them)\n")
        try expectSame(["ERROR", "bigbin"], ["ERROR", "bigbin"])
        let searched = try tbMatches(["-a", "ERROR", "bigbin"])
        #expect(searched.lines == ["bigbin/big.dat:1:ERROR", "bigbin/small.dat:1:ERROR", "bigbin/text.txt:1:ERROR"])
    }

    @Test func badWalkOptionsAreUsageErrors() throws {
        let bad = try tb(
            ["regex", "--glob", "a[b", "x", "."], environment: scratch.environment, directory: scratch.path)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("tb regex: invalid --glob 'a[b': a '[' is not closed\n"))
        let missing = try tb(["regex", "x", "no-such-dir"], environment: scratch.environment, directory: scratch.path)
        #expect(missing.status == 2)
        #expect(missing.stderr == "tb regex: cannot read 'no-such-dir': No such file or directory\n")
    }
}
