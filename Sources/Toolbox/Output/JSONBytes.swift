// JSON text straight into a byte buffer: strings escaped (quotes, backslash, control characters) with invalid
// UTF-8 replaced by U+FFFD on the way, so output is always valid UTF-8 JSON whatever the input bytes were.
import Bytes

/// Appends JSON values to a byte array.
public enum JSONBytes {
    /// Appends `bytes` as a JSON string. Runs of bytes that need no escaping are copied in one go.
    public static func appendString(_ bytes: Span<UInt8>, to out: inout ByteBuffer) {
        // Most values are short words of plain ASCII (a match, a group): looked at byte by byte and copied whole, they
        // cost half as much as through the escaping loop below.
        if bytes.count <= 16 && isPlain(bytes) {
            out.append(0x22)
            out.append(bytes)
            out.append(0x22)
            return
        }
        out.append(0x22)
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            index = Bytes.firstIndexNeedingJSONEscape(in: bytes, from: index)
            if index == count { break }
            let byte = bytes[index]
            if byte >= 0x80 {
                // A character cut by the end of the text is one bad character too.
                let found = Bytes.utf8Length(in: bytes, at: index)
                let length = found == 0 ? index - count : found
                if length > 0 {
                    index += length
                    continue
                }
                out.append(bytes, runStart..<index)
                out.append(0xEF)
                out.append(0xBF)
                out.append(0xBD)
                index -= length
            } else {
                out.append(bytes, runStart..<index)
                appendEscape(byte, to: &out)
                index += 1
            }
            runStart = index
        }
        out.append(bytes, runStart..<count)
        out.append(0x22)
    }

    /// Whether `bytes` are printable ASCII without `"` and `\`.
    @inline(__always)
    private static func isPlain(_ bytes: Span<UInt8>) -> Bool {
        for index in bytes.indices {
            let byte = bytes[index]
            if byte < 0x20 || byte >= 0x80 || byte == 0x22 || byte == 0x5C { return false }
        }
        return true
    }

    /// Appends a Swift string as a JSON string.
    public static func appendString(_ text: String, to out: inout ByteBuffer) {
        appendString(text.utf8.span, to: &out)
    }

    /// Appends an integer.
    public static func appendInteger(_ value: Int, to out: inout ByteBuffer) {
        out.appendDecimal(value)
    }

    /// Appends a number; NaN and infinities, which JSON cannot hold, become null.
    public static func appendNumber(_ value: Double, to out: inout ByteBuffer) {
        guard value.isFinite else { return out.append("null") }
        if value == value.rounded() && abs(value) < 1e15 {
            appendInteger(Int(value), to: &out)
        } else {
            out.append(String(value))
        }
    }

    /// Appends any value, compactly.
    public static func appendValue(_ value: Value, to out: inout ByteBuffer) {
        switch value {
        case .null: out.append("null")
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .integer(let number): appendInteger(number, to: &out)
        case .number(let number): appendNumber(number, to: &out)
        case .string(let text): appendString(text, to: &out)
        case .time(let time): appendString(time.rfc3339, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendValue(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                appendValue(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendEscape(_ byte: UInt8, to out: inout ByteBuffer) {
        out.append(0x5C)
        switch byte {
        case 0x22: out.append(0x22)
        case 0x5C: out.append(0x5C)
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        default:
            out.append(UInt8(ascii: "u"))
            out.append(0x30)
            out.append(0x30)
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 15)])
        }
    }
}
