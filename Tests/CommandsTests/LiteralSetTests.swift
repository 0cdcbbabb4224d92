// Literal sets (-F with several patterns, -f files, -e patterns without special characters), which tb searches for
// with an Aho–Corasick automaton: they must give the matches of PCRE2's alternation of the escaped literals on the
// whole subject, at every read size, and the counts and offsets of rg --count-matches -F -f on generated logs.
import Foundation
import PCRE2
import TestSupport
import Testing
import Toolbox

@testable import RegexCommands

struct LiteralSetTests {
    let scratch = Scratch()

    /// The seed of the whole run: $TB_LITERAL_SEED, or a fixed one; a failing case prints its own. With
    /// TB_LITERAL_CASES=1 and that seed, just that case runs again.
    static let seed = environmentNumber("TB_LITERAL_SEED") ?? 0x11_7E2A_5E75
    static let cases = Int(environmentNumber("TB_LITERAL_CASES") ?? 160)

    @Test func matchesAreThoseOfPCRE2sAlternationAtEveryReadSize() throws {
        var failures = 0
        for index in 0..<Self.cases where failures < 5 {
            let caseSeed = Self.seed &+ UInt64(index)
            var random = SeededGenerator(seed: caseSeed)
            let flags = Generated.flags(&random)
            let unicode = !flags.contains("--no-unicode")
            let literals = Generated.literals(&random, unicode: unicode)
            let subject = Generated.subject(&random, literals: literals, unicode: unicode)
            var options: PCRE2Pattern.Options = unicode ? .unicode : []
            if flags.contains("-i") { options.insert(.caseless) }
            let pattern = try PCRE2Pattern(
                Generated.alternation(literals, word: flags.contains("-w"), line: flags.contains("-x")),
                options: options)
            let whole = try Reference.matches(of: pattern, in: subject)
            let lines = try Reference.lineMatches(of: pattern, in: subject)
            let patterns = scratch.write(bytes: "literals-\(index)", literals.flatMap { $0 + [0x0A] })
            let path = scratch.write(bytes: "subject-\(index)", subject)
            let described =
                "case seed \(caseSeed) (run seed \(Self.seed)): tb regex \(flags.joined(separator: " ")) -F with "
                + "\(literals.map(Generated.describe)) on \(Generated.describe(subject))"
            // The automaton, not PCRE2, must be what answers (unless the set holds the empty literal).
            let list = PatternList(
                patterns: literals, fixed: true, word: flags.contains("-w"), line: flags.contains("-x"))
            if literals.count >= PatternList.literalSetMinimum && !literals.contains([]) {
                let strings = list.literalStrings(options: options)
                #expect(
                    strings.flatMap { LiteralSet.make($0, options: options, boundary: list.literalBoundary) } != nil,
                    "\(described): no literal set")
            }
            var ok = true
            for size in [1, 7, nil] {
                let pieces = size.map { ["--read-size", String($0)] } ?? []
                let sized = "\(described), read size \(size.map(String.init) ?? "whole")"
                ok = compare(run(flags + ["-F", "-f", patterns, path] + pieces), with: whole, sized) && ok
            }
            ok =
                compare(
                    run(flags + ["--lines", "-F", "-f", patterns, path, "--read-size", "3"]), with: lines,
                    "--lines, \(described)") && ok
            let counted = runInProcess(
                ["regex", "-c"] + flags + ["-F", "-f", patterns, path, "--read-size", "5"],
                builtins: [RegexCommand.self], environment: scratch.environment)
            let count = try counted.lines.first.map { try JSONValue.parse($0)["matches"]?.integer }
            #expect(count == whole.count, "-c, \(described)")
            if !ok || count != whole.count { failures += 1 }
        }
    }

    /// The same through -e without -F, for patterns that have no special character.
    @Test func plainPatternsAreLiteralSetsToo() throws {
        let path = scratch.write("plain.txt", "alpha beta, gamma; alphabet\r\nBETA Gamma alp\n")
        let literals = ["alpha", "alphabet", "beta", "gam", "a, g", "; "]
        let expected = try Reference.matches(
            of: PCRE2Pattern(
                Generated.alternation(literals.map { Array($0.utf8) }, word: false, line: false),
                options: .unicode),
            in: Array("alpha beta, gamma; alphabet\r\nBETA Gamma alp\n".utf8))
        let arguments = literals.flatMap { ["-e", $0] }
        #expect(compare(run(arguments + [path, "--read-size", "2"]), with: expected, "-e"))
        let list = PatternList(patterns: literals.map { Array($0.utf8) })
        #expect(list.literalStrings(options: .unicode) != nil)
        #expect(PatternList(patterns: [Array("a.b".utf8), Array("c".utf8)]).literalStrings(options: .unicode) == nil)
        #expect(PatternList(patterns: [Array("a b".utf8), Array("c".utf8)]).literalStrings(options: .extended) == nil)
    }

    /// Under -i in UTF mode the automaton must fold exactly as PCRE2 10.42 does: k, K and U+212A KELVIN SIGN are one,
    /// so are s, S and U+017F; other ASCII letters have only their other case, and nothing else in ASCII folds.
    @Test func caseFoldingIsPCRE2s() throws {
        let ascii = (0x20..<0x7F).compactMap(Unicode.Scalar.init)
        let equivalents = try #require(LiteralCaseFolding.equivalents(of: ascii, options: .unicode))
        for scalar in ascii {
            var expected = Set([scalar.value])
            if scalar.properties.isAlphabetic { expected.insert(scalar.value ^ 0x20) }
            if "kK".unicodeScalars.contains(scalar) { expected.insert(0x212A) }
            if "sS".unicodeScalars.contains(scalar) { expected.insert(0x17F) }
            #expect(Set(equivalents[scalar.value] ?? []) == expected, "\(scalar)")
        }
        let greek = try #require(LiteralCaseFolding.equivalents(of: ["σ", "ß", "é", "€"], options: .unicode))
        #expect(greek[0x3C3] == [0x3A3, 0x3C2, 0x3C3])
        #expect(greek[0xDF] == [0xDF, 0x1E9E])
        #expect(greek[0xE9] == [0xC9, 0xE9])
        #expect(greek[0x20AC] == [0x20AC])
    }

    /// Counts and offsets as ripgrep's on a generated log, with LF and with CRLF line ends, read in pieces of 1,000
    /// bytes so that matches cross the boundaries between them. With -w the reference is PCRE2's
    /// `(?<!\w)(?:…)(?!\w)`, tb's definition of -w: ripgrep 13 reports a literal that starts a line one byte late
    /// (`d` inside `xd` for the literals `xd` and `d`, where grep and PCRE2 find `xd`).
    @Test(.needsProgram("/usr/bin/rg")) func countsAndOffsetsAreRipgreps() throws {
        var random = SeededGenerator(seed: 693)
        let words = (0..<400).map { _ in Generated.word(&random) }
        var literals = Array(words.prefix(250))
        // Prefixes of other literals, literals that overlap, and literals with regex characters.
        literals += words.prefix(40).map { String($0.prefix(max(1, $0.count - 2))) }
        literals += ["a.b", "x*y", "(z)", "[q]", "a+b", "\\E", "^k", "$", "r.b k", "= ", "k=v"]
        let patterns = scratch.write("rg.pat", literals.joined(separator: "\n") + "\n")
        for ending in ["\n", "\r\n"] {
            var text = ""
            for line in 0..<3000 {
                let count = Int(random.next() % 12)
                text += (0..<count).map { _ in
                    random.next() % 7 == 0
                        ? literals[Int(random.next() % UInt64(literals.count))]
                        : words[Int(random.next() % UInt64(words.count))]
                }.joined(separator: random.next() % 3 == 0 ? " = " : " ")
                text += line % 50 == 0 ? ending + literals[line % literals.count] + ending : ending
            }
            let path = scratch.write("rg-\(ending.utf8.count).log", text)
            for flags in [[], ["-i"], ["-x"], ["-w"], ["-i", "-w"]] {
                let described = "\(flags) with \(ending == "\n" ? "LF" : "CRLF")"
                let reference =
                    try flags.contains("-w") ? pcre2Words(literals, flags: flags, in: text) : rg(flags, patterns, path)
                let ours = runTemplate("%(offset):%(length)%n", flags + ["-F", "-f", patterns, path]).lines
                #expect(ours == reference.offsets, "\(described): \(firstDifference(ours, reference.offsets))")
                let count = runTemplate(nil, ["-c"] + flags + ["-F", "-f", patterns, path]).lines.first
                #expect(
                    try count.map { try JSONValue.parse($0)["matches"]?.integer } == reference.matches, "\(described)")
                // The lines in which a match starts, as rg -c counts them.
                let lines = Set(runTemplate("%(line)%n", flags + ["-F", "-f", patterns, path]).lines).count
                #expect(lines == reference.lines, "\(described): lines")
                // rg's `$` matches before \n only, as tb's: -x finds nothing in CRLF lines.
                let least = flags.contains("-x") ? (ending == "\n" ? 100 : 0) : 1000
                #expect(reference.offsets.count >= least, "\(described): matches to compare")
            }
        }
    }

    /// What a reference finds: each match as `offset:length`, the number of matches and of lines with one.
    struct Found {
        var offsets: [String]
        var matches: Int?
        var lines: Int?
    }

    /// ripgrep's matches (`-o -b`), `--count-matches` and `-c`.
    func rg(_ flags: [String], _ patterns: String, _ path: String) throws -> Found {
        let run = { (extra: [String]) in
            try runProgram(
                "/usr/bin/rg", flags + extra + ["-F", "-f", patterns, path], environment: scratch.environment)
        }
        let offsets = try run(["--no-filename", "--no-line-number", "-o", "-b"]).lines.map { line -> String in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            return "\(line[..<colon]):\(line[line.index(after: colon)...].utf8.count)"
        }
        return Found(
            offsets: offsets, matches: Int(try run(["--count-matches"]).lines.first ?? "0"),
            lines: Int(try run(["-c"]).lines.first ?? "0"))
    }

    /// PCRE2's matches of `(?<!\w)(?:l1|l2…)(?!\w)`, with -i if `flags` has it.
    func pcre2Words(_ literals: [String], flags: [String], in text: String) throws -> Found {
        let subject = Array(text.utf8)
        let options: PCRE2Pattern.Options = flags.contains("-i") ? [.unicode, .caseless] : .unicode
        let pattern = try PCRE2Pattern(
            Generated.alternation(literals.map { Array($0.utf8) }, word: true, line: false), options: options)
        let found = try Reference.matches(of: pattern, in: subject)
        var lines = Set<Int>()
        var line = 0
        var counted = 0
        for range in found {
            while counted < range.lowerBound {
                if subject[counted] == 0x0A { line += 1 }
                counted += 1
            }
            lines.insert(line)
        }
        return Found(offsets: found.map { "\($0.lowerBound):\($0.count)" }, matches: found.count, lines: lines.count)
    }

    func run(_ argv: [String]) -> InProcessRun {
        runInProcess(
            ["regex", "--fields", "offset,length"] + argv, builtins: [RegexCommand.self],
            environment: scratch.environment)
    }

    /// tb regex with a --template (which --fields does not go with) or none, read in pieces of 1,000 bytes.
    func runTemplate(_ template: String?, _ argv: [String]) -> InProcessRun {
        runInProcess(
            ["regex", "--read-size", "1000"] + (template.map { ["--template", $0] } ?? []) + argv,
            builtins: [RegexCommand.self], environment: scratch.environment)
    }

    /// The first place two lists of records differ, for the message of a failed comparison.
    func firstDifference(_ ours: [String], _ theirs: [String]) -> String {
        let index =
            zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(ours.count, theirs.count)
        guard index < max(ours.count, theirs.count) else { return "none" }
        return
            "#\(index): tb \(index < ours.count ? ours[index] : "-"), rg \(index < theirs.count ? theirs[index] : "-")"
    }

    /// Whether tb found exactly `expected`; records an issue naming the case if not.
    func compare(_ result: InProcessRun, with expected: [Range<Int>], _ described: String) -> Bool {
        let want = expected.map { #"{"type":"match","offset":\#($0.lowerBound),"length":\#($0.count)}"# }
        let status: Toolbox.ExitStatus = expected.isEmpty ? .negative : .success
        guard result.lines != want || result.status != status || !result.stderr.isEmpty else { return true }
        Issue.record("\(described)\n  tb:   \(result.status) \(result.lines) \(result.stderr)\n  PCRE2: \(want)")
        return false
    }
}

