// Bulk byte operations that the safe standard library does not offer yet (OutputSpan has no copy from a Span, and
// there is no memchr), so the kernel's and commands' hot paths run at memcpy and memchr speed without touching
// pointers themselves.
import Glibc

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

    /// Appends `source[range]` to `array` in one copy.
    @inlinable
    public static func append(_ source: borrowing [UInt8], _ range: Range<Int>, to array: inout [UInt8]) {
        source.withUnsafeBufferPointer { array.append(contentsOf: $0[range]) }
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

    /// The index of the first `byte` in `bytes[range]`, or nil. The corresponding C function is `memchr`.
    @inlinable
    public static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let found = memchr(base + range.lowerBound, Int32(byte), range.count)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// How many newlines (0x0A) `bytes[range]` holds, and the index of the last one.
    @inlinable
    public static func newlines(in bytes: Span<UInt8>, _ range: Range<Int>) -> (count: Int, last: Int?) {
        var count = 0
        var last: Int?
        var start = range.lowerBound
        while let index = firstIndex(of: 0x0A, in: bytes, start..<range.upperBound) {
            count += 1
            last = index
            start = index + 1
        }
        return (count, last)
    }

    /// How many UTF-8 characters start in `bytes[range]`: the bytes that are not continuation bytes
    /// (10xxxxxx), so each invalid byte counts as one character.
    @inlinable
    public static func characters(in bytes: Span<UInt8>, _ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            for index in range where buffer[index] & 0xC0 != 0x80 { count += 1 }
            return count
        }
    }
}
