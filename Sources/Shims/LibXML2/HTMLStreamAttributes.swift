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
