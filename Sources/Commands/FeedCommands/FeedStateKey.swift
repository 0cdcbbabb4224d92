// The key by which tb feed --new recognises an item it printed before: its id; else its link, without the scheme
// and a trailing slash (http and https, /a and /a/, are one page); else its title and date. A long key is stored as
// its first KiB and the SHA-256 of the whole.
import Toolbox

extension ItemRecord {
    /// The item's key, nil when it has no id, link or title (such an item is printed every time).
    var stateKey: String? {
        let bytes = text.bytes
        func string(_ range: Range<Int>?) -> String? {
            guard let range, !range.isEmpty else { return nil }
            return String(decoding: bytes[range], as: UTF8.self)
        }
        let link = string(item.link)
        // Without an id the parser gives the link as the id: it is a link, and read as one.
        if let id = string(item.id), id != link { return FeedState.storedKey(id) }
        if let link { return FeedState.storedKey(Self.linkKey(link)) }
        guard let title = string(item.title) else { return nil }
        let date = text.date(item.published) ?? text.date(item.updated)
        return FeedState.storedKey(title + "\n" + (date?.rfc3339 ?? ""))
    }

    /// `https://example.org/a/` and `http://example.org/a` both give `//example.org/a`.
    static func linkKey(_ link: String) -> String {
        var key = Substring(link)
        if let colon = key.firstIndex(of: ":"), key[key.index(after: colon)...].hasPrefix("//"),
            key[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        {
            key = key[key.index(after: colon)...]
        }
        if key.hasSuffix("/") { key = key.dropLast() }
        return String(key)
    }

}

extension FeedState {
    /// What follows the first `keyBytes` of a long key: the SHA-256 of the whole key.
    private static let digestMark = " sha256:"
    private static let digestLength = digestMark.utf8.count + 64

    /// `key` as stored: itself up to `keyBytes` bytes; a longer one as its first `keyBytes` (a character cut in two
    /// ends in U+FFFD, the same each time) and the SHA-256 of the whole, so that keys sharing their first KiB (links
    /// with a long common prefix) stay apart and a state line stays short. A cryptographic digest because a feed's
    /// items can come from several hands (an aggregator, a tracker's issues): one must not be able to make a key
    /// that hides another's item. Always longer than `keyBytes`, so never the same as a short key.
    static func storedKey(_ key: String) -> String {
        guard key.utf8.count > keyBytes else { return key }
        return cut(key) + digestMark + SHA256.hex(key)
    }

    /// The key a state file of an earlier tb holds for the key stored as `stored`: its first `keyBytes` only, which
    /// all keys sharing them had in common. Nil for a key that is not long.
    static func cutKey(ofStored stored: String) -> String? {
        guard stored.utf8.count >= keyBytes + digestLength else { return nil }
        let text = stored.utf8
        let start = text.index(text.endIndex, offsetBy: -digestLength)
        guard text[start...].starts(with: digestMark.utf8) else { return nil }
        return String(decoding: text[..<start], as: UTF8.self)
    }

    private static func cut(_ key: String) -> String {
        String(decoding: key.utf8.prefix(keyBytes), as: UTF8.self)
    }
}
