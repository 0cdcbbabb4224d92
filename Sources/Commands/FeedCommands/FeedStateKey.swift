// The key by which tb feed --new recognises an item it printed before: its id; else its link, without the scheme
// and a trailing slash (http and https, /a and /a/, are one page); else its title and date.

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
        if let id = string(item.id), id != link { return Self.cut(id) }
        if let link { return Self.cut(Self.linkKey(link)) }
        guard let title = string(item.title) else { return nil }
        let date = text.date(item.published) ?? text.date(item.updated)
        return Self.cut(title + "\n" + (date?.rfc3339 ?? ""))
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

    /// The key cut to at most `FeedState.keyBytes` bytes (a character cut in two ends in U+FFFD, the same each time).
    private static func cut(_ key: String) -> String {
        guard key.utf8.count > FeedState.keyBytes else { return key }
        return String(decoding: key.utf8.prefix(FeedState.keyBytes), as: UTF8.self)
    }
}
