// The record of tb svn blame: one line of a file and the revision that last changed it.
import SVN
import Toolbox

/// One line of a blamed file.
struct BlameRecord: Record {
    static let schema = RecordSchema(
        type: "blame", summary: "one per line of each file, in order",
        fields: [
            Field(
                "path", .string,
                "the TARGET's name (its local path for a path in a working copy), as tb svn info names it",
                inTable: false),
            Field("line", .integer, "the line's number, from 1", nature: .number(6)),
            Field(
                "revision", .integer,
                "the revision that last changed the line; null when that was before the start of -r (svn prints -)"),
            Field("author", .string, "who committed that revision; null when it has no svn:author", nature: .short(12)),
            Field("date", .time, "when; null with the revision"),
            Field(
                "text", .string,
                "the line in the end revision, without its line end (CRLF and CR ends too); invalid UTF-8 becomes "
                    + "U+FFFD"),
        ])

    let path: String
    let line: SVNBlameLine

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(path)
        encoder.integer(line.number)
        encoder.integer(line.revision)
        encoder.string(line.author)
        encoder.time(line.date)
        encoder.bytes(line.text.span)
    }
}
