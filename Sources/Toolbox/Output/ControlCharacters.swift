// Control characters in values written as text (TSV, templates, messages): escaped, so that matched or fetched text
// can never drive the terminal it is shown on (ESC sequences, OSC 52 clipboard writes, BEL, screen clears), nor show
// the rest of a line reversed (bidirectional overrides). NDJSON escapes C0 controls by JSON's rules and leaves the
// rest to the program reading it; the table turns C0 and C1 controls into spaces and escapes the bidirectional ones.
import Bytes

/// What counts as a control character, and writing text with them escaped.
enum ControlCharacters {
    /// C0 and C1 controls and DEL: the line breaks, tabs and escapes that would reach a shell or a terminal.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069): each changes the
    /// direction of everything after it up to the end of the line (or its closing U+202C or U+2069), so a name
    /// holding U+202E shows the rest of a message or row reversed. The marks (U+200E, U+200F, U+061C) are not among
    /// them: they act as an invisible letter of their direction, on their neighbours only, as any Hebrew or Arabic
    /// letter of the text does, and right-to-left text needs them.
    static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Whether `append` changes `scalar`: a control character or a bidirectional control.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isBidirectionalControl(scalar)
    }

    /// `\u{HHHH}`, the escape every escaped character without a name of its own (`\t`, `\n`, `\r`) is written as.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u{" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "}"
    }

    /// The escapes with a name: tab, newline and carriage return.
    static let named: [UInt8: String] = [0x09: "\\t", 0x0A: "\\n", 0x0D: "\\r"]

    /// Appends `text` with one style of escapes wherever text is written (TSV, templates, messages): tab, newline
    /// and carriage return as `\t`, `\n` and `\r`, every other C0 control, DEL, C1 control and bidirectional
    /// control as `\u{HHHH}`, its code point in four hex digits (`\u{001b}`, `\u{009b}`, `\u{202e}`), except the
    /// bytes in `kept` (a template's tabs and newlines), and a backslash as `\\` when `escapingBackslash` (where
    /// backslashes introduce escapes, as in TSV). Runs without anything to escape are copied whole, as JSONBytes
    /// does for strings.
    static func append(
        _ text: String, to out: inout ByteBuffer, kept: Set<UInt8> = [], escapingBackslash: Bool = false
    ) {
        let bytes = text.utf8.span
        var start = 0
        while start < bytes.count {
            let stop = Bytes.firstIndex(in: bytes, from: start) { byte in
                byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || (byte == 0x5C && escapingBackslash)
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
            } else if byte == 0xE2 {
                // U+202A…U+202E are E2 80 AA…AE, U+2066…U+2069 E2 81 A6…A9; the rest of E2 is ordinary text.
                guard start + 1 < bytes.count,
                    (bytes[start] == 0x80 && (0xAA...0xAE).contains(bytes[start + 1]))
                        || (bytes[start] == 0x81 && (0xA6...0xA9).contains(bytes[start + 1]))
                else {
                    out.append(byte)
                    continue
                }
                // The low byte of the scalar: the last bits of the second byte, then the third byte's six.
                out.append("\\u{20")
                appendHex((bytes[start] & 0x03) << 6 | (bytes[start + 1] & 0x3F), to: &out)
                out.append(UInt8(ascii: "}"))
                start += 2
            } else if byte == 0x5C {
                out.append("\\\\")
            } else if kept.contains(byte) {
                out.append(byte)
            } else if let name = named[byte] {
                out.append(name)
            } else {
                out.append("\\u{00")
                appendHex(byte, to: &out)
                out.append(UInt8(ascii: "}"))
            }
        }
    }

    private static func appendHex(_ byte: UInt8, to out: inout ByteBuffer) {
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 15)])
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
