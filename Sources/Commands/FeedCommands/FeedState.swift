// What tb feed --new remembers of one feed between runs: the validators of its last whole fetch, when it may be
// fetched again, and the keys of the items already printed. Stored as NDJSON (FeedStateStore): a `state` line,
// then one `seen` line per key, oldest first.
import Toolbox

/// The state of one feed.
struct FeedState {
    /// A key absent from this many whole fetches in a row is forgotten: the item left the feed.
    static let forgetAfter = 5
    /// At most this many keys are kept; past it the oldest go.
    static let keyLimit = 10_000
    /// A longer key is cut to this many bytes (of UTF-8): still a key, and a line stays short.
    static let keyBytes = 1024

    /// One remembered item.
    struct Seen {
        var key: String
        /// How many whole fetches in a row did not have it.
        var absent: Int
    }

    var url: String
    var etag: String?
    var lastModified: String?
    var lastFetch: Timestamp?
    var httpStatus: Int?
    /// Not before this time (Retry-After): until then the feed is skipped without a request.
    var nextFetch: Timestamp?
    var lastError: String?
    /// Oldest first.
    var seen: [Seen] = []

    init(url: String) {
        self.url = url
    }

    /// The state stored in `lines` for `url`. Lines that are not one (a damaged file, another feed's) are reported
    /// through `warn` and read as no state: the feed is read as new, which prints its items again — never lost.
    init(url: String, lines: [JSONValue], path: String, warn: (String) -> Void) {
        self.init(url: url)
        guard let header = lines.first else { return }
        guard header["type"]?.string == FeedStateLine.schema.type, let stored = header["url"]?.string else {
            warn("'\(path)': not a feed state, read as empty")
            return
        }
        guard stored == url else {
            warn("'\(path)': the state of '\(stored)', not of '\(url)'; read as empty")
            return
        }
        etag = header["etag"]?.string
        lastModified = header["last_modified"]?.string
        lastFetch = header["last_fetch"]?.string.flatMap { Timestamp(rfc3339: $0) }
        httpStatus = header["http_status"]?.integer
        nextFetch = header["next_fetch"]?.string.flatMap { Timestamp(rfc3339: $0) }
        lastError = header["last_error"]?.string
        var known = Set<String>()
        for line in lines.dropFirst() {
            guard line["type"]?.string == "seen", let key = line["key"]?.string, known.insert(key).inserted else {
                continue
            }
            seen.append(Seen(key: key, absent: max(line["absent"]?.integer ?? 0, 0)))
        }
    }

    /// The lines to store.
    var records: [any Record] {
        [FeedStateLine(state: self)] + seen.map { SeenLine(seen: $0) }
    }

    /// Whether the feed's time has come (Retry-After), at `now`.
    func mayFetch(at now: Timestamp) -> Bool {
        guard let nextFetch else { return true }
        return nextFetch <= now
    }

    /// Adds the keys of items printed (and flushed); with `present` (the keys of every item of a feed read whole),
    /// the keys it lacks count one more absence and those absent too long are forgotten. Past `keyLimit`, the
    /// oldest keys go.
    mutating func merge(printed: [String], present: Set<String>?) {
        var index: [String: Int] = [:]
        for (position, item) in seen.enumerated() { index[item.key] = position }
        if let present {
            for position in seen.indices {
                seen[position].absent = present.contains(seen[position].key) ? 0 : seen[position].absent + 1
            }
        }
        for key in printed {
            if let position = index[key] {
                seen[position].absent = 0
            } else {
                index[key] = seen.count
                seen.append(Seen(key: key, absent: 0))
            }
        }
        if present != nil { seen.removeAll { $0.absent >= Self.forgetAfter } }
        if seen.count > Self.keyLimit { seen.removeFirst(seen.count - Self.keyLimit) }
    }
}

/// The first line of a state file.
private struct FeedStateLine: Record {
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
    }
}

/// A line of a state file for one item printed.
private struct SeenLine: Record {
    static let schema = RecordSchema(
        type: "seen", summary: "an item printed",
        fields: [
            Field("key", .string, "the item's key"),
            Field("absent", .integer, "how many whole fetches in a row did not have it"),
        ])

    let seen: FeedState.Seen

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(seen.key)
        encoder.integer(seen.absent)
    }
}
