// A byte string of at most 16 bytes held in two words, so that appending it is two stores: the keys of records
// (`,"line":`) are written a dozen times per record, and a copy through memmove cost more than the bytes.

/// At most 16 bytes, little-endian in `head` (bytes 0-7) and `tail` (bytes 8-15), zero beyond `count`.
public struct ShortBytes: Sendable {
    @usableFromInline let head: UInt64
    @usableFromInline let tail: UInt64
    @usableFromInline let count: Int

    /// The longest byte string it holds.
    public static let capacity = 16

    /// nil when `bytes` is longer than `capacity`.
    public init?(_ bytes: Span<UInt8>) {
        guard bytes.count <= Self.capacity else { return nil }
        self.init(fitting: bytes)
    }

    /// A constant of the program's own, such as `null`: at most `capacity` bytes.
    public init(_ text: StaticString) {
        precondition(text.utf8CodeUnitCount <= Self.capacity, "\(text) is longer than \(Self.capacity) bytes")
        self.init(fitting: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).span)
    }

    private init(fitting bytes: Span<UInt8>) {
        var words: (UInt64, UInt64) = (0, 0)
        for index in 0..<bytes.count {
            let shifted = UInt64(bytes[index]) << (UInt64(index % 8) * 8)
            if index < 8 { words.0 |= shifted } else { words.1 |= shifted }
        }
        (head, tail, count) = (words.0, words.1, bytes.count)
    }
}

extension ByteBuffer {
    /// Appends `short`: both words are stored whatever its length (the bytes past it are overwritten by the next
    /// append, and lie beyond `count` until then).
    @inlinable
    public mutating func append(_ short: ShortBytes) {
        reserve(ShortBytes.capacity)
        let target = UnsafeMutableRawPointer(base + used)
        target.storeBytes(of: short.head.littleEndian, as: UInt64.self)
        target.storeBytes(of: short.tail.littleEndian, toByteOffset: 8, as: UInt64.self)
        used += short.count
    }
}
