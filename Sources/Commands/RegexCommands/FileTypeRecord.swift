// The record of tb regex --type-list: one file type -t and -T know.
import Toolbox

/// One file type of the table, with its globs.
struct FileTypeRecord: Record {
    static let schema = RecordSchema(
        type: "type", summary: "with --type-list, one per file type -t and -T take, sorted by name",
        fields: [
            Field("name", .string, "the name -t and -T take"),
            Field("globs", .array, "the globs a file's name matches to be of the type"),
        ])

    let type: FileType

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(type.name)
        encoder.beginArray()
        for glob in type.globs { encoder.string(glob) }
        encoder.end()
    }
}
