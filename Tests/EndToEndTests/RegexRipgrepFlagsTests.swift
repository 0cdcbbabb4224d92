// ripgrep's and grep's short flags in tb regex, compared with rg 13 and grep on a generated tree of many file types
// and depths: -t/-T and --type-list, --files, --max-depth, -S, -m, -g, the flags accepted as no-ops, the -H hint, and
// the current directory searched when there is no SOURCE and stdin is a terminal.
import Foundation
import TestSupport
import Testing

struct RegexRipgrepFlagsTests {
    let scratch = Scratch()
    /// ripgrep's default types as `rg --type-list` prints them: name and globs.
    let types: [(name: String, globs: [String])]

    init() throws {
        let list = try runProgram("/usr/bin/rg", ["--type-list"], environment: scratch.environment)
        types = list.lines.map { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            let globs = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return (String(parts[0]), globs)
        }
        let files: [(String, String)] = [
            ("tree/.git/HEAD", "ref: refs/heads/main\n"), ("tree/.gitignore", "ignored/\n*.tmp\nf.lock\n"),
            ("tree/a.rs", "ERROR rust\n"), ("tree/b.py", "ERROR python\n"), ("tree/c.c", "ERROR c\n"),
            ("tree/c.h", "ERROR header\n"), ("tree/d.cpp", "ERROR c++\n"), ("tree/Makefile", "ERROR make\n"),
            ("tree/CMakeLists.txt", "ERROR cmake\n"), ("tree/Cargo.toml", "ERROR toml\n"),
            ("tree/LICENSE", "ERROR license\n"), ("tree/README.md", "ERROR readme\n"), ("tree/notes.txt", "ERROR\n"),
            ("tree/.hidden.rs", "ERROR hidden rust\n"), ("tree/.hdir/h.py", "ERROR hidden dir\n"),
            ("tree/src/x.rs", "ERROR depth 2\n"), ("tree/src/y.py", "ERROR depth 2\n"),
            ("tree/src/deep/z.md", "ERROR depth 3\n"), ("tree/src/deep/er/w.rs", "ERROR depth 4\n"),
            ("tree/src/deep/er/est/v.c", "ERROR depth 5\n"), ("tree/docs/r.txt", "ERROR docs\n"),
            ("tree/docs/guide.md", "ERROR guide\n"), ("tree/x.tmp", "ERROR ignored\n"),
            ("tree/ignored/i.rs", "ERROR ignored dir\n"), ("tree/data.json", "ERROR json\n"),
            ("tree/script.sh", "ERROR sh\n"), ("tree/x.min.js", "ERROR minified\n"), ("tree/y.js", "ERROR js\n"),
        ]
        for (name, text) in files { scratch.write(name, text) }
        scratch.write(bytes: "tree/bin.dat", Array("ERROR binary\n".utf8) + [0])
        // A file for every glob of every type, named as the glob would match it.
        for (_, globs) in types {
            for glob in globs { scratch.write("tree/types/" + Self.name(matching: glob), "ERROR typed\n") }
        }
    }

    /// A file name `glob` matches: `*` as f, `?` as q, a class as its first character.
    static func name(matching glob: String) -> String {
        var name = ""
        var characters = Array(glob)[...]
        while let character = characters.popFirst() {
            switch character {
            case "*": name += "f"
            case "?": name += "q"
            case "[":
                if let first = characters.first { name.append(first) }
                while let next = characters.popFirst(), next != "]" {}
            default: name.append(character)
            }
        }
        return name
    }

    var tree: String { scratch.file("tree") }

    func tbRun(_ arguments: [String], in directory: String? = nil, input: String? = nil) throws -> Finished {
        try tb(["regex"] + arguments, environment: scratch.environment, input: input, directory: directory ?? tree)
    }

    func rgRun(_ arguments: [String], in directory: String? = nil) throws -> Finished {
        try runProgram("/usr/bin/rg", arguments, environment: scratch.environment, directory: directory ?? tree)
    }

