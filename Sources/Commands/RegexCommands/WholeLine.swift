// A line of the input as the `line` and `context` records of tb regex write it.
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
