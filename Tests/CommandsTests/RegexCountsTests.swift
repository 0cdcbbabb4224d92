// tb regex's line anchors and its two counts against GNU grep and ripgrep on the same generated dpkg-like log, with
// LF and with CRLF endings: ^ and $ at every line, \A, \z and (?-m), lines and matches, -v, --max-count.
import Foundation
import RegexCommands
import TestSupport
import Testing
import Toolbox

struct RegexCountsTests: CommandTesting {
    static let command: any Command.Type = RegexCommand.self
    let scratch = Scratch()

    /// The log with each ending, as (name, path).
    static let endings = ["\n", "\r\n"]

    func log(_ ending: String) -> String {
        scratch.write(ending == "\n" ? "dpkg.log" : "dpkg-crlf.log", DpkgLog.text(lines: 3_000, ending: ending))
    }

    /// tb's count record for one file: (lines, matches), matches nil when null.
    func tbCount(_ argv: [String]) throws -> (lines: Int?, matches: Int?) {
        let result = run(["-c"] + argv)
        #expect(result.stderr.isEmpty, "\(argv): \(result.stderr)")
        #expect(result.lines.count == 1, "\(argv): \(result.lines)")
        let record = try JSONValue.parse(result.lines.first ?? "{}")
        #expect(record["type"]?.string == "count", "\(argv): \(result.lines)")
        return (record["lines"]?.integer, record["matches"]?.integer)
    }