    /// tb's --files and `rg --files --sort path` list the same files, in the same order, with the same status.
    func expectSameFiles(_ arguments: [String], rg: [String]? = nil, in directory: String? = nil) throws {
        let ours = try tbRun(["--files", "--template", "%(source)%n"] + arguments, in: directory)
        let theirs = try rgRun(["--files", "--sort", "path"] + (rg ?? arguments), in: directory)
        #expect(ours.lines == theirs.lines, "\(arguments): \(ours.stderr)")
        #expect(ours.status == theirs.status, "\(arguments): \(ours.stderr) / \(theirs.stderr)")
    }

    /// tb's matches as `rg -n -o --no-heading --with-filename --sort path` prints them, and the same status.
    func expectSameMatches(_ arguments: [String], rg: [String]? = nil, in directory: String? = nil) throws {
        let ours = try tbRun(["--template", "%(source):%(line):%(match)%n"] + arguments, in: directory)
        let theirs = try rgRun(
            ["-n", "-o", "--no-heading", "--with-filename", "--sort", "path"] + (rg ?? arguments), in: directory)
        #expect(ours.lines == theirs.lines, "\(arguments): \(ours.stderr)")
        #expect(ours.status == theirs.status, "\(arguments): \(ours.stderr) / \(theirs.stderr)")
    }

    /// Every type of the table selects (-t) and leaves out (-T) the files rg's does.
    @Test func everyTypeSelectsWhatRipgrepsSelects() throws {
        #expect(types.count > 100)
        for (name, _) in types {
            try expectSameFiles(["-t", name, "types"])
        }
        for name in ["rust", "c", "make", "license", "sh", "lock", "js"] {
            try expectSameFiles(["-T", name])
        }
    }

    /// -t and -T together, with each other, with globs, hidden names and ignore files, in a search as in --files.
    @Test func typesCombineAsInRipgrep() throws {
        for arguments in [
            ["-t", "rust"], ["-t", "py", "-t", "c"], ["-t", "rust", "-T", "rust"], ["-T", "rust", "-t", "rust"],
            ["-t", "c", "-T", "h"], ["-t", "cpp", "-T", "c"], ["-t", "all"], ["-T", "all"], ["-t", "all", "-T", "md"],
            ["-t", "rust", "--glob", "*.py"], ["-t", "rust", "--glob", "!src"], ["-t", "py", "--hidden"],
            ["-t", "rust", "--no-ignore"], ["-T", "js", "-t", "minified"], ["--type", "make", "--type-not", "cmake"],
        ] {
            let rgArguments = arguments.map { $0 == "--glob" ? "-g" : $0 }
            try expectSameFiles(arguments, rg: rgArguments)
            try expectSameMatches(arguments + ["ERROR"], rg: rgArguments + ["ERROR"])
        }
        // Named files are searched whatever the type, in the order given.
        try expectSameFiles(["-t", "py", "a.rs", "src", "docs", "Makefile"])
        try expectSameMatches(["-t", "py", "ERROR", "a.rs", "src"])
    }

