// Timestamps, the JSON reader, suggestions and text wrapping.
import Bytes
import Testing

@testable import Toolbox

struct TimestampTests {
    @Test func formatsRFC3339InUTC() {
        #expect(Timestamp(seconds: 0).rfc3339 == "1970-01-01T00:00:00Z")
        #expect(Timestamp(seconds: 951_782_400).rfc3339 == "2000-02-29T00:00:00Z")
        #expect(Timestamp(seconds: -1).rfc3339 == "1969-12-31T23:59:59Z")
        // Whole seconds, the fraction dropped: jq's fromdate rejects fractions.
        #expect(Timestamp(seconds: 1, nanoseconds: 500_000_000).rfc3339 == "1970-01-01T00:00:01Z")
        #expect(Timestamp(seconds: 1, nanoseconds: 999_999_999).rfc3339 == "1970-01-01T00:00:01Z")
        #expect(Timestamp(seconds: -1, nanoseconds: 999_999_999).rfc3339 == "1969-12-31T23:59:59Z")
        #expect(Timestamp(rfc3339: "2026-11-29T16:45:19.25Z")?.nanoseconds == 250_000_000)
        #expect(Timestamp(seconds: 253_402_300_799).rfc3339 == "9999-12-31T23:59:59Z")
    }

    static let parsed: [(String, String?)] = [
        ("2026-11-29T16:45:19Z", "2026-11-29T16:45:19Z"),
        ("2026-11-29t16:45:19z", "2026-11-29T16:45:19Z"),
        ("2026-11-29 16:45:19+01:30", "2026-11-29T15:15:19Z"),
        // A fraction is read (and kept in the value), but not written.
        ("2026-11-29T16:45:19.25-05:00", "2026-11-29T21:45:19Z"),
        ("2024-02-29T00:00:00Z", "2024-02-29T00:00:00Z"),
        ("2023-02-29T00:00:00Z", nil),
        ("2026-13-01T00:00:00Z", nil),
        ("2026-11-29T24:00:00Z", nil),
        ("2026-11-29T16:45:19", nil),
        ("2026-11-29", nil),
        ("garbage", nil),
        // RFC 3339 has four-digit years: a moment outside 0001–9999 in UTC cannot be written, so it is not read.
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
        ("0000-06-01T00:00:00Z", nil),
        ("0001-01-01T00:30:00+01:00", nil),
        ("9999-12-31T23:59:59-00:01", nil),
        ("9999-12-31T23:59:60Z", nil),
    ]

    @Test(arguments: parsed)
    func parsesRFC3339(_ text: String, _ expected: String?) {
        #expect(Timestamp(rfc3339: text)?.rfc3339 == expected)
    }

    @Test func yearsOutsideOneToNineThousandNineHundredNinetyNineInUTCAreNil() {
        #expect(Timestamp(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59, offset: -86_340) == nil)
        #expect(Timestamp(year: 10_000, month: 1, day: 1) == nil)
        #expect(Timestamp(year: 0, month: 12, day: 31) == nil)
        #expect(Timestamp(year: 1, month: 1, day: 1, offset: 60) == nil)
        #expect(Timestamp(year: 1, month: 1, day: 1)?.rfc3339 == "0001-01-01T00:00:00Z")
        #expect(
            Timestamp(year: 9999, month: 12, day: 31, hour: 23, minute: 59, offset: 3600)?.rfc3339
                == "9999-12-31T22:59:00Z")
    }

    /// The bytes records get are rfc3339's, quoted, over the whole writable range and beyond it.
    @Test func recordsWriteTheSameTimesWithoutBuildingStrings() {
        let edges: [Int64] = [
            Timestamp.writable.lowerBound, Timestamp.writable.upperBound, -1, 0, 951_782_400, 1_700_000_000,
            Timestamp.writable.upperBound + 1, Timestamp.writable.lowerBound - 1,
        ]
        let spread = stride(from: Timestamp.writable.lowerBound, through: Timestamp.writable.upperBound, by: 86_399_997)
        for seconds in edges + Array(spread) {
            let time = Timestamp(seconds: seconds, nanoseconds: 999_999_999)
            var out = ByteBuffer()
            time.appendQuotedRFC3339(to: &out)
            var expected = ByteBuffer()
            JSONBytes.appendString(time.rfc3339, to: &expected)
            let bytes = { (buffer: borrowing ByteBuffer) in
                buffer.withSpan { span in (0..<span.count).map { span[$0] } }
            }
            #expect(bytes(out) == bytes(expected), "\(seconds)")
        }
    }

    @Test func civilDatesRoundTripOverFourHundredYears() {
        for days in stride(from: -146_097, through: 146_097 * 2, by: 37) {
            let date = Timestamp.date(fromDaysSinceEpoch: days)
            #expect(Timestamp.daysSinceEpoch(year: date.year, month: date.month, day: date.day) == days)
        }
    }
}

struct JSONValueTests {
    @Test func parsesAllKinds() throws {
        let value = try JSONValue.parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\u00e9\ud83d\ude00\n"} "#)
        #expect(value["a"] == .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]))
        #expect(value["b"]?.string == "xé😀\n")
        #expect(try JSONValue.parse(#""\ud800""#) == .string("\u{FFFD}"))
    }

    static let bad = ["", "{", "[1,]", #"{"a" 1}"#, "tru", "01x", #""\q""#, "\"a\nb\"", "1 2", #"{"a":1,}"#]

    @Test(arguments: bad)
    func rejects(_ text: String) {
        #expect(throws: JSONError.self) { try JSONValue.parse(text) }
    }

    @Test func refusesDeepNesting() {
        #expect(throws: JSONError.self) { try JSONValue.parse(String(repeating: "[", count: 10_000)) }
    }
}

struct SuggestionTests {
    @Test func suggestsCloseWordsOnly() {
        #expect(Suggestion.closest(to: "bookmak", among: ["bookmark", "history"]) == "bookmark")
        #expect(Suggestion.closest(to: "hsitory", among: ["bookmark", "history"]) == "history")
        #expect(Suggestion.closest(to: "--form", among: ["--format", "--fields"]) == "--format")
        #expect(Suggestion.closest(to: "zzz", among: ["bookmark", "history"]) == nil)
        #expect(Suggestion.didYouMean("x", among: []) == "")
    }
}

struct TextWrappingTests {
    @Test func wrapsParagraphsAndKeepsIndentedLines() {
        let text = "one two three four five six\n\n    keep   this\nseven"
        #expect(
            TextWrapping.wrap(text, width: 12, indent: "  ")
                == "  one two\n  three four\n  five six\n\n      keep   this\n  seven")
    }
}
