// The PCRE2 shim on its own: patterns as bytes, UTF turned on by the pattern, patterns the JIT leaves alone,
// anchoring, and the variant of a pattern without \G.
import PCRE2
import Testing

struct PCRE2Tests {
    /// The first match of `pattern` in `subject` from `offset`, or nil.
    func firstMatch(
        _ pattern: PCRE2Pattern, _ subject: [UInt8], from offset: Int = 0, options: PCRE2Matcher.Options = []
    )
        throws -> Range<Int>?
    {
        let matcher = try PCRE2Matcher(pattern)
        return try matcher.match(subject.span, from: offset, options: options) == .match ? matcher.range(0) : nil
    }

    /// A pattern given as bytes reaches PCRE2 unchanged: without UTF, the byte 0xE9 (é in Latin-1) is that byte.
    @Test func patternsAsBytes() throws {
        let latin1 = try PCRE2Pattern([0x63, 0x61, 0x66, 0xE9], options: [])
        #expect(try firstMatch(latin1, Array("un caf".utf8) + [0xE9, 0x21]) == 3..<7)
        #expect(try firstMatch(latin1, Array("un café".utf8)) == nil)
        let text = try PCRE2Pattern("café", options: .unicode)
        #expect(try firstMatch(text, Array("un café!".utf8)) == 3..<8)
        #expect(throws: PCRE2Error.self) { try PCRE2Pattern([0x28], options: []) }
        #expect(try firstMatch(PCRE2Pattern([], options: []), [0x61]) == 0..<0)
    }

    /// `(*UTF)` turns UTF on whatever the options say; invalid UTF-8 then never matches, and nothing outside the
    /// subject is read.
    @Test func utfFromThePattern() throws {
        #expect(try PCRE2Pattern("(*UTF).", options: []).isUTF)
        #expect(try PCRE2Pattern(".", options: .unicode).isUTF)
        #expect(try !PCRE2Pattern(".", options: []).isUTF)
        let dot = try PCRE2Pattern("(*UTF).", options: [])
        #expect(try firstMatch(dot, [0xFF, 0xC3, 0xA9]) == 1..<3)
        #expect(try firstMatch(dot, [0xFF, 0xC3]) == nil)
    }

    /// (*NO_JIT): nothing is JIT-compiled, so the interpreter matches.
    @Test func noJIT() throws {
        let pattern = try PCRE2Pattern("(*NO_JIT)l", options: [])
        #expect(!pattern.usesJIT)
        #expect(try firstMatch(pattern, Array("hello".utf8)) == 2..<3)
        #expect(try PCRE2Pattern("l", options: []).usesJIT)
    }

    /// Only a real \G gets a variant, and in it \G never matches.
    @Test func variantWithoutStartOfMatch() throws {
        for text in ["a", #"\\G"#, #"\Q\G\E"#, #"(?#\G)a"#, "(?x)a # \\G"] {
            #expect(try PCRE2Pattern(text, options: []).beyondStartOffset == nil, "\(text)")
        }
        #expect(try PCRE2Pattern(#"(a\G){2,3}"#, options: []).beyondStartOffset != nil)
        let pattern = try PCRE2Pattern(#"(?<x>\Ga)|(?<=\G.)b|c"#, options: [])
        let beyond = try #require(pattern.beyondStartOffset)
        #expect(beyond.captureCount == 1 && beyond.groups == pattern.groups)
        #expect(try firstMatch(pattern, Array("xab".utf8), from: 1) == 1..<2)
        #expect(try firstMatch(beyond, Array("xab".utf8), from: 1) == nil)
        #expect(try firstMatch(pattern, Array("xabc".utf8), from: 1) == 1..<2)
        #expect(try firstMatch(beyond, Array("xabc".utf8), from: 1) == 3..<4)
    }
}
