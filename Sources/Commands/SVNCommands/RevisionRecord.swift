// The record of tb svn log: one revision.
import SVN
import Toolbox

/// One revision of a log.
struct RevisionRecord: Record {
    static let schema = RecordSchema(
        type: "revision", summary: "one per revision, newest first unless -r says otherwise",
        fields: [
            Field("revision", .integer, "the revision number"),
            Field("author", .string, "who committed it", nature: .short(12)),
            Field("date", .time, "when"),
            Field("message", .string, "the log message; null when it has none"),
            Field(
                "changed_paths", .array,
                "with -v: objects of action (A, D, M, R), path, kind, copyfrom_path and copyfrom_revision, sorted "
                    + "by path",
                inTable: false),
        ])

    let entry: SVNLogEntry

    func encode(to encoder: inout RecordEncoder) {
        encoder.integer(entry.revision)
        encoder.string(entry.author)
        encoder.time(entry.date)
        encoder.string(entry.message)
        encoder.beginArray()
        for change in entry.changedPaths {
            encoder.beginObject()
            encoder.key("action")
            encoder.string(change.action)
            encoder.key("path")
            encoder.string(change.path)
            encoder.key("kind")
            encoder.kind(change.kind)
            encoder.key("copyfrom_path")
            encoder.string(change.copyFromPath)
            encoder.key("copyfrom_revision")
            encoder.integer(change.copyFromRevision)
            encoder.end()
        }
        encoder.end()
    }
}
