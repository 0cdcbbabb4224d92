// The fixed limits on what one document may make tb feed hold, whatever the options.

/// Limits that keep a hostile document's cost in time and memory bounded; the command's discussion documents them.
enum FeedLimits {
    /// Elements nested deeper end the parse: expat keeps every open element (ten million took 1.4 GB).
    static let depth = 20_000
    /// An item keeps this many distinct enclosures and this many categories; the rest are dropped with a warning.
    static let enclosures = 1_000
    static let categories = 1_000
    /// The least of `FeedSettings.markupLimit`, whatever --max-field-size is, and what it allows for the name and
    /// other attributes of a tag with a value as long as --max-field-size.
    static let leastMarkupLimit = 1 << 20
    static let markupMargin = 64 << 10
    /// A feed that is not well-formed is read again leniently from its channel and the text since its last whole
    /// item, kept up to this much: past it (one huge item), an error is not recovered from, and after an error, only
    /// this much more is read.
    static let recoveryBytes = 4 << 20
}