    @Test func unknownTypesAreUsageErrors() throws {
        let typo = try tbRun(["-t", "rusty", "ERROR"])
        #expect(typo.status == 64)
        #expect(typo.stderr.hasPrefix("tb regex: unknown file type 'rusty' (did you mean 'rust'?)\n"), "\(typo.stderr)")
        let unknown = try tbRun(["-T", "qqqqqqqqqq", "ERROR"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.hasPrefix("tb regex: unknown file type 'qqqqqqqqqq' (tb regex --type-list lists them)\n"),
            "\(unknown.stderr)")
    }

    /// --type-list prints the table as `type` records: rg's names and globs, in rg's order.
    @Test func typeListIsRipgrepsTable() throws {
        let listed = try tbRun(["--type-list"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let records = try listed.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(records.count == types.count)
        for (record, type) in zip(records, types) {
            #expect(record?["type"] as? String == "type")
            #expect(record?["name"] as? String == type.name)
            #expect(record?["globs"] as? [String] == type.globs, "\(type.name)")
        }
        let table = try tbRun(["--type-list", "--format", "table"])
        #expect(table.lines.first?.hasPrefix("NAME") == true, "\(table.stdout.prefix(200))")
        #expect(table.lines.contains { $0.hasPrefix("rust ") && $0.hasSuffix(" *.rs") })
        let extra = try tbRun(["--type-list", "rust"])
        #expect(extra.status == 64)
        #expect(extra.stderr.hasPrefix("tb regex: --type-list takes no PATTERN or SOURCE\n"), "\(extra.stderr)")
        // The names complete for -t and -T.
        for option in ["-t", "-T", "--type", "--type-not"] {
            let completion = try tb(["__complete", "--", "regex", option, "ru"], environment: scratch.environment)
            #expect(completion.lines == ["ruby", "rust", ":none"], "\(option): \(completion.stdout)")
        }
        // Help names where the list is rather than listing it.
        let help = try tbRun(["--help"])
        #expect(!help.stdout.contains("agda"))
    }

    /// --files lists what a search would search, as rg --files does, with the walk's options.
    @Test func filesAreRipgrepsFiles() throws {
        for arguments in [
            [], ["--hidden"], ["--no-ignore"], ["--hidden", "--no-ignore"], ["--glob", "*.rs"], ["--glob", "!src"],
            ["--glob", "!types", "--hidden"], ["-t", "rust", "--max-depth", "2"], ["--max-depth", "0"],
            ["--max-depth", "1"], ["--max-depth", "3", "--hidden", "--no-ignore"], ["-g", "*.md", "--max-depth", "3"],
        ] {
            let rgArguments = arguments.map { $0 == "--glob" ? "-g" : $0 }
            try expectSameFiles(arguments + ["."], rg: rgArguments + ["."])
            try expectSameFiles(arguments + ["src", "docs/"], rg: rgArguments + ["src", "docs/"])
            // No SOURCE: the current directory, named as rg names it (no ./ in front), whatever stdin is.
            try expectSameFiles(arguments, rg: rgArguments)
            try expectSameFiles(arguments + [tree], rg: rgArguments + [tree], in: scratch.path)
        }
        // Binary files too: only reading one tells it is binary.
        #expect(try tbRun(["--files", "--template", "%(source)%n"]).lines.contains("bin.dat"))
        // A source that does not exist is reported, the others listed; then the status is 2.
        let missing = try tbRun(["--files", "--template", "%(source)%n", "nope", "a.rs"])
        #expect(missing.lines == ["a.rs"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "tb regex: cannot read 'nope': No such file or directory\n")
        // Nothing to list: status 1, as rg's.
        #expect(try tbRun(["--files", "--max-depth", "0", "."]).status == 1)
        let records = try tbRun(["--files", "src/deep/er"])
        #expect(
            records.lines == [
                #"{"type":"source","source":"src/deep/er/est/v.c"}"#, #"{"type":"source","source":"src/deep/er/w.rs"}"#,
            ])
        let conflict = try tbRun(["--files", "-c", "."])
        #expect(conflict.status == 64)
    }

    /// --max-depth N as rg's: 0 is only the paths given, 1 their entries, and so on.
    @Test func maxDepthIsRipgreps() throws {
        for depth in 0...5 {
            try expectSameMatches(["--max-depth", "\(depth)", "ERROR", "."])
            try expectSameMatches(["--max-depth", "\(depth)", "--hidden", "ERROR", "src", "a.rs"])
        }
        let negative = try tbRun(["--max-depth", "-1", "ERROR", "."])
        #expect(negative.status == 64)
    }

    /// -S is rg's --smart-case: case-insensitive when no pattern has an uppercase letter of its own (escapes such as
    /// \W, \S and \p{Lu} and group names do not count, \x43 does).
    @Test func smartCaseIsRipgreps() throws {
        let text = "abc\nABC\nAbc\nxyz\nXYZ\nfoo bar\nFOO BAR\nÉté\nété\na\\W\nA\\w\nfoo  BAR\n"
        scratch.write("cases/f.txt", text)
        scratch.write("cases/crlf.txt", text.replacingOccurrences(of: "\n", with: "\r\n"))
        let directory = scratch.file("cases")
        for patterns in [
            ["abc"], ["ABC"], ["Abc"], [#"foo\W"#], [#"FOO\W"#], [#"foo\Sbar"#], [#"ab\x43"#],
            [#"\x41bc"#], ["(?P<Name>abc)"], ["[a-z]bc"], ["[A-Z]bc"], [#"\babc\b"#], ["(?-i)abc"], ["été"], ["Été"],
            [#"\p{Lu}"#], [#"foo\s+bar"#], ["-e", "abc", "-e", "XYZ"], ["-e", "abc", "-e", "xyz"], ["-F", #"a\W"#],
            ["-F", #"a\w"#], ["-F", "a.c"], ["-i", "ABC"],
        ] {
            let arguments = patterns.count == 1 ? ["-e"] + patterns : patterns
            let ours = try tbRun(["-S", "--template", "%(line):%(match)%n"] + arguments + ["f.txt"], in: directory)
            let theirs = try rgRun(["-S", "-n", "-o", "--no-filename"] + arguments + ["f.txt"], in: directory)
            #expect(ours.lines == theirs.lines, "\(patterns): \(ours.stderr)")
            #expect(ours.status == theirs.status, "\(patterns): \(ours.stderr)")
            let crlf = try tbRun(["-S", "--template", "%(line):%(match)%n"] + arguments + ["crlf.txt"], in: directory)
            let theirsCRLF = try rgRun(
                ["-S", "-n", "-o", "--no-filename"] + arguments + ["crlf.txt"], in: directory)
            #expect(crlf.lines == theirsCRLF.lines, "CRLF \(patterns): \(crlf.stderr)")
            let long = try tbRun(
                ["--smart-case", "--template", "%(line):%(match)%n"] + arguments + ["f.txt"], in: directory)
            #expect(long.stdout == ours.stdout)
        }
        // What only PCRE2 has: verbs, its group names, comments, \Q…\E, \N{U+…}, (?J).
        func lines(_ arguments: [String]) throws -> [String] {
            try tbRun(["-S", "--template", "%(line)%n"] + arguments + ["f.txt"], in: directory).lines
        }
        // (PCRE2's \p{Lu} stays uppercase without regard to case, Rust's does not: bc tells.)
        #expect(try lines([#"\p{Lu}bc"#]) == ["2", "3"])
        #expect(try lines(["(*UTF)abc"]) == ["1", "2", "3"])
        #expect(try lines(["(*UCP)(?<Name>abc)"]) == ["1", "2", "3"])
        #expect(try lines(["(?#Comment)abc"]) == ["1", "2", "3"])
        #expect(try lines(["(?J)abc"]) == ["1", "2", "3"])
        #expect(try lines([#"(?<N>a)bc(?(<N>)|x)"#]) == ["1", "2", "3"])
        #expect(try lines([#"\Qabc\E"#]) == ["1", "2", "3"])
        #expect(try lines([#"\QAbc\E"#]) == ["3"])
        #expect(try lines([#"\N{U+41}bc"#]) == ["3"])
        #expect(try lines([#"\x{41}BC"#]) == ["2"])
        // -f files count, read when the command runs.
        scratch.write("cases/upper.txt", "ABC\n")
        scratch.write("cases/lower.txt", "abc\n")
        #expect(try lines(["-f", "upper.txt"]) == ["2"])
        #expect(try lines(["-f", "lower.txt"]) == ["1", "2", "3"])
        #expect(try lines(["-e", "xyz", "-f", "upper.txt"]) == ["2", "4"])
    }

    /// -m N is --max-count, as in grep and rg, with LF and CRLF line ends. (tb counts matches, grep and rg lines
    /// with a match: the same here, where a line holds one match at most.)
    @Test func mIsMaxCount() throws {
        scratch.write("counts/lf.txt", "a ERROR\nb\nc ERROR\nd ERROR\ne ERROR\n")
        scratch.write("counts/crlf.txt", "a ERROR\r\nb\r\nc ERROR\r\nd ERROR\r\ne ERROR\r\n")
        let directory = scratch.file("counts")
        for file in ["lf.txt", "crlf.txt"] { for count in 1...5 { try expectMaxCount(file, count, in: directory) } }
        #expect(try tbRun(["-m", "0", "ERROR", "lf.txt"], in: directory).status == 64)
    }

    func expectMaxCount(_ file: String, _ count: Int, in directory: String) throws {
        let template = ["--template", "%(line):%(match)%n"]
        let ours = try tbRun(template + ["-m", "\(count)", "ERROR", file], in: directory)
        let grep = try runProgram(
            "/usr/bin/grep", ["-n", "-o", "-m", "\(count)", "ERROR", file], environment: scratch.environment,
            directory: directory)
        let rg = try rgRun(["-n", "-o", "-m", "\(count)", "ERROR", file], in: directory)
        #expect(ours.lines == grep.lines, "\(file) \(count)")
        #expect(ours.lines == rg.lines, "\(file) \(count)")
        #expect(ours.lines.count == min(count, 4))
        let long = try tbRun(template + ["--max-count", "\(count)", "ERROR", file], in: directory)
        #expect(long.stdout == ours.stdout)
        let lines = try tbRun(template + ["--lines", "-m", "\(count)", "ERROR", file], in: directory)
        #expect(lines.stdout == ours.stdout)
    }

    /// -g is rg's --glob; --group keeps only its long name.
    @Test func gIsGlob() throws {
        try expectSameMatches(["-g", "*.rs", "ERROR"])
        try expectSameMatches(["-g", "!types", "-g", "*.md", "ERROR", "."])
        let group = try tbRun(["--group", "1", "--template", "%(match)%n", "(ERR)OR", "a.rs"])
        #expect(group.lines == ["ERR"])
        // -g1 is the glob 1 now: no file matches it.
        let glob = try tbRun(["-g1", "(ERR)OR", "."])
        #expect(glob.status == 1)
        #expect(glob.stdout.isEmpty)
    }

    /// grep's -H prints file names; in tb it sets an HTTP header, and a value that is not one says so.
    @Test func hIsAHeaderWithAHint() throws {
        let result = try tbRun(["-H", "ERROR", "a.rs"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "tb regex: invalid value 'ERROR' for --header: expected a header written as 'Name: value' "
                    + "(-H sets an HTTP header; every record already names its source)\n"),
            "\(result.stderr)")
        #expect(try tbRun(["-H", "X-Test: 1", "ERROR", "a.rs"]).status == 0)
        // The same hint for every command that takes -H.
        let feed = try tb(["feed", "-H", "news.xml"], environment: scratch.environment)
        #expect(feed.status == 64)
        #expect(feed.stderr.contains("(-H sets an HTTP header; every record already names its source)"))
    }

    /// -P, -U, -n, -z, -E and -o are accepted and change nothing; their help says why, and -s's that it is not rg's.
    @Test func flagsThatChangeNothing() throws {
        let gzipped = scratch.file("tree/zipped.txt.gz")
        _ = try bash("printf 'ERROR zipped\\nnothing\\n' | gzip -c > '\(gzipped)'", environment: scratch.environment)
        let sources = ["a.rs", "src", "zipped.txt.gz"]
        let plain = try tbRun(["ERROR"] + sources)
        #expect(plain.status == 0)
        #expect(plain.lines.count == 7, "\(plain.stdout)")
        for flags in [
            ["-P"], ["-U"], ["-n"], ["-z"], ["-E"], ["-o"], ["-PUnzEo"], ["--pcre2"], ["--line-number"],
            ["--search-zip"], ["--extended-regexp"], ["--only-matching"],
        ] {
            let result = try tbRun(flags + ["ERROR"] + sources)
            #expect(result.stdout == plain.stdout, "\(flags)")
            #expect(result.status == 0, "\(flags): \(result.stderr)")
        }
        let help = try tbRun(["--help"]).lines
        for (signature, reason) in [
            ("-P, --pcre2", "PCRE2"), ("-n, --line-number", "line"), ("-z, --search-zip", "gzip"),
            ("-E, --extended-regexp", "grep's -E"), ("-o, --only-matching", "match"), ("-U,", "span lines"),
            ("-s, --dot-all", "not rg's -s"), ("-S, --smart-case", "uppercase"), ("-m, --max-count N", "matches"),
            ("-g, --glob GLOB", "GLOB"), ("-t, --type TYPE", "--type-list"), ("-T, --type-not TYPE", "--type-list"),
            ("--files", "source record"), ("--max-depth N", "0"), ("--type-list", "type record"),
        ] {
            // The option's lines: its signature's and those that go on under its help.
            let start = help.firstIndex {
                $0.hasPrefix("  ") && $0.trimmingCharacters(in: .whitespaces).hasPrefix(signature + " ")
            }
            let lines = start.map {
                [help[$0]] + help[($0 + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: 20)) }
            }
            let paragraph = (lines ?? []).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(paragraph.contains(reason), "\(signature): \(paragraph)")
        }
    }

    /// With no SOURCE and stdin a terminal, the current directory is searched, its files named as rg names them
    /// (a/b.txt, no ./); stdin that is not a terminal is read, whatever it is.
    @Test(.enabled(if: hasScript)) func noSourceOnATerminalSearchesTheCurrentDirectory() throws {
        // stderr and script's transcript go outside the tree searched.
        func onTerminal(_ program: String, _ arguments: [String]) throws -> [String] {
            let result = try TestSupport.onTerminal(
                program, arguments, columns: 200, environment: scratch.environment, directory: tree,
                errors: scratch.file("terminal-stderr.txt"), transcript: scratch.file("typescript"))
            #expect(result.status == 0 || result.status == 1, "\(program) \(arguments): \(result.stdout)")
            return result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init)
        }
        let ours = try onTerminal(Package.binary, ["regex", "--template", "%(source):%(line):%(match)%n", "ERROR"])
        let theirs = try onTerminal(
            "/usr/bin/rg", ["--no-heading", "--color", "never", "-n", "-o", "--sort", "path", "ERROR"])
        #expect(ours == theirs)
        #expect(ours.contains("src/x.rs:1:ERROR"))
        #expect(ours.count > 50)
        let counted = try onTerminal(
            Package.binary, ["regex", "-c", "--template", "%(source)%n", "-t", "rust", "ERROR"])
        #expect(counted == [".hidden.rs", "a.rs", "src/deep/er/w.rs", "src/x.rs", "types/f.rs"])
        // Not a terminal: a pipe, a file, a null device of the test's own are read as stdin.
        let piped = try tbRun(["--template", "%(source):%(line)%n", "ERROR"], input: "x\nERROR\n")
        #expect(piped.lines == ["-:2"])
        let file = scratch.write("stdin.txt", "ERROR\n")
        let redirected = try tb(
            ["regex", "--template", "%(source):%(line)%n", "ERROR"], environment: scratch.environment,
            redirections: "<'\(file)'")
        #expect(redirected.lines == ["-:1"])
        let node = scratch.file("null")
        #expect(try bash("mknod '\(node)' c 1 3", environment: scratch.environment).status == 0)
        let empty = try tb(["regex", "ERROR"], environment: scratch.environment, redirections: "<'\(node)'")
        #expect(empty.status == 1)
        #expect(empty.stdout.isEmpty && empty.stderr.isEmpty, "\(empty.stderr)")
    }
}
