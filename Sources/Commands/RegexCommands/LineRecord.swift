// The records of tb regex that are whole lines or whole sources: `line` for each line -v selects, `context` for the
// lines -A, -B and -C show around them, and `source` for each source -l or --files-without-match lists.
import Toolbox

/// A line of the input, written straight from the bytes it was found in.
struct WholeLine {
    let source: JSONText
    let line: Int
    /// The absolute input offset of `bytes[0]`.
    let base: Int
    /// The matching window it is in (shared, not copied).
    let bytes: [UInt8]
    /// The line's text in `bytes`, without its `\n` or `\r\n`.
    let range: Range<Int>

    /// The fields both line records have, in order.
    static let fields = [
        Field("source", .string, "the file, URL or - it is in", nature: .url),
        Field("line", .integer, "its line number, from 1"),
        Field("offset", .integer, "its first byte's offset in the input, from 0", inTable: false),
        Field("text", .string, "the line, without its \\n or \\r\\n (invalid UTF-8 as U+FFFD)"),
    ]

    func encode(to encoder: inout RecordEncoder) {
        encoder.text(source)
        encoder.integer(line)
        encoder.integer(base + range.lowerBound)
        encoder.bytes(bytes.span.extracting(range))
    }
}

/// A record that is one whole line: the type and summary are its own, the fields and their values those of
/// `WholeLine`.
protocol WholeLineRecord: Record {
    var line: WholeLine { get }
}

extension WholeLineRecord {
    func encode(to encoder: inout RecordEncoder) { line.encode(to: &encoder) }
}

/// A line that does not match, with -v.
struct LineRecord: WholeLineRecord {
    static let schema = RecordSchema(
        type: "line", summary: "with -v, one per line that does not match, in input order", fields: WholeLine.fields)

    let line: WholeLine
}

/// A line shown around a selected one (-A, -B, -C): a line that does not match, or with -v one that does.
struct ContextRecord: WholeLineRecord {
    static let schema = RecordSchema(
        type: "context",
        summary: "with -A, -B or -C, one per line shown around the selected ones, once, in input order",
        fields: WholeLine.fields)

    let line: WholeLine
}

/// A source listed by -l or --files-without-match.
struct SourceRecord: Record {
    static let schema = RecordSchema(
        type: "source",
        summary:
            "with -l, one per source that matches; with --files-without-match, one per source that does not; with "
            + "--files, one per file a search would read",
        fields: [Field("source", .string, "the file, URL or -", nature: .url)])

    let source: String

    func encode(to encoder: inout RecordEncoder) { encoder.string(source) }
}
