// Which character encoding a page is in, as the HTML standard's sniffing decides it: a byte order mark, the HTTP
// charset, a <meta> in the first 1024 bytes, else UTF-8 when the bytes read as UTF-8, else windows-1252.
import Bytes
import Toolbox

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

    /// The encoding a label names (the WHATWG Encoding standard's labels, the table tb feed reads too), or nil for
    /// a label it does not know.
    static func labelled(_ label: String) -> HTMLEncoding? {
        WebEncoding.labelled(label).map { HTMLEncoding(name: $0.iconvName) }
    }
}
