// Which character encoding a feed is in: a byte order mark, the HTTP charset, the bytes of "<?xml" in UTF-16 or
// UTF-32, the XML declaration, or UTF-8 — in that order, as RFC 7303 and the XML specification (appendix F) say.
import Bytes
import Toolbox

/// tb feed's encoding sniffer: RFC 7303's and the XML specification's rule.
struct XMLEncodingSniffer: EncodingSniffer {
    /// How many bytes to read before deciding: enough for a BOM and an XML declaration.
    static let sniffLength = 1024

    /// Whether `head` is enough to decide: the first tag is complete, or, when the document starts with an XML
    /// declaration, its `?>` has come. Where the pieces of the input end must not change the answer: a broken
    /// declaration (`encoding="KOI8-R"?F`, then a `>` further on) was read as KOI8-R whole and as UTF-8 in pieces of
    /// 54 bytes (the feed fuzz target found it).
    func canDecide(_ head: [UInt8], after piece: Span<UInt8>, httpCharset: String?) -> Bool {
        if head.count >= Self.sniffLength { return true }
        let start = head.firstIndex { !Self.isSpace($0) } ?? head.count
        let declaration = Array("<?xml".utf8)
        let opening = head[start...].prefix(declaration.count)
        if declaration.starts(with: opening) {
            // "<?xml" or a start of it: the declaration decides, at its end.
            return opening.count == declaration.count && Self.declarationEnd(in: head, from: start) != nil
        }
        // Junk, a comment or a doctype may come first: the XML declaration after them decides, or the root element.
        guard let begins = FeedSniffer.documentStart(in: head, from: start) else { return false }
        return !FeedSniffer.isDeclaration(head, at: begins) || Self.declarationEnd(in: head, from: begins) != nil
    }

    /// A feed waits for its XML declaration whatever the pace of its bytes: it is never read before it is decided.
    func canDecideBeforePause(_ head: [UInt8]) -> Bool { false }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// The encoding of a document that starts with `head`, and how many bytes of byte order mark to skip.
    func sniff(_ head: [UInt8], httpCharset: String?) -> (encoding: TextEncoding, byteOrderMark: Int) {
        let boms: [([UInt8], String)] = [
            ([0x00, 0x00, 0xFE, 0xFF], "UTF-32BE"), ([0xFF, 0xFE, 0x00, 0x00], "UTF-32LE"),
            ([0xFE, 0xFF], "UTF-16BE"), ([0xFF, 0xFE], "UTF-16LE"),
        ]
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        for (bom, name) in boms where head.starts(with: bom) { return (.iconv(name), bom.count) }
        if let httpCharset, !httpCharset.isEmpty { return (Self.named(httpCharset), 0) }
        let unmarked: [([UInt8], String)] = [
            ([0x00, 0x00, 0x00, 0x3C], "UTF-32BE"), ([0x3C, 0x00, 0x00, 0x00], "UTF-32LE"),
            ([0x00, 0x3C, 0x00, 0x3F], "UTF-16BE"), ([0x3C, 0x00, 0x3F, 0x00], "UTF-16LE"),
        ]
        for (start, name) in unmarked where head.starts(with: start) { return (.iconv(name), 0) }
        // Only the first sniffLength bytes: the whole first read of a file holds many more than the pieces of a pipe.
        if let declared = Self.declaredEncoding(Array(head.prefix(Self.sniffLength))) {
            // A declaration read in ASCII bytes that says UTF-16 is wrong about itself (as HTML's rule has it).
            if WebEncoding.labelled(declared)?.isUTF16 == true { return (.utf8, 0) }
            return (Self.named(declared), 0)
        }
        return (.utf8, 0)
    }

    /// The encoding for a charset name: the WHATWG Encoding Standard's for the labels it lists, as browsers and
    /// feedparser read them (ISO-8859-1 is windows-1252, TIS-620 windows-874); iconv's for the others (UTF-32,
    /// EBCDIC, UTF-7, ISO-2022-KR…), which it reads.
    static func named(_ name: String) -> TextEncoding {
        if let web = WebEncoding.labelled(name) {
            switch web.name {
            case "utf-8": return .utf8
            case "windows-1252": return .windows1252
            default: return .iconv(web.iconvName)
            }
        }
        let key = name.lowercased().trimmingWhitespace().filter { $0 != "\"" && $0 != "'" }
        switch key {
        case "iso-646-us": return .utf8
        case "latin-1": return .latin1
        default: return .iconv(key.uppercased())
        }
    }

    /// Where the `?>` ending a declaration that starts at `start` is.
    private static func declarationEnd(in head: [UInt8], from start: Int) -> Int? {
        Bytes.firstIndex(of: "?>".utf8.span, in: head.span, from: start)
    }

    /// The encoding="…" of an XML declaration at the start of `head`, or after junk before it, if any.
    static func declaredEncoding(_ head: [UInt8]) -> String? {
        var rest = head[(head.firstIndex { !isSpace($0) } ?? head.count)...]
        if !rest.starts(with: Array("<?xml".utf8)), let begins = FeedSniffer.documentStart(in: head, from: 0) {
            rest = head[begins...]
        }
        guard rest.starts(with: Array("<?xml".utf8)), let end = declarationEnd(in: head, from: rest.startIndex) else {
            return nil
        }
        let declaration = String(decoding: head[rest.startIndex..<end], as: UTF8.self)
        guard let key = declaration.firstRange(of: "encoding") else { return nil }
        let after = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = after.first, quote == "\"" || quote == "'" else { return nil }
        let value = after.dropFirst().prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }
}
