// Paths in URLs as svn writes them: a name's bytes percent-encoded unless svn leaves them as they are.

enum URIEscaping {
    /// `path` escaped for a URL as `svn_path_uri_encode` escapes it: letters, digits and `!$&'()*+,-./:;=@_~` stay,
    /// every other byte (a space, `%`, non-ASCII) becomes `%XX`.
    static func encode(_ path: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            if kept[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
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

    private static let kept: [Bool] = (0..<256).map { byte in
        guard byte < 128 else { return false }
        let character = Character(UnicodeScalar(UInt8(byte)))
        return character.isLetter || character.isNumber || "!$&'()*+,-./:;=@_~".contains(character)
    }
}
