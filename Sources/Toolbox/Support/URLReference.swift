// Resolving a relative URL reference against a base URL (RFC 3986 §5.2), for links in feeds and pages.

/// URL reference resolution.
public enum URLReference {
    /// `reference` resolved against `base`: absolute references come back as they are, relative ones are merged
    /// with the base's path and their dot segments removed. A nil base leaves the reference alone.
    public static func resolve(_ reference: String, against base: String?) -> String {
        let trimmed = reference.trimmingWhitespace()
        guard let base, !base.isEmpty else { return trimmed }
        let ref = Parts(trimmed)
        if ref.scheme != nil { return ref.rebuilt(path: removeDotSegments(ref.path)) }
        let baseParts = Parts(base)
        guard baseParts.scheme != nil else { return trimmed }
        var result = Parts(
            scheme: baseParts.scheme, authority: baseParts.authority, path: "", query: nil, fragment: ref.fragment)
        if ref.authority != nil {
            result.authority = ref.authority
            result.path = removeDotSegments(ref.path)
            result.query = ref.query
        } else if ref.path.isEmpty {
            result.path = baseParts.path
            result.query = ref.query ?? baseParts.query
        } else if ref.path.hasPrefix("/") {
            result.path = removeDotSegments(ref.path)
            result.query = ref.query
        } else {
            result.path = removeDotSegments(merge(base: baseParts, path: ref.path))
            result.query = ref.query
        }
        return result.rebuilt(path: result.path)
    }

    /// Whether `bytes` is an absolute URL that resolving would leave as it is: it has a scheme and no dot segment.
    /// Lets callers skip building Strings for the common case.
    public static func isPlainAbsolute(_ bytes: Span<UInt8>) -> Bool {
        guard bytes.count > 0, isASCIILetter(bytes[0]) else { return false }
        var index = 1
        while index < bytes.count && bytes[index] != UInt8(ascii: ":") {
            let byte = bytes[index]
            guard isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            else { return false }
            index += 1
        }
        guard index < bytes.count else { return false }
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: ".") { return false }
            index += 1
        }
        return true
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// RFC 3986 §5.2.3.
    private static func merge(base: Parts, path: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        let scalars = base.path.unicodeScalars
        guard let slash = scalars.lastIndex(of: "/") else { return path }
        return text(scalars[...slash]) + path
    }

    /// RFC 3986 §5.2.4. Like the rest of this file it works on Unicode scalars, not Characters: a combining mark
    /// after a `/` or `:` joins it into one Character, which then equals neither (a fuzzer found links that resolved
    /// differently each time).
    static func removeDotSegments(_ path: String) -> String {
        var input = Substring(path).unicodeScalars
        var output: [String] = []
        func starts(_ prefix: String) -> Bool { input.starts(with: prefix.unicodeScalars) }
        func equals(_ whole: String) -> Bool { input.elementsEqual(whole.unicodeScalars) }
        while !input.isEmpty {
            if starts("../") {
                input = input.dropFirst(3)
            } else if starts("./") {
                input = input.dropFirst(2)
            } else if starts("/./") {
                input = input.dropFirst(2)
            } else if equals("/.") {
                input = Substring("/").unicodeScalars
            } else if starts("/../") {
                input = input.dropFirst(3)
                _ = output.popLast()
            } else if equals("/..") {
                input = Substring("/").unicodeScalars
                _ = output.popLast()
            } else if equals(".") || equals("..") {
                input = input[input.endIndex...]
            } else {
                let start = starts("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(text(input[..<end]))
                input = input[end...]
            }
        }
        return output.joined()
    }

    /// Scalars as a String.
    static func text(_ scalars: Substring.UnicodeScalarView) -> String { String(Substring(scalars)) }

    /// The host of a URL, lowercased, without a user name or port (an IPv6 literal keeps its brackets); nil when it
    /// has no authority.
    public static func host(of url: String) -> String? {
        guard let authority = Parts(url).authority else { return nil }
        var rest = Substring(authority).unicodeScalars
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.first == "[", let close = rest.firstIndex(of: "]") {
            return text(rest[...close]).lowercased()
        }
        return text(rest.prefix { $0 != ":" }).lowercased()
    }

    /// The five components of a URI reference (RFC 3986 appendix B).
    struct Parts {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?

        init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
            self.scheme = scheme
            self.authority = authority
            self.path = path
            self.query = query
            self.fragment = fragment
        }

        init(_ whole: String) {
            var rest = Substring(whole).unicodeScalars
            if let hash = rest.firstIndex(of: "#") {
                fragment = text(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let question = rest.firstIndex(of: "?") {
                query = text(rest[rest.index(after: question)...])
                rest = rest[..<question]
            }
            // RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
            if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isASCIILetter,
                rest[..<colon].allSatisfy({
                    $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
                })
            {
                scheme = text(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.starts(with: "//".unicodeScalars) {
                rest = rest.dropFirst(2)
                let end = rest.firstIndex(of: "/") ?? rest.endIndex
                authority = text(rest[..<end])
                rest = rest[end...]
            }
            path = text(rest)
        }

        func rebuilt(path: String) -> String {
            var text = ""
            if let scheme { text += scheme + ":" }
            if let authority { text += "//" + authority }
            text += path
            if let query { text += "?" + query }
            if let fragment { text += "#" + fragment }
            return text
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    public func trimmingWhitespace() -> String {
        // Scalars, not Characters: "\r\n" is one Character, and a space followed by a combining mark another.
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !isSpace($0) }),
            let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return URLReference.text(scalars[start...end])
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
