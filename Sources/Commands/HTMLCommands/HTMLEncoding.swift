// Which character encoding a page is in, as the HTML standard's sniffing decides it: a byte order mark, the HTTP
// charset, a <meta> in the first 1024 bytes, else UTF-8 when the bytes read as UTF-8, else windows-1252.
import Bytes

/// The encoding of an HTML document: an iconv name, or UTF-8.
struct HTMLEncoding: Equatable, Sendable {
    /// The name iconv knows it by ("UTF-8", "WINDOWS-1252", "SHIFT_JIS"…).
    let name: String
    /// How many bytes of byte order mark to skip.
    var skip = 0

    static let utf8 = HTMLEncoding(name: "UTF-8")
    static let windows1252 = HTMLEncoding(name: "WINDOWS-1252")

    var isUTF8: Bool { name == "UTF-8" }

    /// How many bytes the <meta> prescan looks at.
    static let prescanLength = 1024

    /// The encoding of a document that starts with `head` (as much of it as is known; the whole document when it
    /// is all there). `override` (--encoding) wins over everything.
    static func sniff(_ head: [UInt8], httpCharset: String?, override: String?) -> HTMLEncoding {
        if let override, let encoding = labelled(override) { return encoding }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return HTMLEncoding(name: "UTF-8", skip: 3) }
        if head.starts(with: [0xFE, 0xFF]) { return HTMLEncoding(name: "UTF-16BE", skip: 2) }
        if head.starts(with: [0xFF, 0xFE]) { return HTMLEncoding(name: "UTF-16LE", skip: 2) }
        if let httpCharset, let encoding = labelled(httpCharset) { return encoding }
        var prescan = MetaPrescan(head.prefix(prescanLength))
        if let declared = prescan.charset(), var encoding = labelled(declared) {
            // A page that says UTF-16 in ASCII bytes is not UTF-16 (the standard's rule).
            if encoding.name.hasPrefix("UTF-16") { encoding = .utf8 }
            return encoding
        }
        return readsAsUTF8(head) ? .utf8 : .windows1252
    }

    /// Whether the bytes are UTF-8: valid, or with a few stray bytes among many characters that are valid UTF-8
    /// (one bad byte in a UTF-8 page must not turn all its other characters into windows-1252 mojibake).
    static func readsAsUTF8(_ bytes: [UInt8]) -> Bool {
        var valid = 0
        var invalid = 0
        var index = 0
        let span = bytes.span
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            // A character cut by the end of what is known counts as valid: the head may end inside one.
            let length = Bytes.utf8Length(in: span, at: index)
            if length < 0 {
                invalid += 1
                index -= length
            } else {
                valid += 1
                index = length == 0 ? bytes.count : index + length
            }
        }
        return invalid == 0 || valid >= 2 * invalid
    }

    /// The encoding a label names (the WHATWG Encoding standard's labels), or nil for a label it does not know.
    static func labelled(_ label: String) -> HTMLEncoding? {
        let key = String(
            label.lowercased().unicodeScalars.filter { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\"" })
        if let name = labels[key] { return HTMLEncoding(name: name) }
        return nil
    }

    /// WHATWG labels and the iconv names of their encodings. As the standard says, latin1, ascii and iso-8859-1 mean
    /// windows-1252, gb2312 means GBK, euc-kr means windows-949 and shift_jis means windows-31J.
    static let labels: [String: String] = {
        var table: [String: String] = [:]
        let groups: [(String, [String])] = [
            ("UTF-8", ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"]),
            (
                "WINDOWS-1252",
                [
                    "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100",
                    "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii",
                    "windows-1252",
                    "x-cp1252",
                ]
            ),
            ("IBM866", ["866", "cp866", "csibm866", "ibm866"]),
            (
                "ISO-8859-2",
                ["csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "l2", "latin2"]
            ),
            (
                "ISO-8859-3",
                ["csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3", "l3", "latin3"]
            ),
            (
                "ISO-8859-4",
                ["csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4", "l4", "latin4"]
            ),
            ("ISO-8859-5", ["csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144", "iso8859-5", "iso88595"]),
            (
                "ISO-8859-6",
                ["arabic", "asmo-708", "csiso88596e", "csisolatinarabic", "ecma-114", "iso-8859-6", "iso88596"]
            ),
            ("ISO-8859-7", ["csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-8859-7", "iso88597"]),
            (
                "ISO-8859-8",
                ["csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8", "iso-8859-8-i", "iso88598", "visual"]
            ),
            ("ISO-8859-10", ["csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6"]),
            ("ISO-8859-13", ["iso-8859-13", "iso8859-13", "iso885913"]),
            ("ISO-8859-14", ["iso-8859-14", "iso8859-14", "iso885914"]),
            ("ISO-8859-15", ["csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9"]),
            ("ISO-8859-16", ["iso-8859-16"]),
            ("KOI8-R", ["cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"]),
            ("KOI8-U", ["koi8-ru", "koi8-u"]),
            ("MACINTOSH", ["csmacintosh", "mac", "macintosh", "x-mac-roman"]),
            ("CP874", ["dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874"]),
            ("WINDOWS-1250", ["cp1250", "windows-1250", "x-cp1250"]),
            ("WINDOWS-1251", ["cp1251", "windows-1251", "x-cp1251"]),
            ("WINDOWS-1253", ["cp1253", "windows-1253", "x-cp1253"]),
            (
                "WINDOWS-1254",
                ["cp1254", "csisolatin5", "iso-8859-9", "iso8859-9", "iso88599", "l5", "latin5", "windows-1254"]
            ),
            ("WINDOWS-1255", ["cp1255", "windows-1255", "x-cp1255"]),
            ("WINDOWS-1256", ["cp1256", "windows-1256", "x-cp1256"]),
            ("WINDOWS-1257", ["cp1257", "windows-1257", "x-cp1257"]),
            ("WINDOWS-1258", ["cp1258", "windows-1258", "x-cp1258"]),
            ("MAC-CYRILLIC", ["x-mac-cyrillic", "x-mac-ukrainian"]),
            (
                "GBK",
                [
                    "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58",
                    "x-gbk",
                ]
            ),
            ("GB18030", ["gb18030"]),
            ("BIG5-HKSCS", ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"]),
            ("EUC-JP", ["cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"]),
            ("ISO-2022-JP", ["csiso2022jp", "iso-2022-jp"]),
            ("CP932", ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis"]),
            (
                "CP949",
                [
                    "cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989",
                    "ksc5601", "ksc_5601", "windows-949",
                ]
            ),
            ("UTF-16BE", ["unicodefffe", "utf-16be"]),
            ("UTF-16LE", ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le"]),
            // x-user-defined maps 0x80-0xFF into the private use area; windows-1252 is the closest iconv has.
            ("WINDOWS-1252", ["x-user-defined"]),
        ]
        for (name, words) in groups { for word in words { table[word] = name } }
        return table
    }()
}

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
        while let found = lower[index...].firstRange(of: Array("charset".utf8)) {
            var cursor = found.upperBound
            while cursor < lower.count && isSpace(lower[cursor]) { cursor += 1 }
            guard cursor < lower.count && lower[cursor] == 0x3D else {
                index = found.upperBound
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
        guard start < bytes.count else { return nil }
        return bytes[start...].firstRange(of: Array(literal.utf8))?.lowerBound
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
    private func isSpace(_ byte: UInt8) -> Bool { Self.isSpace(byte) }
    private func isSpaceOrSlash(_ byte: UInt8) -> Bool { isSpace(byte) || byte == 0x2F }
    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
