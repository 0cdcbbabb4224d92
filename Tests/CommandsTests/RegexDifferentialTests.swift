// tb regex against PCRE2 itself: random patterns over random subjects, read in pieces of many sizes, must give the
// matches of the plain loop that calls pcre2_match on the whole subject (pcre2demo's loop).
import Foundation
import PCRE2
import RegexCommands
import TestSupport
import Testing
import Toolbox

struct RegexDifferentialTests {
    let scratch = Scratch()

    /// The seed of the whole run: $TB_REGEX_SEED, or a fixed one. Each case prints its own seed on failure; a run with
    /// that seed and TB_REGEX_CASES=1 repeats just that case.
    static let seed = environmentNumber("TB_REGEX_SEED") ?? 0x7B_2E6E_7800
    /// How many cases: $TB_REGEX_CASES (many more for a hunt), or as many as run in a few seconds.
    static let cases = Int(environmentNumber("TB_REGEX_CASES") ?? 220)

    @Test func matchesAreThoseOfPCRE2OnTheWholeSubject() throws {
        var failures = 0
        var checked = 0
        for index in 0..<Self.cases where failures < 5 {
            let caseSeed = Self.seed &+ UInt64(index)
            var random = SeededGenerator(seed: caseSeed)
            let flags = RandomCase.flags(&random)
            let text = RandomCase.pattern(&random, unicode: !flags.contains("--no-unicode"))
            // ^ and $ match at every line, as in tb regex (PCRE2_MULTILINE is always on; (?-m) turns it off).
            var options: PCRE2Pattern.Options = flags.contains("--no-unicode") ? [] : .unicode
            options.insert(.multiline)
            if flags.contains("-s") { options.insert(.dotAll) }
            // A pattern the grammar got wrong is skipped (tb rejects it too).
            guard let pattern = try? PCRE2Pattern(text, options: options) else { continue }
            let subject = RandomCase.subject(&random)
            let path = scratch.file("subject-\(index)")
            #expect(FileManager.default.createFile(atPath: path, contents: Data(subject)))
            let described =
                "case seed \(caseSeed) (run seed \(Self.seed)): tb regex \(flags.joined(separator: " ")) '\(text)' "
                + "on \(RandomCase.describe(subject))"
            let whole: [Range<Int>]
            let lines: [Range<Int>]
            do {
                whole = try Reference.matches(of: pattern, in: subject)
                lines = try Reference.lineMatches(of: pattern, in: subject)
            } catch let error as PCRE2Error where error.isResourceLimit {
                continue  // a pattern that backtracks too much (tb says so too)
            }
            for size in [1, 2, 3, 7, 64, nil] {
                let pieces = size.map { ["--read-size", String($0)] } ?? []
                let result = run(flags + [text, path] + pieces)
                let lineResult = run(flags + ["--lines", text, path] + pieces)
                let sized = "\(described), read size \(size.map(String.init) ?? "whole")"
                let ok =
                    compare(result, with: whole, "\(sized)") && compare(lineResult, with: lines, "--lines, \(sized)")
                if !ok { failures += 1 }
            }
            let counted = runInProcess(
                ["regex", "-c"] + flags + [text, path, "--read-size", "3"], builtins: [RegexCommand.self],
                environment: scratch.environment)
            // Lines in which a match starts, and matches.
            let startLines = Set(whole.map { start in subject[..<start.lowerBound].count { $0 == 0x0A } }).count
            #expect(
                counted.lines == [
                    #"{"type":"count","source":"\#(path)","lines":\#(startLines),"matches":\#(whole.count)}"#
                ], "\(described)")
            checked += 1
        }
        #expect(checked > Self.cases * 3 / 4, "most generated patterns compile")
    }

    func run(_ argv: [String]) -> InProcessRun {
        runInProcess(
            ["regex", "--fields", "offset,length"] + argv, builtins: [RegexCommand.self],
            environment: scratch.environment)
    }

    /// Whether tb found exactly `expected`; records an issue naming the case if not.
    func compare(_ result: InProcessRun, with expected: [Range<Int>], _ described: String) -> Bool {
        let want = expected.map { #"{"type":"match","offset":\#($0.lowerBound),"length":\#($0.count)}"# }
        let status: Toolbox.ExitStatus = expected.isEmpty ? .negative : .success
        guard result.lines != want || result.status != status || !result.stderr.isEmpty else { return true }
        Issue.record(
            "\(described)\n  tb:   \(result.status) \(result.lines) \(result.stderr)\n  PCRE2: \(want)")
        return false
    }
}

