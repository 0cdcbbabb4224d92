// What HTMLStreamParser hands its caller: one event per start tag, end tag, run of text and comment, read lazily
// from the batch the parsing thread filled, so an event costs no allocation of its own.

/// One thing the HTML parser met, in document order.
public enum HTMLStreamEvent: Sendable {
    /// An element starts: its lower-case name and its attributes in source order, entities decoded. Elements that
    /// HTML 4 implies (`html`, `head`, `body`, `p` around bare text) start too.
    case start(name: String, attributes: HTMLStreamAttributes)
    /// An element ends: one `end` for every `start`, also for the elements closed implicitly (`<p>` by the next
    /// `<p>`, everything open at the end of the input), innermost first.
    case end(name: String)
    /// Text, UTF-8 with entities decoded; the text of a `script` or `style` as written. A run of text can come in
    /// several consecutive events (the parser hands its text over in pieces): concatenate them.
    case text(ArraySlice<UInt8>)
    /// A comment's text, without `<!--` and `-->`, in one piece.
    case comment(ArraySlice<UInt8>)
}
