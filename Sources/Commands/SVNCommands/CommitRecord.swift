// The record of tb svn put: the revision a commit made.
import SVN
import Toolbox

/// One commit.
struct CommitRecord: Record {
    static let schema = RecordSchema(
        type: "commit", summary: "one per commit",
        fields: [
            Field("url", .string, "the URL of the file committed", nature: .url),
            Field("revision", .integer, "the revision the commit made"),
            Field("author", .string, "who the server recorded as its author; null when anonymous", nature: .short(12)),
            Field("date", .time, "when the server recorded it"),
        ])

    let url: String
    let commit: SVNCommit

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(url)
        encoder.integer(commit.revision)
        encoder.string(commit.author)
        encoder.time(commit.date)
    }
}
