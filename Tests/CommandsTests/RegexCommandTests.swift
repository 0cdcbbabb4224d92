// tb regex in-process: the reference example, groups, flags, options, errors, invalid UTF-8, and matches that cross
// the pieces the input is read in.
import Foundation
import RegexCommands
import TestSupport
import Testing
import Toolbox

struct RegexCommandTests: CommandTesting {
    static let command: any Command.Type = RegexCommand.self
    let scratch = Scratch()

    func file(_ name: String, _ text: String) -> String { scratch.write(name, text) }

    @Test func theReferenceExample() throws {
        let lorem = Fixtures.folder("text/lorem.txt")
        let found = try records([#"(?si)((?<!\w)L\w+)"#, lorem])
        #expect(found.compactMap { $0["match"]?.string } == ["Lorem", "labore", "laboris", "laborum"])
        #expect(found.map { $0["groups"] } == found.map { .array([$0["match"] ?? .null, $0["match"] ?? .null]) })
        #expect(found.compactMap { $0["offset"]?.integer } == [0, 93, 183, 437])
        #expect(found.compactMap { $0["column"]?.integer } == [1, 94, 184, 438])
        #expect(found[0]["source"]?.string == lorem)
        #expect(run([#"(?si)((?<!\w)L\w+)"#, lorem]).status == .success)
    }

    @Test func numberedAndNamedGroups() throws {
        let path = file("dates.txt", "from 2026-11 to 2027-01-05\n")
        let found = try records([#"(?<year>\d{4})-(\d\d)(-(?<day>\d\d))?"#, path])
        #expect(found.count == 2)
        #expect(found[0]["groups"] == .array([.string("2026-11"), .string("2026"), .string("11"), .null, .null]))
        #expect(found[0]["named"] == .object(["year": .string("2026"), "day": .null]))
        #expect(found[1]["named"] == .object(["year": .string("2027"), "day": .string("05")]))
    }

    @Test func flags() throws {
        let path = file("flags.txt", "Alpha\nbeta\nGAMMA gamma\n")
        #expect(try records(["-i", "gamma", path]).count == 2)
        #expect(try records(["(?i)gamma", path]).count == 2)
        #expect(try records(["-s", "Alpha.beta", path]).count == 1)
        #expect(try records(["Alpha.beta", path]).isEmpty)
        // ^ and $ match at every line; (?-m) or \A and \z anchor the whole input.
        #expect(try records(["^beta$", path]).count == 1)
        #expect(try records(["(?-m)^beta$", path]).isEmpty)
        #expect(try records([#"\Abeta\z"#, path]).isEmpty)
        #expect(try records([#"\AAlpha$"#, path]).count == 1)
        #expect(try records(["--extended", "G A M M A  # spaced out", path]).count == 1)
    }

    @Test func firstMaxCountCountGroupAndReplace() throws {
        let path = file("words.txt", "one two three\nfour five\n")
        #expect(try records(["--first", #"\w+"#, path]).count == 1)
        // --max-count counts lines, as grep's and rg's: every match of the first N lines that have one.
        #expect(try records(["--max-count", "1", #"\w+"#, path]).count == 3)
        #expect(try records(["--max-count", "3", #"\w+"#, path]).count == 5)
        #expect(try records(["-c", #"\w+"#, path]).first?["matches"]?.integer == 5)
        #expect(try records(["-c", #"\w+"#, path]).first?["lines"]?.integer == 2)
        #expect(try records(["-c", "--max-count", "1", #"\w+"#, path]).first?["matches"]?.integer == 3)
        #expect(try records(["-c", "--max-count", "1", #"\w+"#, path]).first?["lines"]?.integer == 1)
        let grouped = try records(["--group", "name", #"(?<name>\w)(\w+)"#, path])
        #expect(grouped.compactMap { $0["match"]?.string } == ["o", "t", "t", "f", "f"])
        let second = try records(["--group", "2", #"(\w)(\w+)"#, path])
        #expect(second.first?["match"]?.string == "ne")
        #expect(second.first?["offset"]?.integer == 1)
        let replaced = try records(["-r", "<${w}|$1|$$>", #"(?<w>f\w+)"#, path])
        #expect(replaced.compactMap { $0["replacement"]?.string } == ["<four|four|$>", "<five|five|$>"])
        #expect(try records(["o", path]).allSatisfy { $0["replacement"] == .null })
    }

    @Test func linesMode() throws {
        let path = file("lines.txt", "ab ab\ncd\r\nab")
        let found = try records(["--lines", "ab", path])
        #expect(found.compactMap { $0["line"]?.integer } == [1, 1, 3])
        #expect(found.compactMap { $0["column"]?.integer } == [1, 4, 1])
        #expect(found.compactMap { $0["offset"]?.integer } == [0, 3, 10])
        #expect(try records(["--lines", "-s", "b.c", path]).isEmpty)
        #expect(try records(["-s", "b\\nc", path]).count == 1)
        #expect(try records(["--lines", "^cd", path]).count == 1)
    }

    @Test func usageErrors() {
        let bad = run(["(?<x", "-"])
        #expect(bad.status == .usage)
        #expect(bad.stderr.first?.hasPrefix("tb regex: invalid pattern at offset 4: ") == true)
        #expect(
            run(["--group", "nme", "(?<name>a)", "-"]).stderr.first
                == "tb regex: --group 'nme': the pattern has no group of that name (did you mean 'name'?)")
        #expect(run(["--group", "3", "(a)", "-"]).status == .usage)
        #expect(
            run(["-r", "$2", "(a)", "-"]).stderr.first == "tb regex: --replace refers to group 2, but the pattern has 1"
        )
        #expect(run(["-r", "${nope}", "(a)", "-"]).status == .usage)
        #expect(run(["-r", "x$", "(a)", "-"]).status == .usage)
        #expect(run(["--max-count", "0", "a", "-"]).status == .usage)
        #expect(run(["-c", "-r", "x", "a", "-"]).status == .usage)
        #expect(run([]).stderr.first == "tb regex: missing argument PATTERN")
    }

    /// Text that holds no match is let go as it is read: a sparse match far into a long input is found, and the
    /// input before it does not count against --max-match-size.
    @Test func sparseMatchesAfterLongStretchesWithout() throws {
        let path = file(
            "sparse.txt", String(repeating: "a", count: 2_000) + "ERROR 42\n" + String(repeating: "b", count: 500))
        for size in ["10", "64", "4096"] {
            let found = try records(["--max-match-size", "100", "--read-size", size, #"ERROR \d+"#, path])
            #expect(found.compactMap { $0["offset"]?.integer } == [2_000], "read \(size) bytes at a time")
        }
        #expect(
            run([
                "--max-match-size", "100", "--read-size", "10", "ERROR",
                file("none.txt", String(repeating: "a", count: 1_200)),
            ]).status == .negative)
    }

    @Test func noMatchIsStatusOne() {
        let path = file("empty-ish.txt", "nothing here\n")
        #expect(run(["zzz", path]).status == .negative)
        #expect(run(["-c", "zzz", path]).lines == [#"{"type":"count","source":"\#(path)","lines":0,"matches":0}"#])
    }

    @Test func catastrophicBacktrackingEndsQuickly() {
        let path = file("aaa.txt", String(repeating: "a", count: 50_000) + "b\n")
        let started = Date()
        let result = run(["(a+)+$", path])
        #expect(result.status == .failure)
        #expect(result.stderr.first?.contains("the pattern backtracks too much at byte 0 of") == true)
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func invalidUTF8NeverStopsASearch() throws {
        let path = Fixtures.folder("text/mixed-utf8.txt")
        let found = try records([#"\w+"#, path])
        #expect(found.compactMap { $0["match"]?.string } == ["café", "au", "lait", "naïve", "broken", "t", "end"])
        let bytes = try records([#"\S+"#, "--no-unicode", path]).compactMap { $0["match"]?.string }
        #expect(bytes.contains("\u{FFFD}\u{FFFD}"))
        #expect(try records(["--fields", "lines", "-c", "lait", path]).count == 1)
    }

    @Test func unicodeIsOnByDefault() throws {
        let path = file("u.txt", "Zürich naïve\n")
        #expect(try records([#"\w+"#, path]).compactMap { $0["match"]?.string } == ["Zürich", "naïve"])
        #expect(
            try records([#"\w+"#, "--no-unicode", path]).compactMap { $0["match"]?.string } == [
                "Z", "rich", "na", "ve",
            ])
        #expect(try records(["(?i)ÜRICH", path]).count == 1)
    }

    @Test func emptyMatchesAdvanceLikePCRE2() throws {
        let path = file("x.txt", "axxb")
        let found = try records(["x*", path])
        #expect(found.compactMap { $0["offset"]?.integer } == [0, 1, 3, 4])
        #expect(found.compactMap { $0["length"]?.integer } == [0, 2, 0, 0])
    }

    /// \G matches only where a search starts (0, or the end of the last match), never where a piece of input
    /// happens to end: the gzip sniffer hands over the first 3 bytes alone.
    @Test func startOfMatchOnlyWhereASearchStarts() throws {
        #expect(run([#"\Ga"#, file("b.txt", "baaaa")]).status == .negative)
        let long = file("long-b.txt", "b" + String(repeating: "a", count: 300_000))
        #expect(run([#"\Ga"#, long]).status == .negative)
        #expect(
            run(["-c", #"\Ga"#, long, "--read-size", "1000"]).lines == [
                #"{"type":"count","source":"\#(long)","lines":0,"matches":0}"#
            ])
        let chained = file("chained.txt", "aaab aa")
        for size in ["1", "2", "3", "64"] {
            let found = try records(["--fields", "offset", #"\Ga"#, chained, "--read-size", size])
            #expect(found.compactMap { $0["offset"]?.integer } == [0, 1, 2], "read size \(size)")
            let either = try records(["--fields", "offset", #"\Ga|b"#, chained, "--read-size", size])
            #expect(either.compactMap { $0["offset"]?.integer } == [0, 1, 2, 3], "read size \(size)")
        }
    }

    /// An empty match at the end of a piece (or of the input) is reported once.
    @Test func emptyMatchesAtPieceEndsAreReportedOnce() throws {
        let path = file("abcabc.txt", "abcabc")
        for size in ["1", "2", "3", "4", "64"] {
            let found = try records(["--fields", "offset", "(?<=c)", path, "--read-size", size])
            #expect(found.compactMap { $0["offset"]?.integer } == [3, 6], "read size \(size)")
            #expect(try records(["-c", "", path, "--read-size", size]).first?["matches"]?.integer == 7)
        }
        #expect(try records(["-c", "", file("abc.txt", "abc")]).first?["matches"]?.integer == 4)
        // An empty input has no line, so no empty match; nor has the end of an input after its last newline.
        #expect(try records(["-c", "", file("nothing.txt", "")]).first?["matches"]?.integer == 0)
        #expect(try records(["-c", "", file("abc-line.txt", "abc\n")]).first?["matches"]?.integer == 4)
    }

    /// A possible match at the very end of the window (`y$`, `\b`) does not pin the text before it: the window
    /// shrinks and the input is not "a match longer than --max-match-size".
    @Test func aPartialMatchAtTheWindowsEndLetsItShrink() throws {
        // Every piece (3 bytes, then the rest of 1000 and 1000 at a time) but the first ends in y.
        let xy = file("xy.txt", String(repeating: "xy", count: 30_000))
        let hex = file("hex.txt", String(repeating: "0123456789abcdef", count: 4_000))
        for (pattern, path, expected) in [("y$", xy, 1), (#"\b"#, hex, 2), ("[0-9a-f]$", hex, 1), (#"y\z"#, xy, 1)] {
            let result = run(["-c", pattern, path, "--max-match-size", "5000", "--read-size", "1000"])
            #expect(result.stderr.isEmpty, "\(pattern): \(result.stderr)")
            #expect(
                result.lines == [#"{"type":"count","source":"\#(path)","lines":1,"matches":\#(expected)}"#],
                "\(pattern)")
        }
    }

    /// (*NO_JIT) leaves nothing JIT-compiled: the interpreter matches.
    @Test func noJITPatternsUseTheInterpreter() throws {
        let path = file("hello.txt", "hello\n")
        #expect(
            try records(["--fields", "offset", "(*NO_JIT)l", path]).compactMap { $0["offset"]?.integer } == [2, 3])
        #expect(try records(["--lines", "-c", "(*NO_JIT)l+", path]).first?["matches"]?.integer == 1)
    }

    /// Whatever size the pieces of input are, the matches are the same as for the input in one piece.
    @Test(arguments: [
        #"\w+"#, #"(?s)a.*?b"#, #"(?<=x)y\w"#, #"(?m)^\w+$"#, #"\bfoo\b"#, "é+", "x*", #"(?i)L\w+"#, #"\d{3}"#,
        #"(?s)<<.*?>>"#, "$", #"(?m)$"#, #"^."#, #"y\z"#, #"(?-m)^\w"#, #"\A\w+"#, #"(?-m)\w$"#, #"\z"#, "^$",
        #"^\w+$"#, #"(?-m)$"#,
    ])
    func piecesDoNotMatter(pattern: String) throws {
        var generator = SeededGenerator(seed: UInt64(pattern.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        let alphabet = ["a", "b", "x", "y", "é", "foo", " ", "\n", "L", "7", "<<", ">>", "ü", "\u{1F600}"]
        let text = (0..<600).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
        let path = file("random.txt", text)
        let whole = run([pattern, path]).stdout
        for size in [1, 2, 3, 5, 64] {
            #expect(run([pattern, path, "--read-size", String(size)]).stdout == whole, "read size \(size)")
            #expect(
                run(["--lines", pattern, path, "--read-size", String(size)]).stdout
                    == run(["--lines", pattern, path]).stdout, "--lines, read size \(size)")
        }
    }

    @Test func aLongMatchAcrossManyPieces() throws {
        let body = String(repeating: "0123456789", count: 30_000)
        let path = file("long.txt", "head <a>" + body + "</a> tail")
        let found = try records(["--fields", "offset,length", #"(?s)<a>.*?</a>"#, path, "--read-size", "1000"])
        #expect(found.map { $0["length"]?.integer } == [300_007])
        #expect(found.first?["offset"]?.integer == 5)
        let tooLong = run([#"(?s)<a>.*?</a>"#, path, "--max-match-size", "100000", "--read-size", "4096"])
        #expect(tooLong.status == .failure)
        #expect(tooLong.stderr.first?.contains("is longer than --max-match-size (100000 bytes)") == true)
    }

    @Test func sourcesFailAloneAndGzipIsInflated() throws {
        let good = Fixtures.folder("text/lorem.txt")
        let result = run(["-c", "L", scratch.file("missing.txt"), good, Fixtures.folder("text/lorem.txt.gz")])
        #expect(result.status == .failure)
        #expect(result.stderr == ["tb regex: cannot read '\(scratch.file("missing.txt"))': No such file or directory"])
        #expect(result.lines.count == 2)
        #expect(result.lines.allSatisfy { $0.hasSuffix(#""matches":1}"#) })
        let broken = scratch.file("broken.gz")
        _ = FileManager.default.createFile(atPath: broken, contents: Data([0x1F, 0x8B, 0x08, 0x00, 0x01, 0x02]))
        let failed = run(["x", broken])
        #expect(failed.status == .failure)
        #expect(failed.stderr.first?.hasPrefix("tb regex: cannot decompress '\(broken)' (gzip): ") == true)
        // A directory is searched: the gzip file in it is decompressed there too (not binary by its compressed
        // bytes, as ripgrep without -z has it), and fails the same way.
        let directory = run(["x", scratch.path])
        #expect(directory.stderr.first?.hasPrefix("tb regex: cannot decompress '\(broken)' (gzip): ") == true)
        #expect(directory.status == .failure)
        // Read as its bytes, it is binary.
        let bytes = run(["--no-decompress", "x", scratch.path])
        #expect(bytes.stderr == ["tb regex: skipped 1 binary file (use --binary to search them)"])
        #expect(bytes.status == .negative)
    }

    @Test func bookmarksAreSources() throws {
        let store = BookmarkStore(paths: StorePaths(environment: Environment(scratch.environment))) { _ in }
        try store.add(Bookmark(name: "texts", url: Fixtures.folder("text")), replacing: true)
        let found = try records(["-c", "Lorem", "@texts/lorem.txt"])
        #expect(found.first?["source"]?.string == Fixtures.folder("text") + "/lorem.txt")
        #expect(run(["x", "@text"]).stderr == ["tb regex: no bookmark named 'text' (did you mean 'texts'?)"])
    }
}
