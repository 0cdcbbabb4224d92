// Whether a document is a feed at all, decided on its first bytes before the XML parser sees them: an HTML page, a
// JSON document or plain text served where a feed was expected is "not a feed", not an XML error at some line.

/// What the start of a document says it is.
enum DocumentKind: Equatable {
    /// A feed, or something the XML parser must judge: its errors are the report.
    case feed
    /// Not a feed; what it looks like ("HTML", "JSON", "plain text", "root element <opml>").
    case notFeed(String)
    /// More bytes are needed to tell.
    case undecided
}

/// Reads the start of a document: white space, the XML declaration, comments, processing instructions and a
/// doctype are passed over; then the first element's local name, in any case, decides: rss, RDF (RSS 0.90 and 1.0),
/// feed (Atom) or channel (Microsoft CDF, or a bare RSS channel) is a feed; anything else is not. A document that
/// starts with `{` or `[` is JSON, a doctype or root element named html is HTML, and text without any `<` in its
/// first `window` bytes is plain text.
enum FeedSniffer {
    /// How much of a document is read to decide; past it, the XML parser decides.
    static let window = 64 << 10

    private static let feedRoots: Set<String> = ["rss", "rdf", "feed", "channel"]

    /// `final` when `bytes` is the whole document.
    static func kind(of bytes: [UInt8], final: Bool) -> DocumentKind {
        var scanner = Scanner(bytes: bytes)
        let verdict = scanner.verdict()
        if verdict == .undecided && (final || bytes.count >= window) {
            // A document too short (or a prolog too long) to tell: the XML parser says what is wrong, if anything.
            return !bytes.contains(UInt8(ascii: "<")) && !scanner.isBlank ? .notFeed("plain text") : .feed
        }
        return verdict
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var isBlank: Bool { bytes.allSatisfy { Self.isSpace($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF } }

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func verdict() -> DocumentKind {
            // A byte order mark that decoding left in place.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            while true {
                while index < bytes.count && Self.isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { return .undecided }
                switch bytes[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["): return .notFeed("JSON")
                case UInt8(ascii: "<"): break
                default:
                    // Text first: plain text, unless markup follows soon (a feed with junk before it is the XML
                    // parser's to judge).
                    return bytes.contains(UInt8(ascii: "<")) ? .feed : .undecided
                }
                guard index + 1 < bytes.count else { return .undecided }
                let next = bytes[index + 1]
                if next == UInt8(ascii: "?") {
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