    /// A peer's count for one file: the number it prints, 0 when it prints none (rg says nothing for no match).
    func peer(_ program: String, _ argv: [String]) throws -> Int {
        let result = try runProgram(program, argv, environment: scratch.environment)
        #expect(result.status == 0 || result.status == 1, "\(program) \(argv): \(result.stderr)")
        return Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    func grep(_ argv: [String]) throws -> Int { try peer("/usr/bin/grep", argv) }
    func rg(_ argv: [String]) throws -> Int { try peer("/usr/bin/rg", ["--no-config"] + argv) }

    /// ripgrep's matches of `pattern` over the whole file (`rg -P -U --json`: PCRE2, (?m) on, as tb): the lines they
    /// start in and how many there are. (`rg -U -c` counts a line once per match that starts in it.)
    func rgWhole(_ pattern: String, _ path: String) throws -> (lines: Int?, matches: Int?) {
        let result = try runProgram(
            "/usr/bin/rg", ["--no-config", "-P", "-U", "--json", pattern, path], environment: scratch.environment)
        #expect(result.status == 0 || result.status == 1, "rg -P -U '\(pattern)': \(result.stderr)")
        var lines = Set<Int>()
        var matches = 0
        for line in result.lines {
            let message = try JSONValue.parse(line)
            guard message["type"]?.string == "match", let data = message["data"],
                let first = data["line_number"]?.integer, let text = data["lines"]?["text"]?.string
            else { continue }
            let bytes = Array(text.utf8)
            for submatch in data["submatches"]?.elements ?? [] {
                let start = submatch["start"]?.integer ?? 0
                lines.insert(first + bytes[..<start].count { $0 == 0x0A })
                matches += 1
            }
        }
        return (lines.count, matches)
    }

    /// `^` and `$` match at every line: both counts are grep's and rg's, whole or in pieces, with --lines too.
    @Test(.needsProgram("/usr/bin/rg"), arguments: endings)
    func lineAnchorsCountAsGrepAndRipgrep(ending: String) throws {
        let path = log(ending)
        let patterns = [
            "^2025", "^2024-0[1-3]", "installed$", #"installed\r$"#, "^$", #"\d+"#, "^", "$", "", #"\w+$"#, " $",
            #"^\S+ \S+ (status|configure)\b"#, "d$|^2", #":amd64 \d"#, #"\r"#,
        ]
        var zero: [String] = []
        for pattern in patterns {
            let lines = try grep(["-P", "-c", pattern, path])
            #expect(lines == (try rg(["-c", pattern, path])), "grep and rg differ on '\(pattern)'")
            let matches = try rg(["--count-matches", pattern, path])
            for extra in [[], ["--read-size", "7"], ["--read-size", "1000"], ["--lines"]] {
                let ours = try tbCount(extra + [pattern, path])
                #expect(ours.lines == lines, "'\(pattern)' \(extra): lines, grep -c says \(lines)")
                #expect(ours.matches == matches, "'\(pattern)' \(extra): matches, rg --count-matches says \(matches)")
            }
            if lines == 0 { zero.append(pattern) }
        }
        #expect(zero.count <= (ending == "\n" ? 2 : 6), "most patterns match something: not \(zero)")
        // `^` matches at the start of every line: every line of 2025 counts, not the first only.
        #expect(try tbCount(["^2025", path]).lines ?? 0 > 2_000)
        // $ is before \n only: with CRLF, a line's last word is not at its end.
        #expect((try tbCount(["installed$", path]).lines == 0) == (ending == "\r\n"))
    }

    /// `\A` and `\z` anchor the whole input, and (?-m) makes ^ and $ mean what they mean without multiline (PCRE2's,
    /// so `rg -P -U`); with --lines each line is a subject of its own, as with `rg` and `grep -P`.
    @Test(.needsProgram("/usr/bin/rg"), arguments: endings)
    func wholeInputAnchors(ending: String) throws {
        let path = log(ending)
        for pattern in [
            #"\A2025"#, "(?-m)^2025", "(?-m)^2024", #"(?-m)\d$"#, #"(?-m)\r$"#, #"\n\z"#, #"\z"#, #"\d\s*\z"#,
            #"\A\d{4}-\d\d"#, "(?-m)^", "(?-m)$",
        ] {
            let expected = try rgWhole(pattern, path)
            #expect(expected.lines == (try rg(["-P", "-U", "-c", pattern, path])), "'\(pattern)': one match a line")
            for extra in [[], ["--read-size", "3"], ["--read-size", "64"]] {
                let ours = try tbCount(extra + [pattern, path])
                #expect(ours == expected, "'\(pattern)' \(extra): tb \(ours), rg -P -U \(expected)")
            }
            // Each line on its own: lines as grep -P -c and rg -P -c count them. (rg --count-matches finds \A once
            // in a file even so.)
            let perLine = try tbCount(["--lines", pattern, path])
            #expect(perLine.lines == (try grep(["-P", "-c", pattern, path])), "--lines '\(pattern)'")
            #expect(perLine.lines == (try rg(["-P", "-c", pattern, path])), "--lines '\(pattern)'")
        }
        #expect(try tbCount([#"\A2025"#, path]) == (1, 1))
        #expect(try tbCount([#"\n\z"#, path]) == (1, 1))
        #expect(try tbCount(["--lines", #"\A2025"#, path]).lines == (try tbCount(["^2025", path]).lines))
        // No line follows the last newline: \z there is on no line (rg #441), nor is an empty match.
        #expect(try tbCount([#"\z"#, path]) == (0, 0))
    }

    /// A match that spans lines counts the line it starts in, once however many start there; rg -U agrees.
    @Test(.needsProgram("/usr/bin/rg"), arguments: endings)
    func matchesAcrossLinesCountTheLineTheyStartIn(ending: String) throws {
        let path = log(ending)
        for pattern in [#"installed\r?\n2025"#, #"\d\s+\d"#, #"(?s)unpack.{1,40}?status"#, #"<none>\s+\S+"#] {
            let expected = try rgWhole(pattern, path)
            #expect(expected.lines ?? 0 > 0, "'\(pattern)': \(expected)")
            if pattern == #"\d\s+\d"# { #expect(expected.lines ?? 0 < expected.matches ?? 0, "several in a line") }
            for extra in [[], ["--read-size", "5"]] {
                let ours = try tbCount(extra + [pattern, path])
                #expect(ours == expected, "'\(pattern)' \(extra): tb \(ours), rg -P -U \(expected)")
            }
        }
        let small = scratch.write("small.txt", "ab\ncd\nef ef\n\n")
        #expect(try tbCount([#"b\nc|d"#, small]) == (2, 2))
        #expect(try tbCount([#"b\nc|c"#, small]) == (1, 1))
        #expect(try tbCount(["ef", small]) == (1, 2))
        #expect(try tbCount(["^", small]) == (4, 4))
        #expect(try tbCount(["", scratch.write("empty.txt", "")]) == (0, 0))
        #expect(try tbCount(["$", scratch.write("unterminated.txt", "a\nb")]) == (2, 2))
    }

    /// -v counts the lines it selects (grep -vc), and no matches; --max-count N counts N lines at most, and the
    /// matches in them, as rg -m N -c and rg -m N --count-matches do.
    @Test(.needsProgram("/usr/bin/rg"), arguments: endings)
    func invertedAndLimitedCounts(ending: String) throws {
        let path = log(ending)
        for pattern in ["^2025", "installed$", #"\d+"#, "^$"] {
            let inverted = try tbCount(["-v", pattern, path])
            #expect(inverted.lines == (try grep(["-P", "-v", "-c", pattern, path])), "-v '\(pattern)'")
            #expect(inverted.matches == nil, "-v '\(pattern)'")
            #expect(try tbCount(["-v", "--max-count", "5", pattern, path]).lines == 5)
            for limit in ["1", "3", "40"] {
                let lines = try rg(["-m", limit, "-c", pattern, path])
                let matches = try rg(["-m", limit, "--count-matches", pattern, path])
                for extra in [[], ["--lines"], ["--read-size", "2"]] {
                    #expect(
                        try tbCount(extra + ["--max-count", limit, pattern, path]) == (lines, matches),
                        "--max-count \(limit) '\(pattern)' \(extra)")
                }
            }
        }
        // --max-count ends the search at the end of the last line it counts: all its matches, none after.
        let records = run(["--max-count", "2", "--fields", "line", #"\d+"#, path]).lines
        let numbers = try records.map { try JSONValue.parse($0)["line"]?.integer ?? 0 }
        #expect(Set(numbers).count == 2)
        #expect(numbers.count == (try rg(["-m", "2", "--count-matches", #"\d+"#, path])))
        // --first is the first match, not its line.
        #expect(try tbCount(["--first", #"\d+"#, path]) == (1, 1))
    }

    /// The table shows both counts; with -v, matches is empty.
    @Test func theTableShowsBothCounts() {
        let path = scratch.write("table.txt", "a 1 2\nb\r\nc 3\n")
        let table = run(["-c", #"\d"#, path, "--format", "table"]).stdout.split(separator: "\n").map(String.init)
        #expect(table.first?.split(separator: " ") == ["SOURCE", "LINES", "MATCHES"], "\(table)")
        #expect(table.dropFirst().first?.split(separator: " ").map(String.init) == [path, "2", "3"], "\(table)")
        let inverted = run(["-v", "-c", #"\d"#, path, "--format", "tsv"]).stdout
        #expect(inverted == path + "\t1\t\n")
    }

    /// The old -m/--multiline is gone: ^ and $ match at every line without it, and (?-m) turns that off;
    /// -m is --max-count, and --multiline is rg's -U, which changes nothing.
    @Test func theMultilineOptionIsGone() {
        let path = scratch.write("lines.txt", "a\nb\nb\n")
        let plain = run(["-c", "^b", path])
        #expect(plain.stdout.contains(#""lines":2"#), "\(plain.stdout)")
        #expect(run(["--multiline", "-c", "^b", path]).stdout == plain.stdout)
        #expect(run(["-U", "-c", "^b", path]).stdout == plain.stdout)
        #expect(run(["-m", "1", "-c", "^b", path]).stdout.contains(#""lines":1"#))
    }
}
