// The `source` record of tb regex: a source that -l, --files-without-match or --files lists.
import Toolbox

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
