// Control characters in values written as text (TSV, templates): escaped, so that matched or fetched text can never
// drive the terminal it is shown on (ESC sequences, OSC 52 clipboard writes, BEL, screen clears). NDJSON escapes
// them by JSON's rules; the table turns them into spaces.
import Bytes

/// Writes text with its control characters escaped.
enum ControlCharacters {
    /// Appends `text`, writing C0 controls, DEL and C1 controls as `\xHH` (`\u{HHHH}` for C1, which are two bytes
    /// in UTF-8), except those `named` maps to an escape of their own (TSV's `\t`) and those in `kept`, and a
    /// backslash as `\\` when `escapingBackslash` (where backslashes introduce escapes, as in TSV).
    static func append(
        _ text: String, to out: inout ByteBuffer, named: [UInt8: String] = [:], kept: Set<UInt8> = [],
        escapingBackslash: Bool = false
    ) {
        // Most values hold no control character and no backslash: one scan, then one copy.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0x5C }) else {
            return out.append(text)
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || value == 0x7F {
                let byte = UInt8(value)
                if kept.contains(byte) {
                    out.append(byte)
                } else if let name = named[byte] {
                    out.append(name)
                } else {
                    out.append("\\x" + hex(value, digits: 2))
                }
            } else if value >= 0x80 && value < 0xA0 {
                out.append("\\u{" + hex(value, digits: 4) + "}")
            } else if value == 0x5C && escapingBackslash {
                out.append("\\\\")
            } else {
                out.append(String(scalar))
            }
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
