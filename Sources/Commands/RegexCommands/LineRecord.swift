// The `line` record of tb regex: a line that -v selects (ContextRecord is the lines shown around it).
import Toolbox

/// A line that does not match, with -v.
struct LineRecord: WholeLineRecord {
    static let schema = RecordSchema(
        type: "line", summary: "with -v, one per line that does not match, in input order", fields: WholeLine.fields)

    let line: WholeLine
}
