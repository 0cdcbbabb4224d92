// Whether a document is a feed at all, decided on its first bytes before the XML parser sees them: an HTML page, a
// JSON document or plain text served where a feed was expected is "not a feed", not an XML error at some line.

/// Reads the start of a document: white space, the XML declaration, comments, processing instructions and a
/// doctype are passed over; then the first element's local name, in any case, decides: rss, RDF (RSS 0.90 and 1.0),
/// feed (Atom) or channel (Microsoft CDF, or a bare RSS channel) is a feed; anything else is not. A document that
/// starts with `{` is a JSON object (which may be a JSON Feed) and one with `[` other JSON, a doctype or root element
/// named html is HTML, and text without any `<` in its first `window` bytes is plain text.
enum FeedSniffer {
    /// How much of a document is read to decide; past it, the XML parser decides.
    static let window = 64 << 10

    private static let feedRoots: Set<String> = ["rss", "rdf", "feed", "channel"]

    /// `final` when `bytes` is the whole document.
    static func kind(of bytes: [UInt8], final: Bool) -> DocumentKind {
        var scanner = Scanner(bytes: bytes)
        var verdict = scanner.verdict()
        if case .notFeed(let looks) = verdict, looks != "HTML", looks != "JSON", let junk = scanner.junk {
            // Junk first: the feed is read from its XML declaration or root element, if they come in the window.
            if let start = documentStart(in: bytes, from: junk + 1) {
                verdict = .junk(junk: junk, start: start)
            } else if bytes.count >= window {
                verdict = .notFeed("no XML declaration or feed element in its first \(window >> 10) KiB")
            } else if !final {
                verdict = .undecided
            } else if looks == "text" {
                verdict = .feed
            }
        }
        if verdict == .undecided && (final || bytes.count >= window) {
            // A document too short (or a prolog too long) to tell: the XML parser says what is wrong, if anything.
            return !bytes.contains(UInt8(ascii: "<")) && !scanner.isBlank ? .notFeed("plain text") : .feed
        }
        return verdict
    }

    /// Where a feed starts after junk: the first XML declaration or start tag of a feed's root element (rss, RDF,
    /// feed, channel, with any prefix) at or after `from`.
    static func documentStart(in bytes: [UInt8], from: Int) -> Int? {
        var index = from
        while index < bytes.count, let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            if isDeclaration(bytes, at: open) || isFeedRoot(bytes, at: open) { return open }
            index = open + 1
        }
        return nil
    }

    /// Whether `<?xml` and white space start at `index`.
    static func isDeclaration(_ bytes: [UInt8], at index: Int) -> Bool {
        bytes[index...].starts(with: Array("<?xml".utf8)) && index + 5 < bytes.count && isSpace(bytes[index + 5])
    }

    /// Whether the start tag of a feed's root element starts at `index`.
    private static func isFeedRoot(_ bytes: [UInt8], at index: Int) -> Bool {
        var end = index + 1
        var colon: Int?
        while end < bytes.count && end - index < 64 {
            let byte = bytes[end]
            if isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") { break }
            if byte == UInt8(ascii: ":") { colon = end }
            end += 1
        }
        guard end < bytes.count, end - index < 64 else { return false }
        let local = String(decoding: bytes[((colon ?? index) + 1)..<end], as: UTF8.self).lowercased()
        return feedRoots.contains(local)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// Where the document's first markup or text is (past a byte order mark and white space).
        var firstMarkup = 0
        /// Where junk starts, when the verdict found some.
        var junk: Int?
        var isBlank: Bool { bytes.allSatisfy { Self.isSpace($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF } }

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func verdict() -> DocumentKind {
            // A byte order mark that decoding left in place.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            while index < bytes.count && Self.isSpace(bytes[index]) { index += 1 }
            firstMarkup = index
            while true {
                while index < bytes.count && Self.isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { return .undecided }
                switch bytes[index] {
                case UInt8(ascii: "{"): return .jsonObject
                case UInt8(ascii: "["): return .notFeed("JSON")
                case UInt8(ascii: "<"): break
                default:
                    // Text first: plain text, unless markup follows (a feed with junk before it).
                    junk = index
                    return bytes.contains(UInt8(ascii: "<")) ? .notFeed("text") : .undecided
                }
                guard index + 1 < bytes.count else { return .undecided }
                let next = bytes[index + 1]
                if next == UInt8(ascii: "?") {
                    // An XML declaration after a comment or a processing instruction: what came before is junk.
                    if index > firstMarkup && FeedSniffer.isDeclaration(bytes, at: index) {
                        junk = firstMarkup
                        return .notFeed("text")
                    }
                    guard skip(past: Array("?>".utf8)) else { return .undecided }
                } else if next == UInt8(ascii: "!") {
                    if starts(with: "<!--") {
                        guard skip(past: Array("-->".utf8)) else { return .undecided }
                    } else if starts(with: "<!doctype") {
                        guard let name = name(at: index + 9) else { return .undecided }
                        if name.lowercased() == "html" { return .notFeed("HTML") }
                        guard skipDoctype() else { return .undecided }
                    } else {
                        return starts(with: "<!") && bytes.count - index < 9 ? .undecided : .feed
                    }
                } else {
                    guard let name = name(at: index + 1) else { return .undecided }
                    guard !name.isEmpty else { return .feed }
                    let local = String(name.split(separator: ":").last ?? Substring(name)).lowercased()
                    if feedRoots.contains(local) { return .feed }
                    if local == "html" { return .notFeed("HTML") }
                    junk = firstMarkup
                    return .notFeed("root element <\(name)>")
                }
            }
        }

        /// Whether the bytes at `index` are `text`, ignoring ASCII case.
        private func starts(with text: String) -> Bool {
            let expected = Array(text.utf8)
            guard bytes.count - index >= expected.count else { return false }
            for offset in 0..<expected.count where bytes[index + offset] | 0x20 != expected[offset] | 0x20 {
                return false
            }
            return true
        }

        /// The name that starts at `start` after optional white space; nil when the bytes end inside it.
        private func name(at start: Int) -> String? {
            var position = start
            while position < bytes.count && Self.isSpace(bytes[position]) { position += 1 }
            var end = position
            while end < bytes.count && !Self.isSpace(bytes[end]) && bytes[end] != UInt8(ascii: ">")
                && bytes[end] != UInt8(ascii: "/") && bytes[end] != UInt8(ascii: "[")
            {
                end += 1
            }
            guard end < bytes.count else { return nil }
            return String(decoding: bytes[position..<end], as: UTF8.self)
        }

        private mutating func skip(past end: [UInt8]) -> Bool {
            guard let found = MarkupRepair.firstIndex(of: end, in: bytes, from: index + 2) else { return false }
            index = found + end.count
            return true
        }

        /// Past a doctype's `>`.
        private mutating func skipDoctype() -> Bool {
            guard let end = MarkupRepair.endOfDoctype(bytes, from: index) else { return false }
            index = end
            return true
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}
