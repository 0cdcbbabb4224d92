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
    /// A longer key is stored as this many bytes (of UTF-8) and a digest of the whole (`storedKey`): a line stays
    /// short.
    static let keyBytes = 1024
    /// The `key_format` of the files this tb writes: long keys with their digest. A file without it was written by
    /// an earlier tb, which cut long keys at `keyBytes`.
    static let keyFormat = 2

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
    /// Whether long keys in `seen` may be cut ones, stored by an earlier tb (see `merge`): true for a file without
    /// `key_format` until a whole fetch has replaced the cut keys of every item the feed still has.
    var cutsKeys = false

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
        // One an earlier tb stored, or someone wrote by hand, is not sent either.
        etag = FeedValidators.kept(header["etag"]?.string)
        lastModified = FeedValidators.kept(header["last_modified"]?.string)
        lastFetch = header["last_fetch"]?.string.flatMap { Timestamp(rfc3339: $0) }
        httpStatus = header["http_status"]?.integer
        nextFetch = header["next_fetch"]?.string.flatMap { Timestamp(rfc3339: $0) }
        lastError = header["last_error"]?.string
        cutsKeys = header["key_format"]?.integer == nil
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
    /// oldest keys go. `recognised` are the items known by the cut key an earlier tb stored (`cutsKeys`): their whole
    /// keys take its place, and the cut key goes, so that a new item sharing those first bytes is printed. A whole
    /// fetch has replaced the cut keys of every item the feed has: from then on cut keys count for nothing.
    mutating func merge(printed: [String], present: Set<String>?, recognised: [FeedNewItems.Recognised] = []) {
        if !recognised.isEmpty {
            let replacing = Dictionary(grouping: recognised, by: \.cut).mapValues { $0.map(\.key) }
            seen = seen.flatMap { item in
                replacing[item.key].map { keys in keys.map { Seen(key: $0, absent: 0) } } ?? [item]
            }
            // A key already there (a concurrent run replaced the same cut key) stays once.
            var once = Set<String>()
            seen.removeAll { !once.insert($0.key).inserted }
        }
        if present != nil { cutsKeys = false }
        let printed = printed + recognised.map(\.key)
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
