// NFKC, which bookmark names are kept in, against Python's unicodedata (the source of its tables): every code point,
// then the hard cases of NormalizationTest.txt's kind and random strings of the scalars that interact.
import TestSupport
import Testing

@testable import Toolbox

struct NFKCTests {
    /// Tests/Fixtures/unicode/nfkc-reference.py's pairs for `mode`, once it is known to have the tables' Unicode.
    func reference(_ mode: String) throws -> [(input: [UInt32], output: [UInt32])] {
        let script = Fixtures.folder("unicode") + "/nfkc-reference.py"
        let result = try runProgram("/usr/bin/python3", [script, mode], environment: [:])
        try #require(result.status == 0, "\(result.stderr)")
        var lines = result.lines
        let version = lines.removeFirst()
        try #require(
            version == NFKCTables.unicodeVersion,
            "python3 has Unicode \(version), the tables \(NFKCTables.unicodeVersion): run scripts/generate-nfkc.py")
        return lines.map { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map { part in
                part.split(separator: " ").compactMap { UInt32($0, radix: 16) }
            }
            return (parts[0], parts.count > 1 ? parts[1] : [])
        }
    }

    func nfkc(_ scalars: [UInt32]) -> [UInt32] {
        var text = String.UnicodeScalarView()
        for value in scalars { text.append(Unicode.Scalar(value) ?? "?") }
        // Scalars, not Strings, are compared: String's == holds canonically equivalent texts equal.
        return NFKC.normalize(String(text)).unicodeScalars.map(\.value)
    }

    func hex(_ scalars: [UInt32]) -> String {
        scalars.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    @Test func everyCodePointAsPythonHasIt() throws {
        let expected = Dictionary(uniqueKeysWithValues: try reference("code-points").map { ($0.input[0], $0.output) })
        #expect(expected.count > 4000)
        var wrong: [String] = []
        for value in UInt32(0)..<0x11_0000 where Unicode.Scalar(value) != nil {
            let result = nfkc([value])
            if result != expected[value] ?? [value] { wrong.append("\(hex([value])) -> \(hex(result))") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) code points differ: \(wrong.prefix(20))")
    }

    @Test func hardAndRandomStringsAsPythonHasThem() throws {
        let cases = try reference("strings")
        #expect(cases.count > 20000)
        let wrong = cases.filter { nfkc($0.input) != $0.output }.map {
            "\(hex($0.input)) -> \(hex(nfkc($0.input))), not \(hex($0.output))"
        }
        #expect(wrong.isEmpty, "\(wrong.count) strings differ: \(wrong.prefix(20))")
    }

    /// What it does, without Python: compatibility forms, ligatures, Hangul, reordering, blocking and exclusions.
    @Test func examples() {
        #expect(nfkc([0xFF41, 0xFF42]) == [0x61, 0x62], "fullwidth ａｂ")
        #expect(nfkc([0xFB01, 0x6C, 0x65]) == [0x66, 0x69, 0x6C, 0x65], "the ligature ﬁ")
        #expect(nfkc([0x1100, 0x1161, 0x11A8]) == [0xAC01], "jamo compose")
        #expect(nfkc([0xAC01]) == [0xAC01], "a syllable is NFKC")
        #expect(nfkc([0x1E9B, 0x0323]) == [0x1E69], "decomposed, reordered, composed")
        #expect(nfkc([0x61, 0x0323, 0x0302]) == nfkc([0x61, 0x0302, 0x0323]))
        #expect(nfkc([0x61, 0x0300, 0x0300]) == [0xE0, 0x0300], "a mark of the same class is blocked")
        #expect(nfkc([0x0958]) == [0x0915, 0x093C], "a composition exclusion")
        #expect(nfkc([0x2126]) == [0x03A9], "a singleton")
        #expect(nfkc([0x0344]) == [0x0308, 0x0301], "a non-starter decomposition")
        #expect(nfkc([0x0301, 0x61]) == [0x0301, 0x61], "a mark first")
        #expect(NFKC.normalize("plain-ascii_1.0") == "plain-ascii_1.0")
    }
}
