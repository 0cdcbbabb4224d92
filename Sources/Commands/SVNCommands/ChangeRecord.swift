// The record of tb svn diff --summarize: one path that differs, as svn diff --summarize --xml names it.
import SVN
import Toolbox

/// One changed path.
struct ChangeRecord: Record {
    static let schema = RecordSchema(
        type: "change", summary: "one per path that differs (with --summarize)",
        fields: [
            Field(
                "path", .string,
                "the path as svn diff --summarize prints it: the TARGET's URL (escaped) or path, and the path below it",
                nature: .url),
            Field("kind", .string, "file or dir", nature: .words(other: ["file", "dir"])),
            Field(
                "action", .string, "added, deleted, modified, or none (only its properties changed)",
                nature: .words(other: ["added", "deleted", "modified", "none"])),
            Field("props_changed", .boolean, "whether its properties changed (false when added or deleted)"),
        ])

    let path: String
    let summary: SVNDiffSummary

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(path)
        encoder.kind(summary.kind)
        encoder.string(summary.action.rawValue)
        encoder.boolean(summary.propertiesChanged)
    }
}
