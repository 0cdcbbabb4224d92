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

    /// `bytes` as text in one copy (invalid UTF-8 becomes U+FFFD); short text needs no allocation at all.
    @inlinable
    public static func string(_ bytes: Span<UInt8>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
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

    /// The index at or after `start` where `needle` first occurs in `bytes`, or nil (`start` for an empty needle
    /// when `start` is within `bytes`). Candidates are found with memchr. Not `firstRange(of:)`: its first call in a
    /// run looks its generic types up by name, which costs more than the small searches of a start (a feed's XML
    /// declaration, a page's meta charset).
    @inlinable
    public static func firstIndex(of needle: Span<UInt8>, in bytes: Span<UInt8>, from start: Int) -> Int? {
        let start = max(start, 0)
        guard !needle.isEmpty else { return start <= bytes.count ? start : nil }
        let first = needle[0]
        var index = start
        while index + needle.count <= bytes.count {
            guard let found = firstIndex(of: first, in: bytes, index..<(bytes.count - needle.count + 1)) else {
                return nil
            }
            var matched = 1
            while matched < needle.count && bytes[found + matched] == needle[matched] { matched += 1 }
            if matched == needle.count { return found }
            index = found + 1
        }
        return nil
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
    /// Eight bytes at a time: a continuation byte is one whose high bit is set and whose next bit is not.
    @inlinable
    public static func characters(in bytes: Span<UInt8>, _ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count)
            guard let base = buffer.baseAddress else { return 0 }
            let raw = UnsafeRawPointer(base)
            var count = 0
            var index = range.lowerBound
            while index + 8 <= range.upperBound {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // Shifted left by one, each byte's bit 6 lands on its bit 7 (bit 7 goes to the next byte's bit 0).
                count += 8 &- (word & ~(word << 1) & highs).nonzeroBitCount
                index += 8
            }
            while index < range.upperBound {
                if base[index] & 0xC0 != 0x80 { count += 1 }
                index += 1
            }
            return count
        }
    }

    /// The index of the first byte at or after `start` that is not printable ASCII or tab, line feed or carriage
    /// return (a byte of 0x80 or more, or another control character), or `bytes.count`. Eight bytes at a time.
    @inlinable
    public static func firstIndexBeyondPlainText(in bytes: Span<UInt8>, from start: Int) -> Int {
        // A byte with its high bit set, or a byte below 0x20 (then looked at alone: a line feed is fine).
        firstIndex(in: bytes, from: start, wordMayStop: { highBit($0) | below0x20($0) != 0 }) { byte in
            byte >= 0x80 || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D)
        }
    }

    /// The index of the first byte at or after `start` that a JSON string cannot hold as it is (a control character,
    /// `"`, `\`, or a byte of 0x80 or more, which must be checked as UTF-8), or `bytes.count`. Eight bytes at a time.
    @inlinable
    public static func firstIndexNeedingJSONEscape(in bytes: Span<UInt8>, from start: Int) -> Int {
        firstIndex(
            in: bytes, from: start,
            wordMayStop: { highBit($0) | below0x20($0) | equal($0, 0x22) | equal($0, 0x5C) != 0 }
        ) { byte in byte < 0x20 || byte == 0x22 || byte == 0x5C || byte >= 0x80 }
    }

    /// The first index at or after `start` whose byte `stops`, skipping eight bytes at a time while `wordMayStop`
    /// says none of them can (it may say so wrongly the other way: those bytes are then looked at one by one).
    @inlinable
    static func firstIndex(
        in bytes: Span<UInt8>, from start: Int, wordMayStop: (UInt64) -> Bool, stops: (UInt8) -> Bool
    ) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return buffer.count }
            var index = start
            let raw = UnsafeRawPointer(base)
            while index < buffer.count {
                if index + 8 <= buffer.count && !wordMayStop(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                {
                    index += 8
                    continue
                }
                let end = min(index + 8, buffer.count)
                while index < end {
                    if stops(buffer[index]) { return index }
                    index += 1
                }
            }
            return buffer.count
        }
    }

    // SWAR tests of eight bytes at once: each leaves the high bit of a byte that passes set (and may set it in a
    // byte above one that passes, a borrow's doing).
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var highs: UInt64 { 0x8080_8080_8080_8080 }
    @inlinable static func highBit(_ word: UInt64) -> UInt64 { word & highs }
    @inlinable static func below0x20(_ word: UInt64) -> UInt64 { (word &- ones &* 0x20) & ~word & highs }
    @inlinable static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let zeroWhereEqual = word ^ (ones &* UInt64(byte))
        return (zeroWhereEqual &- ones) & ~zeroWhereEqual & highs
    }

    /// The length of the well-formed UTF-8 character at `index` (1 to 4); 0 when `bytes` ends inside a character
    /// that is well-formed so far; otherwise minus the length of its maximal ill-formed subpart, which becomes one
    /// U+FFFD (Unicode §3.9, as Swift's String does).
    public static func utf8Length(in bytes: Span<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return -1  // a continuation byte, C0, C1, F5…FF
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return 0 }
            let byte = bytes[index + offset]
            guard byte >= low && byte <= high else { return -offset }
            low = 0x80
            high = 0xBF
        }
        return length
    }
}
