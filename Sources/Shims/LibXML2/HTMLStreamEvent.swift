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

/// The attributes of a start tag, in source order; a duplicate of an earlier name is dropped, an attribute without a
/// value (`disabled`) has the value "".
public struct HTMLStreamAttributes: RandomAccessCollection, Sendable {
    let batch: HTMLStreamBatchStorage
    /// Where the first attribute's (name, value offset, value length) triple is in `batch.records`.
    let base: Int
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The attribute at `position`: its name and its value as a string.
    public subscript(position: Int) -> (name: String, value: String) {
        (name(at: position), String(decoding: valueBytes(at: position), as: UTF8.self))
    }

    /// The lower-case name of the attribute at `position`.
    public func name(at position: Int) -> String {
        batch.names[Int(batch.records[base + 3 * position])]
    }

    /// The value of the attribute at `position`, as UTF-8 bytes.
    public func valueBytes(at position: Int) -> ArraySlice<UInt8> {
        let offset = Int(batch.records[base + 3 * position + 1])
        return batch.bytes[offset..<offset + Int(batch.records[base + 3 * position + 2])]
    }

    /// The value of the attribute named `name` (lower case), or nil when the element has none.
    public func value(_ name: String) -> String? {
        valueBytes(name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The value of the attribute named `name` (lower case) as UTF-8 bytes, or nil when the element has none.
    public func valueBytes(_ name: String) -> ArraySlice<UInt8>? {
        indices.first { self.name(at: $0) == name }.map(valueBytes(at:))
    }
}

/// A batch as the caller's side reads it: the parsing thread's records and bytes, and every name known so far.
final class HTMLStreamBatchStorage: Sendable {
    let records: [UInt32]
    let bytes: [UInt8]
    let names: [String]

    init(records: [UInt32], bytes: [UInt8], names: [String]) {
        self.records = records
        self.bytes = bytes
        self.names = names
    }
}