/// Random literal sets and subjects, from small alphabets so that literals overlap, are prefixes of each other and
/// fold into each other under -i.
enum Generated {
    static let units: [[UInt8]] =
        [
            "a", "b", "ab", "A", "B", "k", "K", "s", "S", "é", "É", "ſ", "\u{212A}", "σ", "Σ", "ς", "ß", "ẞ", " ", ".",
            "*",
            "\\", "(", "_", "-", "1", "\r", "€",
        ].map { Array($0.utf8) }
    /// Bytes that are not UTF-8, for --no-unicode literals and for every subject.
    static let broken: [[UInt8]] = [[0xFF], [0xC3], [0x80], [0xE9], [0xE2, 0x84]]

    static func pick<T>(_ items: [T], _ random: inout SeededGenerator) -> T {
        items[Int(random.next() % UInt64(items.count))]
    }

    static func flags(_ random: inout SeededGenerator) -> [String] {
        var flags: [String] = []
        if random.next() % 3 == 0 { flags.append("-i") }
        if random.next() % 4 == 0 { flags.append("-w") }
        if random.next() % 5 == 0 { flags.append("-x") }
        if random.next() % 4 == 0 { flags.append("--no-unicode") }
        return flags
    }

    static func literals(_ random: inout SeededGenerator, unicode: Bool) -> [[UInt8]] {
        var literals: [[UInt8]] = []
        let alphabet = unicode ? units : units + broken
        for _ in 0..<(1 + Int(random.next() % 30)) {
            switch random.next() % 8 {
            case 0 where !literals.isEmpty:
                // A prefix of one before (whole characters in UTF mode, as PCRE2 refuses others), or one before
                // again.
                let earlier = pick(literals, &random)
                var length = Int(random.next() % UInt64(earlier.count + 1))
                while unicode && length < earlier.count && earlier[length] & 0xC0 == 0x80 { length -= 1 }
                literals.append(Array(earlier.prefix(length)))
            case 1 where random.next() % 6 == 0:
                literals.append([])
            default:
                literals.append((0...(random.next() % 4)).flatMap { _ in pick(alphabet, &random) })
            }
        }
        return literals
    }

