// tb regex's grep flags in-process (-F, -w, -x, -e, -f, -v, -A/-B/-C, -l, --files-without-match), compared with
// GNU grep -P where the two agree, and their usage errors, invalid UTF-8, long lines and read sizes.
import Foundation
import RegexCommands
import TestSupport
import Testing
import Toolbox

struct RegexFlagsTests: CommandTesting {
    static let command: any Command.Type = RegexCommand.self
    let scratch = Scratch()

    /// tb's records as grep -n prints lines: `N:text` for a selected line (once, however many matches it has),
    /// `N-text` for context.
    func grepLines(_ argv: [String]) throws -> [String] {
        var lines: [String] = []
        var last: (Int, String)?
        for record in try records(argv) {
            let number = record["line"]?.integer ?? 0
            let mark = record["type"]?.string == "context" ? "-" : ":"
            if let last, last == (number, mark) { continue }
            last = (number, mark)
            lines.append("\(number)\(mark)\(record["text"]?.string ?? "")")
        }
        return lines
    }

    /// GNU grep's output (-n is added; groups of context are not separated), each line without the \r of a CRLF
    /// input, as tb's records have it.
    func grep(_ argv: [String]) throws -> [String] {
        let result = try runProgram(
            "/usr/bin/grep", ["-n", "--no-group-separator"] + argv, environment: ["LC_ALL": "C.UTF-8"])
        #expect(result.status == 0 || result.status == 1, "grep \(argv): \(result.stderr)")
        // Split by bytes: to Swift, \r\n is one Character, which a split at "\n" does not see.
        return Array(result.stdout.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self)
        }
    }

    func file(_ name: String, _ text: String) -> String { scratch.write(name, text) }

    @Test func fixedStringsTakeMetacharactersLiterally() throws {
        let path = file("meta.txt", "a.b\naxb\n(x) and [q]\nback \\E slash\na+b aab\nA.B\n")
        for pattern in ["a.b", "(x)", "[q]", #"\E"#, "a+b", "."] {
            #expect(
                try grepLines(["--lines", "-F", pattern, path]) == (try grep(["-F", pattern, path])), "\(pattern)")
        }
        #expect(try grepLines(["--lines", "-F", "-i", "a.b", path]) == (try grep(["-F", "-i", "a.b", path])))
        let several = ["-F", "-e", "a.b", "-e", #"\E"#, "-e", "(x"]
        #expect(try grepLines(["--lines"] + several + [path]) == (try grep(several + [path])))
        // A literal has no \G nor ^, whatever its bytes.
        let anchors = file("anchors.txt", "x^y \\Gz\n")
        #expect(try records(["-F", "^y", anchors]).compactMap { $0["offset"]?.integer } == [1])
        #expect(try records(["-F", #"\Gz"#, anchors]).compactMap { $0["offset"]?.integer } == [4])
    }

    @Test func wordsAndWholeLines() throws {
        let path = file("words.txt", "cat\ncatalog\nthe cat sat\nconcat\ncat dog\ndog\n")
        for flags in [["-w"], ["-x"], ["-w", "-x"]] {
            for pattern in ["cat", "cat|dog", "c.t"] {
                #expect(
                    try grepLines(["--lines"] + flags + [pattern, path])
                        == (try grep(["-P"] + flags + [pattern, path])),
                    "\(flags) \(pattern)")
            }
        }
        // Without --lines, -x still means whole lines.
        #expect(try records(["-x", "cat|dog", path]).compactMap { $0["line"]?.integer } == [1, 6])
        #expect(try records(["-w", "-F", "-e", "cat", "-e", "dog", path]).count == 5)
    }

    @Test func severalPatternsAnyOfWhichMatches() throws {
        let path = file("several.txt", "Alpha one\nbeta two\ngamma three\nALPHA four\n")
        #expect(
            try grepLines(["-e", "Alpha", "-e", "two", "--lines", path])
                == (try grep(["-E", "-e", "Alpha", "-e", "two", path])))
        // Inline flags stay inside their own pattern; the positional is a SOURCE.
        #expect(try records(["-e", "(?i)alpha", "-e", "BETA", path]).compactMap { $0["line"]?.integer } == [1, 4])
        // An extended pattern's comment ends with it, and a \Q without \E too.
        #expect(
            try records(["-e", "(?x) g a m # spaced", "-e", #"\Qtwo"#, path]).compactMap { $0["match"]?.string } == [
                "two", "gam",
            ])
        // Groups are numbered through the patterns in order.
        let grouped = try records(["-e", "(A)lpha", "-e", "(b)(e)ta", "--group", "3", path])
        #expect(grouped.map { $0["match"] } == [.string("e")])
        #expect(grouped.first?["groups"]?.elements?.count == 4)
        // A verb at the start of any pattern applies to all.
        let utf = file("utf.txt", "é\n")
        #expect(try records(["--no-unicode", "-e", "x", "-e", "(*UTF)^.$", utf]).count == 1)
        #expect(run(["--no-unicode", "-e", "x", "-e", "^.$", utf]).status == .negative)
        #expect(try records(["--no-unicode", "-w", "(*UTF)(?i)É", utf]).count == 1)
    }

    @Test func patternFiles() throws {
        let path = file("text.txt", "one\ntwo\nthree\n")
        let empty = file("empty.pat", "")
        let result = run(["-f", empty, path])
        #expect(result.status == .negative)
        #expect(result.stdout.isEmpty)
        #expect(try grepLines(["-v", "-f", empty, path]) == (try grep(["-v", "-f", empty, path])))
        let patterns = file("several.pat", "^t\\w\nne$\nzzz")
        // (grep -P takes one pattern only.)
        #expect(try grepLines(["--lines", "-f", patterns, path]) == (try grep(["-E", "-f", patterns, path])))
        #expect(try grepLines(["-f", patterns, "-e", "hre", "--lines", path]).count == 3)
        // An empty line is an empty pattern, which matches every line.
        let blank = file("blank.pat", "zzz\n\n")
        #expect(try grepLines(["--lines", "-f", blank, path]) == (try grep(["-E", "-f", blank, path])))
        let missing = run(["-f", scratch.file("nope.pat"), path])
        #expect(missing.status == .failure)
        #expect(
            missing.stderr.first
                == "tb regex: cannot read pattern file '\(scratch.file("nope.pat"))': No such file or directory")
    }

    @Test func invertedLinesAndTheirCount() throws {
        let path = file("invert.txt", "keep 1\ndrop\nkeep 2\n\nlast without newline")
        #expect(try grepLines(["-v", "keep", path]) == (try grep(["-P", "-v", "keep", path])))
        #expect(try records(["-v", "keep", path]).allSatisfy { $0["type"]?.string == "line" })
        #expect(
            try records(["-v", "-c", "keep", path]).first?["lines"]?.integer
                == Int(try grep(["-v", "-c", "keep", path]).first ?? ""))
        #expect(try records(["-v", "--max-count", "2", "keep", path]).count == 2)
        #expect(run(["-v", ".", file("full.txt", "a\nb\n")]).status == .negative)
    }

    @Test func contextsOverlapAndStopAtTheEnds() throws {
        let text = (1...12).map { $0 == 1 || $0 == 5 || $0 == 7 || $0 == 12 ? "hit \($0)" : "line \($0)" }
        let path = file("context.txt", text.joined(separator: "\n") + "\n")
        for flags in [
            ["-C", "2"], ["-A", "1"], ["-B", "3"], ["-A", "3", "-B", "1"], ["-C", "9"], ["-C", "1", "-A", "0"],
        ] {
            #expect(try grepLines(flags + ["hit", path]) == (try grep(flags + ["hit", path])), "\(flags)")
            #expect(
                try grepLines(flags + ["-v", "hit", path]) == (try grep(flags + ["-v", "hit", path])), "-v \(flags)")
        }
        // After --max-count, the context after the last match is still shown, matching lines included.
        #expect(
            try grepLines(["--max-count", "1", "-A", "5", "hit", path])
                == (try grep(["-m", "1", "-A", "5", "hit", path])))
        #expect(try records(["-C", "1", "hit", path]).filter { $0["type"]?.string == "context" }.count == 5)
    }

    @Test func sourcesWithAndWithoutMatches() throws {
        let one = file("one.txt", "apple\nbanana\n")
        let two = file("two.txt", "cherry\n")
        let three = file("three.txt", "banana split\n")
        let paths = [one, two, three]
        let with = try records(["-l", "banana"] + paths)
        #expect(
            with.compactMap { $0["source"]?.string }
                == (try runProgram("/usr/bin/grep", ["-l", "banana"] + paths, environment: [:]).lines))
        #expect(with.allSatisfy { $0["type"]?.string == "source" })
        let without = try records(["--files-without-match", "banana"] + paths)
        #expect(without.compactMap { $0["source"]?.string } == [two])
        #expect(run(["--files-without-match", "."] + paths).status == .negative)
        #expect(run(["-l", "zzz"] + paths).status == .negative)
        #expect(try records(["-l", "-v", "banana"] + paths).compactMap { $0["source"]?.string } == [one, two])
        // -l stops reading at the first match: a line too long further on is never reached.
        let long = file("long.txt", "banana\n" + String(repeating: "x", count: 5_000) + "\n")
        #expect(
            run(["-l", "--lines", "--max-match-size", "100", "--read-size", "16", "banana", long]).status == .success)
    }

    @Test func invalidCombinationsAreUsageErrors() {
        let path = file("x.txt", "x\n")
        let cases: [([String], String)] = [
            (["-v", "--group", "1", "(x)"], "--invert-match and --group do not go together"),
            (["-v", "-r", "y", "x"], "--invert-match and --replace do not go together"),
            (["-l", "-c", "x"], "--count and --files-with-matches do not go together"),
            (["-A", "1", "-c", "x"], "--after-context and --count do not go together"),
            (["-C", "1", "-l", "x"], "--context and --files-with-matches do not go together"),
            (
                ["-l", "--files-without-match", "x"],
                "--files-with-matches and --files-without-match do not go together"
            ),
            (["-A", "-1", "x"], "invalid value '-1' for --after-context: expected a whole number, 0 or more"),
            (["-e", "a", "-e", "(b"], "invalid pattern 2 ('(b') at offset 2: missing closing parenthesis"),
            (["-w", "(b"], "invalid pattern at offset 2: missing closing parenthesis"),
            (
                ["-e", "(?<n>a)", "-e", "(?<n>b)"],
                "cannot combine the patterns: two named subpatterns have the same name (PCRE2_DUPNAMES not set)"
            ),
        ]
        for (argv, message) in cases {
            let result = run(argv + [path])
            #expect(result.status == .usage, "\(argv)")
            #expect(result.stderr.first == "tb regex: " + message, "\(argv)")
        }
    }

    @Test func invalidUTF8InLinesBecomesReplacementCharacters() throws {
        let path = scratch.write(bytes: "broken.txt", [0x61, 0xFF, 0x62, 0x0A, 0x63, 0xC3, 0x0A, 0x64, 0x0A])
        #expect(try records(["--lines", "b", path]).first?["text"]?.string == "a\u{FFFD}b")
        #expect(try records(["-v", "d", path]).compactMap { $0["text"]?.string } == ["a\u{FFFD}b", "c\u{FFFD}"])
        #expect(try records(["-B", "1", "d", path]).first?["text"]?.string == "c\u{FFFD}")
    }

    @Test func linesLongerThanTheReadSize() throws {
        let long = String(repeating: "0123456789", count: 100)
        let path = file("long.txt", "short\n" + long + " end\nafter\n")
        let found = try records(["--read-size", "16", "-C", "1", "end", path])
        #expect(found.compactMap { $0["text"]?.string } == ["short", long + " end", "after"])
        #expect(try records(["--read-size", "7", "-v", "end", path]).compactMap { $0["line"]?.integer } == [1, 3])
    }

    /// Whatever size the pieces of input are, -v and context records are those of the input in one piece.
    @Test(arguments: [
        ["-v", "a"], ["-C", "2", #"\bfoo\b"#], ["-B", "3", "-v", "x"], ["-A", "1", "--max-count", "3", "y"],
    ])
    func piecesDoNotMatter(flags: [String]) throws {
        var generator = SeededGenerator(seed: 42)
        let alphabet = ["a", "b", "x", "y", "é", "foo", " ", "\n", "\n\n", "\u{1F600}"]
        let text = (0..<800).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
        let path = file("random.txt", text)
        let whole = run(flags + [path]).stdout
        #expect(!whole.isEmpty)
        for size in [1, 2, 3, 5, 64] {
            #expect(run(flags + [path, "--read-size", String(size)]).stdout == whole, "\(flags), read size \(size)")
        }
    }
}
