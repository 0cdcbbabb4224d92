import Bytes
import Toolbox

/// The HTML standard's "prescan a byte stream to determine its encoding": the charset a <meta> element in the first
/// bytes declares, skipping comments and other tags the way the standard does.
struct MetaPrescan {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: some Collection<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// The label declared, if any.
    mutating func charset() -> String? {
        while position < bytes.count {
            if matches("<!--") {
                position = (find("-->", from: position + 4) ?? bytes.count) + 3
            } else if matchesIgnoringCase("<meta"), position + 5 < bytes.count, isSpaceOrSlash(bytes[position + 5]) {
                position += 6
                if let label = metaCharset() { return label }
            } else if position + 1 < bytes.count && bytes[position] == 0x3C
                && (isLetter(bytes[position + 1])
                    || (bytes[position + 1] == 0x2F && position + 2 < bytes.count && isLetter(bytes[position + 2])))
            {
                // Another tag: skip its name and attributes.
                while position < bytes.count && !isSpaceOrSlash(bytes[position]) && bytes[position] != 0x3E {
                    position += 1
                }
                while attribute() != nil {}
            } else if matches("<!") || matches("</") || matches("<?") {
                position = (find(">", from: position + 2) ?? bytes.count) + 1
            } else {
                position += 1
            }
        }
        return nil
    }

    /// The attributes of a <meta> tag: its charset, or the charset in the content of an http-equiv=content-type.
    private mutating func metaCharset() -> String? {
        var seen = Set<String>()
        var gotPragma = false
        var needPragma: Bool?
        var charset: String?
        while let (name, value) = attribute() {
            guard seen.insert(name).inserted else { continue }
            switch name {
            case "http-equiv": if value.lowercased() == "content-type" { gotPragma = true }
            case "content":
                if charset == nil, let found = Self.charsetInContent(value) {
                    charset = found
                    needPragma = true
                }
            case "charset":
                charset = value
                needPragma = false
            default: break
            }
        }
        guard let charset, let needPragma else { return nil }
        if needPragma && !gotPragma { return nil }
        return charset
    }

    /// "Extracting a character encoding from a meta element": the value after charset= in a content attribute.
    static func charsetInContent(_ content: String) -> String? {
        let lower = Array(content.lowercased().utf8)
        var index = 0
        let key = Array("charset".utf8)
        while let found = Bytes.firstIndex(of: key.span, in: lower.span, from: index) {
            var cursor = found + key.count
            while cursor < lower.count && isSpace(lower[cursor]) { cursor += 1 }
            guard cursor < lower.count && lower[cursor] == 0x3D else {
                index = found + key.count
                continue
            }
            cursor += 1
            while cursor < lower.count && isSpace(lower[cursor]) { cursor += 1 }
            guard cursor < lower.count else { return nil }
            let original = Array(content.utf8)
            if lower[cursor] == 0x22 || lower[cursor] == 0x27 {
                let quote = lower[cursor]
                guard let end = lower[(cursor + 1)...].firstIndex(of: quote) else { return nil }
                return String(decoding: original[(cursor + 1)..<end], as: UTF8.self)
            }
            var end = cursor
            while end < lower.count && !isSpace(lower[end]) && lower[end] != 0x3B { end += 1 }
            return String(decoding: original[cursor..<end], as: UTF8.self)
        }
        return nil
    }

    /// "Get an attribute": the next name and value of a tag, lower-cased name, or nil at the tag's end.
    private mutating func attribute() -> (String, String)? {
        while position < bytes.count && (isSpace(bytes[position]) || bytes[position] == 0x2F) { position += 1 }
        guard position < bytes.count, bytes[position] != 0x3E else {
            position += 1
            return nil
        }
        var name: [UInt8] = []
        var value: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x3D && !name.isEmpty {
                position += 1
                return (text(name), text(readValue()))
            }
            if isSpace(byte) {
                while position < bytes.count && isSpace(bytes[position]) { position += 1 }
                guard position < bytes.count, bytes[position] == 0x3D else { return (text(name), "") }
                position += 1
                return (text(name), text(readValue()))
            }
            if byte == 0x2F || byte == 0x3E { return (text(name), "") }
            name.append(lower(byte))
            position += 1
        }
        value = []
        return name.isEmpty ? nil : (text(name), text(value))
    }

    private mutating func readValue() -> [UInt8] {
        while position < bytes.count && isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count else { return [] }
        let first = bytes[position]
        if first == 0x22 || first == 0x27 {
            position += 1
            var value: [UInt8] = []
            while position < bytes.count && bytes[position] != first {
                value.append(lower(bytes[position]))
                position += 1
            }
            position += 1
            return value
        }
        var value: [UInt8] = []
        while position < bytes.count && !isSpace(bytes[position]) && bytes[position] != 0x3E {
            value.append(lower(bytes[position]))
            position += 1
        }
        return value
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func matches(_ literal: String) -> Bool {
        bytes[position...].starts(with: literal.utf8)
    }

    private func matchesIgnoringCase(_ literal: String) -> Bool {
        let pattern = Array(literal.utf8)
        guard position + pattern.count <= bytes.count else { return false }
        for (offset, byte) in pattern.enumerated() where lower(bytes[position + offset]) != byte { return false }
        return true
    }

    private func find(_ literal: String, from start: Int) -> Int? {
        Bytes.firstIndex(of: literal.utf8.span, in: bytes.span, from: start)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
    private func isSpace(_ byte: UInt8) -> Bool { Self.isSpace(byte) }
    private func isSpaceOrSlash(_ byte: UInt8) -> Bool { isSpace(byte) || byte == 0x2F }
    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
