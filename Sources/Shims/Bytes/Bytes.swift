// Bulk byte copies that the safe standard library does not offer yet (OutputSpan has no copy from a Span), so the
// kernel's hot output paths can append whole runs of bytes at memcpy speed without touching pointers itself.

/// Byte-run helpers over `Span`.
public enum Bytes {
    /// Appends all of `bytes` to `array` in one copy.
    @inlinable
    public static func append(_ bytes: Span<UInt8>, to array: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { array.append(contentsOf: $0) }
    }

    /// Appends `bytes[range]` to `array` in one copy.
    @inlinable
    public static func append(_ bytes: Span<UInt8>, _ range: Range<Int>, to array: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { array.append(contentsOf: $0[range]) }
    }

    /// The text in a NUL-terminated buffer that C filled in (invalid UTF-8 becomes U+FFFD).
    public static func string(fromCString buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The index of the first byte at or after `start` for which `stop` is true, or `bytes.count`.
    /// A tight loop without bounds checks, for scanning runs of bytes that need no escaping.
    @inlinable
    public static func firstIndex(in bytes: Span<UInt8>, from start: Int, where stop: (UInt8) -> Bool) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count && !stop(buffer[index]) { index += 1 }
            return index
        }
    }
}
