// The named character reference table against Python's html.entities.html5, which it is generated from: every name
// and its code points, the longest-prefix and mayGrow rules, and that the checked-in file is what the script writes.
import Foundation
import TestSupport
import Testing

@testable import HTML5

struct NamedCharacterReferencesTests {
    /// The seed and the number of the random inputs: $TB_NAMED_REFERENCE_SEED and $TB_NAMED_REFERENCE_CASES, or fixed
    /// ones; a failing input is printed.
    static let seed = environmentNumber("TB_NAMED_REFERENCE_SEED") ?? 0x26_616D_703B
    static let cases = Int(environmentNumber("TB_NAMED_REFERENCE_CASES") ?? 20000)

    /// What the lookup must answer, worked out the slow way from Python's table itself.
    struct Table {
        /// Every name, with the code points it stands for.
        var codePoints: [[UInt8]: [UInt32]] = [:]
        /// Every proper prefix of a name, the empty one included: what more bytes could still make a longer name of.
        var growing: Set<[UInt8]> = []

        /// The longest name `input` begins with (its length and code points), and whether all of `input` is the
        /// beginning of a longer name.
        func longestMatch(_ input: [UInt8]) -> (found: (length: Int, codePoints: [UInt32])?, mayGrow: Bool) {
            for length in stride(from: min(input.count, 32), through: 1, by: -1) {
                if let found = codePoints[Array(input[..<length])] {
                    return ((length, found), growing.contains(input))
                }
            }
            return (nil, growing.contains(input))
        }
    }

    /// Python's html.entities.html5, read by running it: no copy of the data here can drift along with the table.
    static func python() throws -> Table {
        let program = """
            import html.entities
            for name, value in sorted(html.entities.html5.items()):
                print(name, *(f"{ord(c):X}" for c in value))
            """
        let result = try runProgram("/usr/bin/python3", ["-c", program], environment: [:])
        try #require(result.status == 0, "\(result.stderr)")
        var table = Table()
        for line in result.lines {
            let fields = line.split(separator: " ")
            let name = Array(fields[0].utf8)
            table.codePoints[name] = fields.dropFirst().compactMap { UInt32($0, radix: 16) }
            for length in 0..<name.count { table.growing.insert(Array(name[..<length])) }
        }
        try #require(table.codePoints.count == 2231)
        return table
    }

    /// The lookup of `input`, placed between bytes it must not look at: '&' and junk before `start`, and after `end`
    /// bytes that would make a longer name of most inputs if they were read.
    func lookup(_ input: [UInt8]) -> (reference: NamedReference?, mayGrow: Bool) {
        let before = Array("x&&".utf8)
        let bytes = before + input + Array(";e1".utf8)
        return NamedCharacterReferences.longestMatch(
            in: bytes.span, from: before.count, to: before.count + input.count)
    }

