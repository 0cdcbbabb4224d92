// The byte tests the tokenizer and tree builder share: the standard defines its syntax in ASCII, and every byte of
// a UTF-8 multi-byte character is >= 0x80, so the parser reads UTF-8 a byte at a time.

enum ASCII {
    /// Tab, line feed, form feed, carriage return and space: "ASCII whitespace".
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D && byte != 0x0B)
    }

    @inline(__always)
    static func isUpper(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }

    @inline(__always)
    static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    @inline(__always)
    static func isAlphanumeric(_ byte: UInt8) -> Bool { isAlpha(byte) || isDigit(byte) }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- 0x61 < 6 }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }

    static func equal(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }

    /// Whether `a` equals `b` ignoring the case of ASCII letters.
    static func equalIgnoringCase(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where lowercased(a[i]) != lowercased(b[i]) { return false }
        return true
    }

    /// Whether `text` starts with `prefix` (lower-case letters), ignoring the case of ASCII letters.
    static func hasPrefixIgnoringCase(_ text: Span<UInt8>, _ prefix: Span<UInt8>) -> Bool {
        guard text.count >= prefix.count else { return false }
        for i in 0..<prefix.count where lowercased(text[i]) != prefix[i] { return false }
        return true
    }

    /// Whether every byte is ASCII whitespace.
    static func isAllWhitespace(_ text: Span<UInt8>) -> Bool {
        for i in 0..<text.count where !isWhitespace(text[i]) { return false }
        return true
    }

    /// Appends the UTF-8 encoding of `scalar` (a valid scalar value) to `bytes`.
    static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// U+FFFD REPLACEMENT CHARACTER in UTF-8.
    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
}
