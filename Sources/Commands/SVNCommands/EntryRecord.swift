// The record of tb svn ls: one directory entry.
import SVN
import Toolbox

/// One entry of a listing.
struct EntryRecord: Record {
    static let schema = RecordSchema(
        type: "entry", summary: "one per file or directory listed",
        fields: [
            Field("url", .string, "its URL, escaped", inTable: false, nature: .url),
            Field("path", .string, "its path relative to the listed TARGET (a file TARGET: its name)"),
            Field("name", .string, "its name", inTable: false),
            Field("kind", .string, "file or dir", nature: .words(other: ["file", "dir"])),
            Field("size", .integer, "the size of a file in bytes; null for a directory"),
            Field("revision", .integer, "the revision in which it last changed"),
            Field("author", .string, "who made that change", nature: .short(12)),
            Field("date", .time, "when that change was made"),
            Field("lock", .object, lockFieldHelp, table: .whenSet),
        ])

    let url: String
    let path: String
    let name: String
    let entry: SVNEntry

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(url)
        encoder.string(path)
        encoder.string(name)
        encoder.kind(entry.kind)
        encoder.integer(entry.size.map { Int($0) })
        encoder.integer(entry.createdRevision)
        encoder.string(entry.lastAuthor)
        encoder.time(entry.time)
        encoder.lock(entry.lock)
    }
}
