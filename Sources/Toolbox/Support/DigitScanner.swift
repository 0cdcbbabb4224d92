import Bytes
import POSIX

/// Reads fixed-width numbers and separators from ASCII bytes: the dates of RFC 3339 here, of feeds elsewhere.
public struct DigitScanner {
    let bytes: [UInt8]
    public private(set) var position: Int
    let end: Int

    public init(_ bytes: [UInt8], _ range: Range<Int>? = nil) {
        self.bytes = bytes
        position = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    public var atEnd: Bool { position == end }

    /// Exactly `width` decimal digits.
    public mutating func number(_ width: Int) -> Int? {
        guard position + width <= end else { return nil }
        var value = 0
        for byte in bytes[position..<position + width] {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        position += width
        return value
    }

    /// One or more digits after a decimal point, as nanoseconds (digits past the ninth are dropped).
    public mutating func fraction() -> Int? {
        var value = 0
        var digits = 0
        while position < end, bytes[position] >= 0x30 && bytes[position] <= 0x39 {
            if digits < 9 {
                value = value * 10 + Int(bytes[position] - 0x30)
                digits += 1
            }
            position += 1
        }
        guard digits > 0 else { return nil }
        for _ in digits..<9 { value *= 10 }
        return value
    }

    /// Skips one byte if it is `byte`.
    public mutating func skip(_ byte: UInt8) -> Bool {
        guard position < end, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    public mutating func skip(_ character: Unicode.Scalar) -> Bool {
        skip(UInt8(truncatingIfNeeded: character.value))
    }

    public mutating func skip(anyOf characters: String) -> Bool {
        guard position < end, characters.utf8.contains(bytes[position]) else { return false }
        position += 1
        return true
    }

    /// `+` as 1 or `-` as -1.
    public mutating func sign() -> Int? {
        if skip(UInt8(ascii: "+")) { return 1 }
        if skip(UInt8(ascii: "-")) { return -1 }
        return nil
    }

    /// Moves back to an earlier position (after a partial match).
    public mutating func rewind(to position: Int) {
        self.position = position
    }
}
