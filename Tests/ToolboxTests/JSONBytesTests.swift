// JSON string escaping: quotes, backslashes, control characters, and invalid UTF-8 replaced by U+FFFD.
import Bytes
import TestSupport
import Testing

@testable import Toolbox

struct JSONBytesTests {
    func escaped(_ bytes: [UInt8]) -> String {
        var out = ByteBuffer()
        JSONBytes.appendString(bytes.span, to: &out)
        return out.string
    }

    static let cases: [([UInt8], String)] = [
        (Array("plain".utf8), #""plain""#),
        (Array(#"say "hi""#.utf8), #""say \"hi\"""#),
        (Array(#"C:\dir"#.utf8), #""C:\\dir""#),
        ([0x0A, 0x0D, 0x09, 0x08, 0x0C], #""\n\r\t\b\f""#),
        ([0x00, 0x01, 0x1F, 0x7F], "\"\\u0000\\u0001\\u001f\u{7F}\""),
        (Array("héllo wörld ✓ 𝄞".utf8), "\"héllo wörld ✓ 𝄞\""),
        ([0x61, 0xFF, 0x62], "\"a\u{FFFD}b\""),
        ([0xC3], "\"\u{FFFD}\""),
        ([0xC3, 0x28], "\"\u{FFFD}(\""),
        ([0xE2, 0x82], "\"\u{FFFD}\""),
        ([0xE2, 0x82, 0x41], "\"\u{FFFD}A\""),
        ([0xED, 0xA0, 0x80], "\"\u{FFFD}\u{FFFD}\u{FFFD}\""),
        ([0xC0, 0xAF], "\"\u{FFFD}\u{FFFD}\""),
        ([0xF4, 0x90, 0x80, 0x80], "\"\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\""),
        ([0xF0, 0x9F, 0x98, 0x80], "\"😀\""),
        ([0xF0, 0x9F, 0x98], "\"\u{FFFD}\""),
    ]

    @Test(arguments: cases)
    func escapes(_ input: [UInt8], _ expected: String) {
        #expect(escaped(input) == expected)
    }

    /// Whatever the bytes, the result is what Swift's own UTF-8 repair produces, and it parses back.
    @Test func agreesWithSwiftOnRandomBytes() throws {
        var generator = SeededGenerator.fresh()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            let json = escaped(bytes)
            let parsed = try JSONValue.parse(json)
            #expect(
                parsed == .string(String(decoding: bytes, as: UTF8.self)), "bytes \(bytes), \(generator.repeatHint)")
        }
    }

    @Test func numbers() {
        var out = ByteBuffer()
        for value in [0, 7, 10, 99, 100, 12345, -5, -100, Int.max, Int.min] {
            JSONBytes.appendInteger(value, to: &out)
            out.append(0x20)
        }
        JSONBytes.appendNumber(.nan, to: &out)
        out.append(0x20)
        JSONBytes.appendNumber(2.5, to: &out)
        out.append(0x20)
        JSONBytes.appendNumber(3, to: &out)
        #expect(
            out.string == "0 7 10 99 100 12345 -5 -100 9223372036854775807 -9223372036854775808 null 2.5 3")
    }
}
