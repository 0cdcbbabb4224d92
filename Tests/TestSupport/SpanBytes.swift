// The parser hands its tests spans of bytes that live only for the call; tests keep copies.

extension Array where Element == UInt8 {
    /// A copy of `span`'s bytes.
    public init(copying span: Span<UInt8>) {
        self.init()
        append(copying: span)
    }

    /// Appends a copy of `span`'s bytes.
    public mutating func append(copying span: Span<UInt8>) {
        reserveCapacity(count + span.count)
        for i in 0..<span.count { append(span[i]) }
    }
}

extension String {
    /// `span`'s bytes read as UTF-8, bad sequences becoming U+FFFD.
    public init(copying span: Span<UInt8>) {
        self.init(decoding: [UInt8](copying: span), as: UTF8.self)
    }
}
