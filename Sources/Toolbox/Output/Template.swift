// --template: git-style atoms (%(field), %(field.sub), %(type), %x09, %n, %%) for custom rows.
import Bytes

/// A parsed output template.
public struct Template: Sendable {
    enum Part: Sendable {
        case literal([UInt8])
        case field([String])
    }

    let parts: [Part]

    /// Whether the template writes the field `name` (or a part of it).
    public func mentions(_ name: String) -> Bool {
        parts.contains { if case .field(let path) = $0 { path.first == name } else { false } }
    }
    /// Whether the template ends its own rows with %n; otherwise a newline follows each record.
    let endsWithNewline: Bool

    /// The atom of the record's type (`match`, `context`...), which every record has, as NDJSON's first key.
    static let typeAtom = "type"

    /// Parses `text`, checking every field against `fields` (the command's field names) and `type`.
    public init(_ text: String, fields: [String]) throws(UsageError) {
        try self.init(text, fields: FieldNames(fields))
    }

    /// Parses `text`, checking every field against those of `records` and `type`.
    public init(_ text: String, records: [RecordSchema]) throws(UsageError) {
        try self.init(text, fields: FieldNames(records))
    }

    /// Parses `text`, checking every field against `fields` and `type`.
    public init(_ text: String, fields names: FieldNames) throws(UsageError) {
        let fields = names.all
        var parts: [Part] = []
        var literal: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        func fail(_ message: String) -> UsageError {
            UsageError("invalid template: \(message) at character \(index + 1)")
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                literal.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { throw fail("lone '%' (write %% for a percent sign)") }
            switch bytes[index + 1] {
            case UInt8(ascii: "%"):
                literal.append(UInt8(ascii: "%"))
                index += 2
            case UInt8(ascii: "n"):
                literal.append(UInt8(ascii: "\n"))
                index += 2
            case UInt8(ascii: "x"):
                guard index + 3 < bytes.count, let high = Self.hexValue(bytes[index + 2]),
                    let low = Self.hexValue(bytes[index + 3])
                else { throw fail("%x needs two hex digits") }
                literal.append(high << 4 | low)
                index += 4
            case UInt8(ascii: "("):
                guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ")")) else {
                    throw fail("unterminated '%('")
                }
                let path = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
                    .split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard let name = path.first, !name.isEmpty else { throw fail("empty field name") }
                guard fields.contains(name) || name == Self.typeAtom else {
                    throw names.unknown(name, in: " in template", alsoValid: [Self.typeAtom])
                }
                if let error = names.missingIndex(path) ?? names.unknownMember(path) { throw error }
                if !literal.isEmpty {
                    parts.append(.literal(literal))
                    literal = []
                }
                parts.append(.field(path))
                index = close + 1
            default:
                let directive = String(String(decoding: bytes[(index + 1)...].prefix(4), as: UTF8.self).prefix(1))
                throw fail("unknown directive '%\(directive)' (write %% for a percent sign)")
            }
        }
        endsWithNewline = literal.last == UInt8(ascii: "\n")
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    private static let keptControls: Set<UInt8> = [0x09, 0x0A]

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    /// Renders one record of type `type`: `value(name)` gives the top-level field's value.
    func render(to out: inout ByteBuffer, type: String, value: (String) -> Value) {
        for part in parts {
            switch part {
            case .literal(let bytes): out.append(bytes)
            case .field(let path) where path == [Self.typeAtom]:
                ControlCharacters.append(type, to: &out)
            // Tabs and newlines in values are the user's to lay out; other control characters are escaped.
            case .field(let path):
                ControlCharacters.append(
                    value(path[0]).lookup(path.dropFirst()).plainText, to: &out, kept: Self.keptControls)
            }
        }
        if !endsWithNewline { out.append(UInt8(ascii: "\n")) }
    }
}
