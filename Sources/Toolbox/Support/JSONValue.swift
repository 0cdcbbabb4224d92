// A small JSON reader for tb's own files (bookmarks, history): one value from bytes, with the offset of any error.

/// A parsed JSON value. Numbers keep their text so integers survive exactly.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The string, or nil for any other kind.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as an integer, or nil when it is not a whole number.
    public var integer: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// The member `key` of an object, or nil.
    /// The elements of an array.
    public var elements: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// Parses exactly one JSON value (surrounding white space allowed).
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.position == bytes.endIndex else { throw reader.error("unexpected text after the value") }
        return value
    }

    /// Parses a string holding one JSON value.
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8)[...])
    }
}

private struct JSONReader {
    let bytes: ArraySlice<UInt8>
    var position: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    func error(_ message: String) -> JSONError {
        JSONError(offset: position - bytes.startIndex, message: message)
    }

    var current: UInt8? { position < bytes.endIndex ? bytes[position] : nil }

    mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    mutating func expect(_ literal: String) throws(JSONError) {
        for byte in literal.utf8 {
            guard current == byte else { throw error("expected '\(literal)'") }
            position += 1
        }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard depth < 512 else { throw error("nested too deeply") }
        switch current {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case .some(let byte) where byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39):
            return try number()
        case nil: throw error("unexpected end of text")
        default: throw error("unexpected character")
        }
    }

    mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        position += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let key = try string()
            skipSpace()
            try expect(":")
            skipSpace()
            members[key] = try value(depth: depth + 1)
            skipSpace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect("}")
            return .object(members)
        }
    }

    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value(depth: depth + 1))
            skipSpace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect("]")
            return .array(elements)
        }
    }

    mutating func number() throws(JSONError) -> JSONValue {
        let start = position
        func digits(_ reader: inout JSONReader) -> Int {
            var count = 0
            while let byte = reader.current, byte >= 0x30 && byte <= 0x39 {
                reader.position += 1
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { position += 1 }
        guard digits(&self) > 0 else { throw error("expected a digit") }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw error("expected a digit") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit") }
        }
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    mutating func string() throws(JSONError) -> String {
        position += 1
        let start = position
        // Most strings hold no escape: one scan, one decoding (invalid UTF-8 becomes U+FFFD, as everywhere).
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
            position += 1
        }
        if current == UInt8(ascii: "\"") {
            position += 1
            return String(decoding: bytes[start..<(position - 1)], as: UTF8.self)
        }
        var utf8 = Array(bytes[start..<position])
        while true {
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                utf8.append(contentsOf: String(try escape()).utf8)
            case 0..<0x20:
                throw error("control character in string")
            default:
                utf8.append(byte)
                position += 1
            }
        }
    }

    mutating func escape() throws(JSONError) -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hex4()
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate must pair with a following \u low surrogate; alone it becomes U+FFFD.
                let save = position
                if current == UInt8(ascii: "\\") {
                    position += 1
                    if current == UInt8(ascii: "u") {
                        position += 1
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
                        }
                    }
                }
                position = save
                return "\u{FFFD}"
            }
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        default:
            position -= 1
            throw error("invalid escape")
        }
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("unterminated string") }
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }
}
