// The first line of a feed's state file (FeedState): its validators, when it was fetched and may be again, and
// how its keys are stored.
import Toolbox

/// The first line of a state file.
struct FeedStateLine: Record {
    static let schema = RecordSchema(
        // Not `feed_state`, the type of --status's records, which show whether validators are kept, not their text.
        type: "state", summary: "the first line of a feed's state file",
        fields: [
            Field("url", .string, "the feed's URL, or a file's absolute path"),
            Field("etag", .string, "the ETag of the last whole fetch or 304, as sent"),
            Field("last_modified", .string, "its Last-Modified, as sent"),
            Field("last_fetch", .time, "when it was last fetched"),
            Field("http_status", .integer, "the HTTP status then"),
            Field("next_fetch", .time, "not to be fetched before this (Retry-After)"),
            Field("last_error", .string, "why the last fetch failed, or null"),
            Field(
                "key_format", .integer,
                "2: a key longer than \(FeedState.keyBytes) bytes is stored as its first \(FeedState.keyBytes) and its "
                    + "SHA-256; null (files of an earlier tb): cut at \(FeedState.keyBytes) bytes"),
        ])

    let state: FeedState

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(state.url)
        encoder.string(state.etag)
        encoder.string(state.lastModified)
        encoder.time(state.lastFetch)
        encoder.integer(state.httpStatus)
        encoder.time(state.nextFetch)
        encoder.string(state.lastError)
        encoder.integer(state.cutsKeys ? nil : FeedState.keyFormat)
    }
}
