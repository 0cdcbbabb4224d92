import Bytes

/// A string with its JSON form computed once, for values repeated in many records.
public struct JSONText: Sendable {
    public let text: String
    @usableFromInline let json: [UInt8]

    public init(_ text: String) {
        self.text = text
        var json = ByteBuffer()
        JSONBytes.appendString(text, to: &json)
        self.json = json.bytes
    }
}
