// How deeply a page nests its elements, estimated from its tags before gumbo sees it: gumbo scans the whole stack of
// open elements at every block start tag (for an open <p>), so a page nesting 100,000 divs takes it minutes (20,000:
// 1.6 s; 100,000: 128 s). Such a page goes to libxml2's parser instead, which nests in linear time.
import Bytes

/// The deepest nesting of a page's elements, as its start and end tags suggest.
enum NestingEstimate {
    /// Beyond this depth gumbo's quadratic scan starts to cost seconds.
    static let gumboLimit = 10_000

    /// Elements that never stay open around others: void elements, those that the next of their kind (or their
    /// parent's end) closes, and those whose content is text.
    static let ignored: Set<PackedName> = Set(
        [
            "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track",
            "wbr", "keygen", "basefont", "bgsound", "frame", "p", "li", "dt", "dd", "option", "optgroup", "tr", "td",
            "th", "tbody", "thead", "tfoot", "colgroup", "caption", "rb", "rt", "rp", "rtc", "html", "head", "body",
            "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext",
        ].map { PackedName(Array($0.utf8)) })

    /// Elements whose content is text up to their end tag, which the scan skips (markup in a script is not markup).
    static let rawText: Set<PackedName> = Set(
        ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"].map {
            PackedName(Array($0.utf8))
        })

    /// The largest number of start tags (of elements that nest) not yet matched by end tags, at any point; comments
    /// and the text of scripts and styles are skipped. An over-estimate where the page's own markup is broken, which
    /// only costs such a page gumbo's tree.
    static func deepest(_ bytes: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var index = 0
        var name: [UInt8] = []
        let span = bytes.span
        while true {
            index = Bytes.firstIndex(in: span, from: index, where: { $0 == 0x3C })
            guard index + 1 < bytes.count else { return deepest }
            index += 1
            if bytes[index] == 0x21, index + 2 < bytes.count, bytes[index + 1] == 0x2D, bytes[index + 2] == 0x2D {
                index = skip(past: Array("-->".utf8), in: bytes, from: index + 3)
                continue
            }
            let closing = bytes[index] == 0x2F
            if closing { index += 1 }
            name.removeAll(keepingCapacity: true)
            while index < bytes.count && name.count <= 16 {
                let byte = bytes[index] | 0x20
                guard (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39 && !name.isEmpty) else { break }
                name.append(byte)
                index += 1
            }
            guard !name.isEmpty, name.count <= 16 else { continue }
            let packed = PackedName(name)
            if !closing && rawText.contains(packed) {
                index = skip(past: Array("</".utf8) + name, in: bytes, from: index, ignoringCase: true)
                continue
            }
            guard !ignored.contains(packed) else { continue }
            if closing {
                depth = max(0, depth - 1)
            } else {
                depth += 1
                deepest = max(deepest, depth)
            }
        }
    }

    /// A tag name of up to 16 bytes in two words: hashed and compared without an array per tag.
    struct PackedName: Hashable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init(_ name: [UInt8]) {
            for (offset, byte) in name.prefix(16).enumerated() {
                if offset < 8 {
                    low |= UInt64(byte) << (8 * UInt64(offset))
                } else {
                    high |= UInt64(byte) << (8 * UInt64(offset - 8))
                }
            }
        }
    }

    /// The index after the next `pattern` at or after `start` (letters compared without case when asked), or the
    /// end of `bytes`.
    private static func skip(past pattern: [UInt8], in bytes: [UInt8], from start: Int, ignoringCase: Bool = false)
        -> Int
    {
        let span = bytes.span
        var index = start
        while true {
            index = Bytes.firstIndex(in: span, from: index, where: { $0 == pattern[0] })
            guard index + pattern.count <= bytes.count else { return bytes.count }
            var offset = 1
            while offset < pattern.count
                && (ignoringCase ? bytes[index + offset] | 0x20 : bytes[index + offset]) == pattern[offset]
            {
                offset += 1
            }
            if offset == pattern.count { return index + pattern.count }
            index += 1
        }
    }
}
