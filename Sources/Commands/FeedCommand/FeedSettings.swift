// What tb feed was asked to do, checked before any input is read.

/// The options of one tb feed run.
struct FeedSettings: Sendable {
    /// Print a feed record per source (--meta).
    var meta = false
    /// Stop each source after this many items (--limit).
    var limit: Int?
    /// The longest text kept for one field (--max-field-size).
    var maxFieldSize = 4 << 20
    /// Print parser events instead of items (--events).
    var events = false
    /// With --events, report attributes only for these elements (local or qualified names); nil: all.
    var attributesFor: Set<String>?
}
