// Control characters in values written as text (TSV, templates): escaped, so that matched or fetched text can never
// drive the terminal it is shown on (ESC sequences, OSC 52 clipboard writes, BEL, screen clears). NDJSON escapes
// them by JSON's rules; the table and completion turn them into spaces.
import Bytes

/// What counts as a control character, and writing text with them escaped.
enum ControlCharacters {
    /// C0 and C1 controls and DEL: the line breaks, tabs and escapes that would reach a shell or a terminal.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Appends `text`, writing C0 controls, DEL and C1 controls as `\xHH` (`\u{HHHH}` for C1, which are two bytes
    /// in UTF-8), except those `named` maps to an escape of their own (TSV's `\t`) and those in `kept`, and a
    /// backslash as `\\` when `escapingBackslash` (where backslashes introduce escapes, as in TSV). Runs without
    /// anything to escape are copied whole, as JSONBytes does for strings.
    static func append(
        _ text: String, to out: inout ByteBuffer, named: [UInt8: String] = [:], kept: Set<UInt8> = [],
        escapingBackslash: Bool = false
    ) {
        let bytes = text.utf8.span
        var start = 0
        while start < bytes.count {
            let stop = Bytes.firstIndex(in: bytes, from: start) { byte in
                byte < 0x20 || byte == 0x7F || byte == 0xC2 || (byte == 0x5C && escapingBackslash)
            }
            out.append(bytes, start..<stop)
            guard stop < bytes.count else { return }
            let byte = bytes[stop]
            start = stop + 1
            if byte == 0xC2 {
                // U+0080…U+009F are C2 80…C2 9F; any other C2 sequence is ordinary text.
                guard start < bytes.count, (0x80...0x9F).contains(bytes[start]) else {
                    out.append(byte)
                    continue
                }
                out.append("\\u{00")
                appendHex(bytes[start], to: &out)
                out.append(UInt8(ascii: "}"))
                start += 1
            } else if byte == 0x5C {
                out.append("\\\\")
            } else if kept.contains(byte) {
                out.append(byte)
            } else if let name = named[byte] {
                out.append(name)
            } else {
                out.append("\\x")
                appendHex(byte, to: &out)
            }
        }
    }

    private static func appendHex(_ byte: UInt8, to out: inout ByteBuffer) {
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 15)])
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
