// Paths in URLs as svn writes them: a name's bytes percent-encoded unless svn leaves them as they are.

enum URIEscaping {
    /// `path` escaped for a URL as `svn_path_uri_encode` escapes it: letters, digits and `!$&'()*+,-./:;=@_~` stay,
    /// every other byte (a space, `%`, non-ASCII) becomes `%XX`.
    static func encode(_ path: String) -> String {
        // Most names need no escape: they are returned as they are, without a copy (ls escapes every path it lists).
        let kept = Self.kept
        guard let first = path.utf8.firstIndex(where: { !kept[Int($0)] }) else { return path }
        var bytes: [UInt8] = Array(path.utf8[..<first])
        bytes.reserveCapacity(path.utf8.count + 16)
        let hex = Self.hex
        for byte in path.utf8[first...] {
            if kept[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 15)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with `%XX` escapes decoded; a `%` that starts none is kept.
    static func decode(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    private static let kept: [Bool] = (0..<256).map { byte in
        guard byte < 128 else { return false }
        let character = Character(UnicodeScalar(UInt8(byte)))
        return character.isLetter || character.isNumber || "!$&'()*+,-./:;=@_~".contains(character)
    }
}
