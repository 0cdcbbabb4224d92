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
    /// Stop at the first well-formedness error instead of reading the document again leniently (--strict).
    var strict = false
    /// With --events, report attributes only for these elements (local or qualified names); nil: all.
    var attributesFor: Set<String>?
    /// Read an HTML page for the feeds it announces (not for the feeds found that way, nor with --events).
    var discovers = true
    /// --discover: print the feeds a page announces instead of reading them (a feed announces itself).
    var discoverOnly = false

    /// The most expat may hold of one unfinished start tag, comment or processing instruction (it reports them only
    /// whole), at least 1 MiB. With reparse deferral it holds up to twice a token's bytes before it looks again
    /// (measured: it parses again at the latest when its buffer must double), so a tag with a value as long as
    /// --max-field-size fits in twice that, plus room for the rest of the tag.
    var markupLimit: Int {
        // --max-field-size is at most 1 GiB (its declared range): no overflow.
        max(2 * maxFieldSize + FeedLimits.markupMargin, FeedLimits.leastMarkupLimit)
    }
}
