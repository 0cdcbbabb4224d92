// The records of tb regex: one `match` per match, or one `count` per source with --count.
import PCRE2
import Toolbox

/// One match, written straight from the input bytes and the matcher's group offsets (no copies, no Strings).
struct MatchRecord: Record {
    static let schema = RecordSchema(
        type: "match", summary: "one per match, in input order",
        fields: [
            Field("source", .string, "the file, URL or - it was found in"),
            Field("line", .integer, "the line of its first byte, from 1"),
            Field("column", .integer, "the character of the line it starts at, from 1"),
            Field("offset", .integer, "its first byte's offset in the input, from 0", inTable: false),
            Field("length", .integer, "its length in bytes", inTable: false),
            Field("match", .string, "the text matched (the --group's text with --group)"),
            Field("groups", .array, "groups[0] is the whole match, groups[N] group N (null when it took no part)"),
            Field("named", .object, "the named groups' texts by name", inTable: false),
            Field("replacement", .string, "the --replace template filled in for this match, or null"),
        ])

    let source: JSONText
    let line: Int?
    let column: Int?
    /// The buffer the matcher's subject lies in, starting at index `origin`; group offsets count from there.
    let bytes: [UInt8]
    let origin: Int
    /// The absolute offset of `bytes[origin]` in the input.
    let base: Int
    /// The range reported as the match (the whole match, or the --group), in subject offsets.
    let reported: Range<Int>
    let matcher: PCRE2Matcher
    let replacement: [UInt8]?

    func encode(to encoder: RecordEncoder) {
        let span = bytes.span
        func text(_ range: Range<Int>) {
            encoder.bytes(span.extracting((origin + range.lowerBound)..<(origin + range.upperBound)))
        }
        encoder.text(source)
        encoder.integer(line)
        encoder.integer(column)
        encoder.integer(base + reported.lowerBound)
        encoder.integer(reported.count)
        text(reported)
        encoder.beginArray()
        for number in 0...matcher.pattern.captureCount {
            if let range = matcher.range(number) { text(range) } else { encoder.null() }
        }
        encoder.end()
        encoder.beginObject()
        for group in matcher.pattern.groups {
            encoder.key(group.name)
            if let range = matcher.range(group.number) { text(range) } else { encoder.null() }
        }
        encoder.end()
        if let replacement { encoder.bytes(replacement.span) } else { encoder.null() }
    }
}

/// How many matches one source had.
struct CountRecord: Record {
    static let schema = RecordSchema(
        type: "count", summary: "one per source with --count",
        fields: [
            Field("source", .string, "the file, URL or -"),
            Field("matches", .integer, "how many matches it had"),
        ])

    let source: String
    let matches: Int

    func encode(to encoder: RecordEncoder) {
        encoder.string(source)
        encoder.integer(matches)
    }
}
