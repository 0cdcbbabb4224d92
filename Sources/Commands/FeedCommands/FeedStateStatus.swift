// tb feed --status: what the state directory holds about each feed, one record per feed.
import Toolbox

/// One feed's stored state.
struct FeedStatusRecord: Record {
    static let schema = RecordSchema(
        type: "feed_state", summary: "one per feed with --status, sorted by URL",
        fields: [
            Field("url", .string, "the feed's URL, or a file's absolute path", nature: .url),
            Field("last_fetch", .time, "when it was last fetched (or read)"),
            Field("http_status", .integer, "the HTTP status of that fetch, or null"),
            Field("etag", .boolean, "whether an ETag is stored, sent as If-None-Match", inTable: false),
            Field(
                "last_modified", .boolean, "whether a Last-Modified is stored, sent as If-Modified-Since",
                inTable: false),
            Field("items_seen", .integer, "how many item keys are remembered"),
            Field("next_fetch", .time, "not fetched before this time (the server's Retry-After), or null"),
            Field("last_error", .string, "why the last fetch failed, or null"),
        ])

    let state: FeedState

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(state.url)
        encoder.time(state.lastFetch)
        encoder.integer(state.httpStatus)
        encoder.boolean(state.etag != nil)
        encoder.boolean(state.lastModified != nil)
        encoder.integer(state.seen.count)
        encoder.time(state.nextFetch)
        encoder.string(state.lastError)
    }
}