    /// Whether the lookup of `input` gives what `table` says, recording an issue (with the input) when not.
    @discardableResult
    func expectAgreement(_ input: [UInt8], _ table: Table, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let (reference, mayGrow) = lookup(input)
        let expected = table.longestMatch(input)
        let got = reference.map { (length: $0.length, codePoints: [$0.first] + ($0.second == 0 ? [] : [$0.second])) }
        let agrees =
            got?.length == expected.found?.length && got?.codePoints == expected.found?.codePoints
            && mayGrow == expected.mayGrow
        let python = "Python's table has \(String(describing: expected.found)), mayGrow \(expected.mayGrow)"
        #expect(
            agrees, "\(describe(input)): got \(String(describing: got)), mayGrow \(mayGrow); \(python)",
            sourceLocation: sourceLocation)
        return agrees
    }

    func describe(_ input: [UInt8]) -> String {
        let shown = input.map { (32..<127).contains($0) ? String(UnicodeScalar($0)) : "\\x\(String($0, radix: 16))" }
        return "\"" + shown.joined() + "\""
    }

    @Test func everyNameIsFoundWithItsCodePointsAndLength() throws {
        let table = try Self.python()
        var failures = 0
        for (name, codePoints) in table.codePoints where failures < 10 {
            let (reference, mayGrow) = lookup(name)
            let expected = NamedReference(
                length: name.count, first: codePoints[0], second: codePoints.count > 1 ? codePoints[1] : 0)
            if reference != expected || mayGrow != table.growing.contains(name) {
                failures += 1
                Issue.record("\(describe(name)): got \(String(describing: reference)), mayGrow \(mayGrow)")
            }
        }
        #expect(failures == 0)
    }

    /// Followed by bytes that end a name, by bytes that may go on to a longer one, and by bytes no name has.
    @Test func everyNameFollowedByOtherBytes() throws {
        let table = try Self.python()
        let followers: [[UInt8]] = [
            Array(" ".utf8), Array("=".utf8), Array("&".utf8), Array("<".utf8), Array(";".utf8), Array("x".utf8),
            Array("Z".utf8), Array("1".utf8), Array("9".utf8), Array("in;".utf8), Array(";;".utf8), [0], [0x80],
            [0xFF], Array("é".utf8),
        ]
        var failures = 0
        for name in table.codePoints.keys where failures < 10 {
            for follower in followers {
                if !expectAgreement(name + follower, table) { failures += 1 }
            }
            // A name with its ';' is whole: nothing after it can change the match or make it wait.
            if name.last == UInt8(ascii: ";") {
                let (reference, mayGrow) = lookup(name + Array("abc;".utf8))
                #expect(reference?.length == name.count && !mayGrow, "\(describe(name))")
            }
        }
        #expect(failures == 0)
    }

    /// A name cut short by the end of the input may yet become that name: the lookup says so, and gives the longest
    /// name found so far (a legacy one such as "amp" when the input stops in "amp;").
    @Test func everyPrefixOfANameMayGrow() throws {
        let table = try Self.python()
        var failures = 0
        for name in table.codePoints.keys where failures < 10 {
            for length in 0..<name.count {
                let prefix = Array(name[..<length])
                #expect(lookup(prefix).mayGrow, "\(describe(prefix))")
                if !expectAgreement(prefix, table) { failures += 1 }
            }
        }
        #expect(failures == 0)
    }

    @Test func theStandardsExamples() {
        func check(
            _ input: String, _ length: Int?, _ first: UInt32 = 0, _ second: UInt32 = 0, mayGrow: Bool = false,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let (reference, grows) = lookup(Array(input.utf8))
            let expected = length.map { NamedReference(length: $0, first: first, second: second) }
            #expect(reference == expected, "\(input)", sourceLocation: sourceLocation)
            #expect(grows == mayGrow, "\(input): mayGrow", sourceLocation: sourceLocation)
        }
        // "I'm &notit; I tell you": the longest name is the legacy "not".
        check("notit;", 3, 0xAC)
        check("notin;", 6, 0x2209)
        check("notin", 3, 0xAC, mayGrow: true)
        check("not", 3, 0xAC, mayGrow: true)
        check("amp", 3, 0x26, mayGrow: true)
        check("amp;", 4, 0x26)
        check("ampx", 3, 0x26)
        check("amp;x", 4, 0x26)
        check("AMP;", 4, 0x26)
        check("aMp;", nil)
        check("zz", nil)
        check("", nil, mayGrow: true)
        check("am", nil, mayGrow: true)
        check("1", nil)
        check(";", nil)
        check("lt", 2, 0x3C, mayGrow: true)
        check("lt;", 3, 0x3C)
        check("nbsp", 4, 0xA0, mayGrow: true)
        check("copy=", 4, 0xA9)
        // Two code points, and one beyond the Basic Multilingual Plane.
        check("NotNestedGreaterGreater;", 24, 0x2AA2, 0x338)
        check("fjlig;", 6, 0x66, 0x6A)
        check("nvlt;", 5, 0x3C, 0x20D2)
        check("Afr;", 4, 0x1D504)
        check("CounterClockwiseContourIntegral;", 32, 0x2233)
        check("CounterClockwiseContourIntegral", nil, mayGrow: true)
        // A legacy name without its ';' that longer names go on from.
        check("times", 5, 0xD7, mayGrow: true)
        check("timesb;", 7, 0x22A0)
        check("timesbar;", 9, 0x2A31)
        check("timesba", 5, 0xD7, mayGrow: true)
        check("timesbx", 5, 0xD7)
    }

    /// The bytes before `start` and from `end` on are not the lookup's: the same input anywhere in a buffer.
    @Test func onlyTheGivenRangeIsRead() {
        let bytes = Array("&amp;&notin;&lt".utf8)
        let amp = NamedCharacterReferences.longestMatch(in: bytes.span, from: 1, to: 4)
        #expect(amp.reference == NamedReference(length: 3, first: 0x26, second: 0) && amp.mayGrow)
        let ampSemicolon = NamedCharacterReferences.longestMatch(in: bytes.span, from: 1, to: bytes.count)
        #expect(ampSemicolon.reference?.length == 4 && !ampSemicolon.mayGrow)
        let notin = NamedCharacterReferences.longestMatch(in: bytes.span, from: 6, to: bytes.count)
        #expect(notin.reference == NamedReference(length: 6, first: 0x2209, second: 0) && !notin.mayGrow)
        let lt = NamedCharacterReferences.longestMatch(in: bytes.span, from: 13, to: bytes.count)
        #expect(lt.reference == NamedReference(length: 2, first: 0x3C, second: 0) && lt.mayGrow)
        let empty = NamedCharacterReferences.longestMatch(in: bytes.span, from: bytes.count, to: bytes.count)
        #expect(empty.reference == nil && empty.mayGrow)
    }

    /// Names cut, joined, with a byte changed or inserted: inputs near the names, where a walk goes wrong if it does.
    @Test func randomInputsNearTheNames() throws {
        let table = try Self.python()
        let names = table.codePoints.keys.sorted { $0.lexicographicallyPrecedes($1) }
        let alphabet = Array("abcdeilmnoprstuxAEILNRS1234;&".utf8) + [0, 0xC3, 0xFF]
        var random = SeededGenerator(seed: Self.seed)
        var failures = 0
        for _ in 0..<Self.cases where failures < 10 {
            var input = names.randomElement(using: &random) ?? []
            switch Int.random(in: 0..<4, using: &random) {
            case 0: input = Array(input.prefix(Int.random(in: 0...input.count, using: &random)))
            case 1: input += names.randomElement(using: &random) ?? []
            case 2: input[Int.random(in: 0..<input.count, using: &random)] = alphabet.randomElement(using: &random) ?? 0
            default:
                input.insert(
                    alphabet.randomElement(using: &random) ?? 0, at: Int.random(in: 0...input.count, using: &random))
            }
            if !expectAgreement(input, table) { failures += 1 }
        }
        #expect(failures == 0, "seed \(Self.seed)")
    }

    /// The checked-in file is what the script writes from today's Python: the data cannot drift from its source.
    @Test func theCheckedInFileIsTheScriptsOutput() throws {
        let scratch = Scratch()
        let output = scratch.file("NamedCharacterReferences.swift")
        let script = Package.root + "/scripts/generate-named-character-references.py"
        let result = try runProgram("/usr/bin/python3", [script, output], environment: [:])
        try #require(result.status == 0, "\(result.stderr)")
        let generated = try String(contentsOfFile: output, encoding: .utf8)
        let checkedIn = try String(
            contentsOfFile: Package.root + "/Sources/HTML5/NamedCharacterReferences.swift", encoding: .utf8)
        // The first line that differs, not the two 160 kB texts, is what a failure shows.
        let lines = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false) }
        let line = zip(lines(generated), lines(checkedIn)).prefix { $0 == $1 }.count
        let same = generated == checkedIn
        #expect(same, "Sources/HTML5/NamedCharacterReferences.swift differs from line \(line + 1): run \(script)")
    }
}
