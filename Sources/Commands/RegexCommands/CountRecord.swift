// The `count` record of tb regex: one per source with --count.
import Toolbox

/// How many lines and matches one source had.
struct CountRecord: Record {
    static let schema = RecordSchema(
        type: "count",
        summary: "with --count, one per source named, and one per file of a directory that matched (every file with "
            + "--include-zero)",
        fields: [
            Field("source", .string, "the file, URL or -", nature: .url),
            Field("lines", .integer, "the lines in which a match starts (grep -c, rg -c); with -v the lines selected"),
            Field("matches", .integer, "how many matches it had (rg --count-matches); null with -v"),
        ])

    let source: String
    let lines: Int
    /// nil with -v, which selects lines, not matches.
    let matches: Int?

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(source)
        encoder.integer(lines)
        if let matches { encoder.integer(matches) } else { encoder.null() }
    }
}