    static func subject(_ random: inout SeededGenerator, literals: [[UInt8]], unicode: Bool) -> [UInt8] {
        var subject: [UInt8] = []
        let pieces = units + broken + [[0x0A], [0x0D, 0x0A], [0x0A]]
        for _ in 0..<Int(random.next() % 40) {
            if random.next() % 3 == 0, let literal = literals.randomElement(using: &random) {
                subject += literal
            } else {
                subject += pick(pieces, &random)
            }
        }
        return subject
    }

    /// The PCRE2 pattern tb's alternation stands for, every byte that is not a letter or digit escaped as `\xHH`
    /// (written independently of tb's own escaping).
    static func alternation(_ literals: [[UInt8]], word: Bool, line: Bool) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        var body: [UInt8] = []
        for (index, literal) in literals.enumerated() {
            body += Array((index == 0 ? "(?:" : "|(?:").utf8)
            for byte in literal {
                let alphanumeric =
                    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                if byte < 0x80 && !alphanumeric {
                    body += [0x5C, 0x78, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                } else {
                    body.append(byte)
                }
            }
            body += [0x29]
        }
        if line { return Array("(?m:^)(?:".utf8) + body + Array(")(?m:$)".utf8) }
        if word { return Array(#"(?<!\w)(?:"#.utf8) + body + Array(#")(?!\w)"#.utf8) }
        return body
    }

    /// Words of a small alphabet, so that they share prefixes and run into each other.
    static func word(_ random: inout SeededGenerator) -> String {
        let letters = Array("abcdekrsxyz")
        return String((0..<(2 + Int(random.next() % 6))).map { _ in letters[Int(random.next() % 11)] })
    }

    static func describe(_ bytes: [UInt8]) -> String {
        "[" + bytes.map { String($0, radix: 16) }.joined(separator: " ") + "] \""
            + String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r") + "\""
    }
}