/// Random flags, patterns and subjects: small alphabets, so that matches are frequent.
enum RandomCase {
    static func flags(_ random: inout SeededGenerator) -> [String] {
        var flags: [String] = []
        if chance(&random, 4) { flags.append("--no-unicode") }
        if chance(&random, 3) { flags.append("-s") }
        return flags
    }

    static func pattern(_ random: inout SeededGenerator, unicode: Bool) -> String {
        var grammar = Grammar(random: random, unicode: unicode)
        // Now and then UTF from the pattern itself, also without --unicode, or the interpreter instead of the JIT
        // (only without UTF: PCRE2 10.42's interpreter has bugs with invalid UTF-8 of its own).
        let verb = chance(&grammar.random, 8) ? "(*UTF)" : chance(&grammar.random, 8) && !unicode ? "(*NO_JIT)" : ""
        // Now and then ^ and $ of the whole input only, as without PCRE2_MULTILINE.
        let single = chance(&grammar.random, 3) ? "(?-m)" : ""
        let text = verb + single + grammar.alternation(depth: 0)
        random = grammar.random
        return text
    }

    static func subject(_ random: inout SeededGenerator) -> [UInt8] {
        let pieces: [[UInt8]] = [
            [0x61], [0x61], [0x62], [0x62], [0x63], [0x0A], [0x20], Array("é".utf8), Array("€".utf8),
            Array("😀".utf8), [0xFF], [0xC3], [0x80],
        ]
        let length = Int(random.next() % 24)
        return (0..<length).flatMap { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
    }

    /// A subject as Swift would write it, with invalid bytes as \u{FFFD} and their value.
    static func describe(_ subject: [UInt8]) -> String {
        "[" + subject.map { String($0, radix: 16) }.joined(separator: " ") + "] \""
            + String(decoding: subject, as: UTF8.self).replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    static func chance(_ random: inout SeededGenerator, _ oneIn: UInt64) -> Bool { random.next() % oneIn == 0 }

    /// A small grammar of PCRE2 patterns: literals, classes, anchors, groups, alternation, greedy and lazy
    /// quantifiers, lookahead, and lookbehind (fixed length, as PCRE2 wants).
    struct Grammar {
        var random: SeededGenerator
        let unicode: Bool

        mutating func pick(_ items: [String]) -> String { items[Int(random.next() % UInt64(items.count))] }

        mutating func alternation(depth: Int) -> String {
            let branches = RandomCase.chance(&random, 4) ? 2 + Int(random.next() % 2) : 1
            return (0..<branches).map { _ in sequence(depth: depth) }.joined(separator: "|")
        }

        mutating func sequence(depth: Int) -> String {
            (0..<Int(random.next() % 4)).map { _ in item(depth: depth) }.joined()
        }

        mutating func item(depth: Int) -> String {
            switch random.next() % 12 {
            case 0...3: return character() + quantifier()
            case 4, 5: return pick(["^", "$", #"\b"#, #"\B"#, #"\G"#, #"\A"#, #"\z"#, #"\Z"#])
            case 6 where depth < 2, 7 where depth < 2:
                return pick(["(", "(?:"]) + alternation(depth: depth + 1) + ")" + quantifier()
            case 8 where depth < 2: return pick(["(?=", "(?!"]) + alternation(depth: depth + 1) + ")"
            case 9: return pick(["(?<=", "(?<!"]) + fixedLength() + ")"
            default: return character()
            }
        }

        /// Branches of one or two characters, maybe with an anchor.
        mutating func fixedLength() -> String {
            let branches = RandomCase.chance(&random, 3) ? 2 : 1
            return (0..<branches).map { _ in
                (RandomCase.chance(&random, 4) ? pick(["^", #"\b"#, #"\G"#, "$"]) : "")
                    + (0...(random.next() % 2)).map { _ in character() }.joined()
            }.joined(separator: "|")
        }

        mutating func character() -> String {
            pick(
                ["a", "a", "b", "c", ".", "[ab]", "[^a]", #"\w"#, #"\s"#, #"\W"#, #"\n"#, " "] + (unicode ? ["é"] : []))
        }

        mutating func quantifier() -> String {
            pick(["", "", "", "", "*", "+", "?", "*?", "+?", "??", "{1,2}", "{2}", "{0,2}?"])
        }
    }
}
