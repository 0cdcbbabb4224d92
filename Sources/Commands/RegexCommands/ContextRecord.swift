// The `context` record of tb regex: a line that -A, -B or -C shows around a selected one.
import Toolbox

/// A line shown around a selected one (-A, -B, -C): a line that does not match, or with -v one that does.
struct ContextRecord: WholeLineRecord {
    static let schema = RecordSchema(
        type: "context",
        summary: "with -A, -B or -C, one per line shown around the selected ones, once, in input order",
        fields: WholeLine.fields)

    let line: WholeLine
}
