// The byte helpers of the hot paths against plain Swift: decimals, short copies, character counts, searches.
import Bytes
import Testing

struct ByteBufferTests {
    /// Every digit count, at each power of ten and beside it, both signs, as Swift prints them.
    @Test func decimalsAtEveryLength() {
        var values = [999_999_999_999_999_999, 1_000_000_000_000_000_000, Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            values += [power - 1, power, power + 1, power * 5 + 3, -power, -(power - 1)]
            power *= 10
        }
        for value in values {
            var out = ByteBuffer()
            out.appendDecimal(value)
            #expect(out.string == String(value))
        }
    }

    /// Characters counted eight bytes at a time equal a count of the bytes that are not continuation bytes, over every
    /// range of text mixing ASCII, two-, three- and four-byte characters and stray continuation bytes.
    @Test func charactersOfEveryRange() {
        let bytes = Array("aé€😀b\u{80}".utf8) + [0x80, 0xBF, 0xC0, 0xFF] + Array("plain ascii text é".utf8)
        for start in 0..<bytes.count {
            for end in start...bytes.count {
                let expected = bytes[start..<end].count { $0 & 0xC0 != 0x80 }
                #expect(Bytes.characters(in: bytes.span, start..<end) == expected, "\(start)..<\(end)")
            }
        }
    }

    /// Appends of every short length (copied without memmove up to 16 bytes) and longer, at every offset.
    @Test func appendsOfEveryLength() {
        let source = (0..<64).map { UInt8($0 + 0x30) }
        for start in 0..<3 {
            for length in 0...(64 - start) {
                var out = ByteBuffer(capacity: 16)
                out.append(0x21)
                out.append(source, start..<(start + length))
                #expect(out.bytes == [0x21] + Array(source[start..<(start + length)]))
            }
        }
    }

    /// A search for a byte string agrees with `firstRange(of:)` for every needle of up to four bytes over a text with
    /// near misses, from every start, and at the edges (empty needle, start past the end).
    @Test func searchesAgreeWithFirstRange() {
        let haystack = Array("??>?>a?>>?".utf8)
        let alphabet = Array("?>a".utf8)
        var needles: [[UInt8]] = [[]]
        for _ in 0..<4 { needles += needles.flatMap { needle in alphabet.map { needle + [$0] } } }
        // An empty needle is found where the search starts (firstRange(of:) finds none).
        #expect(Bytes.firstIndex(of: Span(), in: haystack.span, from: 3) == 3)
        #expect(Bytes.firstIndex(of: Span(), in: haystack.span, from: haystack.count + 1) == nil)
        for needle in Set(needles) where !needle.isEmpty {
            for start in 0...(haystack.count + 1) {
                let expected =
                    start > haystack.count ? nil : haystack[start...].firstRange(of: needle)?.lowerBound
                #expect(
                    Bytes.firstIndex(of: needle.span, in: haystack.span, from: start) == expected,
                    "\(needle) from \(start)")
            }
        }
    }
}
