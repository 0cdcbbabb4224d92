// The record of tb svn info: what the repository knows of one path.
import SVN
import Toolbox

/// The information on one path.
struct InfoRecord: Record {
    static let schema = RecordSchema(
        type: "info", summary: "one per TARGET, and per path below it with -R",
        fields: [
            Field("url", .string, "its URL", nature: .url),
            Field(
                "path", .string, "its name; with -R, below the TARGET, its path relative to the TARGET", inTable: false),
            Field("repos_root", .string, "the URL of the repository's root", inTable: false, nature: .url),
            Field("repos_uuid", .string, "the repository's UUID", inTable: false),
            Field("revision", .integer, "the revision asked about", inTable: false),
            Field("kind", .string, "file or dir", nature: .words(other: ["file", "dir"])),
            Field("last_changed_revision", .integer, "the revision in which it last changed"),
            Field("last_changed_author", .string, "who made that change", nature: .short(12)),
            Field("last_changed_date", .time, "when that change was made"),
            Field("size", .integer, "the size of a file in bytes; null for a directory", inTable: false),
            Field("lock", .object, lockFieldHelp, table: .whenSet),
        ])

    let path: String
    let info: SVNInfo

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(info.url)
        encoder.string(path)
        encoder.string(info.repositoryRoot)
        encoder.string(info.repositoryUUID)
        encoder.integer(info.revision)
        encoder.kind(info.kind)
        encoder.integer(info.lastChangedRevision)
        encoder.string(info.lastChangedAuthor)
        encoder.time(info.lastChangedDate)
        encoder.integer(info.size.map { Int($0) })
        encoder.lock(info.lock)
    }
}
