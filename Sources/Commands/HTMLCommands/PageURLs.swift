// The URLs in a page's attributes made absolute the way browsers make them: trimmed, resolved against the page's
// base, and with spaces and non-ASCII percent-encoded; srcset candidates one by one.
import Toolbox

/// Resolves URL-valued attributes against a page's base URL.
struct PageURLs: Sendable {
    /// The base: --base, else the page's <base href>, else the URL it was fetched from or its file:// URL.
    let base: String?
    /// What the common references need of the base, worked out once per page: its scheme and authority
    /// (`https://example.org`), and its directory (`https://example.org/news/`).
    private let origin: String?
    private let directory: String?

    init(base: String?) {
        self.base = base
        guard let base, let scheme = Self.scheme(of: base), Self.isSpecial(scheme),
            !base.contains("?"), !base.contains("#"), !base.contains("\\")
        else {
            (origin, directory) = (nil, nil)
            return
        }
        let bytes = Array(base.utf8)
        var authorityEnd = scheme.utf8.count + 1
        if bytes.count >= authorityEnd + 2 && bytes[authorityEnd] == 0x2F && bytes[authorityEnd + 1] == 0x2F {
            authorityEnd += 2
            while authorityEnd < bytes.count && bytes[authorityEnd] != 0x2F { authorityEnd += 1 }
        }
        // A base without a path ("https://example.org") or with dot segments takes the general way.
        guard authorityEnd < bytes.count, let slash = bytes.lastIndex(of: 0x2F), slash >= authorityEnd,
            !base.contains("/.")
        else {
            (origin, directory) = (nil, nil)
            return
        }
        origin = String(decoding: bytes[..<authorityEnd], as: UTF8.self)
        directory = String(decoding: bytes[...slash], as: UTF8.self)
    }

    /// The attributes whose values are URLs (srcset is a list of them).
    static let attributes: Set<String> = [
        "href", "src", "action", "formaction", "poster", "cite", "data", "background", "xlink:href",
    ]

    /// What an attribute's value holds, by its name.
    enum ValueKind {
        case text, url, srcset
    }

    static func valueKind(ofAttribute name: String) -> ValueKind {
        name == "srcset" ? .srcset : attributes.contains(name) ? .url : .text
    }

    /// The value of attribute `name`, resolved when it holds URLs.
    func resolve(attribute name: String, _ value: String) -> String {
        resolve(Self.valueKind(ofAttribute: name), value)
    }

    /// A value that holds `kind`, resolved.
    func resolve(_ kind: ValueKind, _ value: String) -> String {
        switch kind {
        case .text: value
        case .url: resolve(value)
        case .srcset: resolve(srcset: value)
        }
    }

    /// One URL: a value that cannot be resolved comes back trimmed, never dropped.
    func resolve(_ value: String) -> String {
        if let quick = quickResolve(value) { return quick }
        var trimmed = Self.trimmed(value)
        // Browsers read "\" as "/" in the path of http(s), ftp and file URLs, relative ones included.
        if trimmed.contains("\\"), Self.isSpecial(Self.scheme(of: trimmed) ?? base.flatMap(Self.scheme) ?? "") {
            let end = trimmed.firstIndex { $0 == "?" || $0 == "#" } ?? trimmed.endIndex
            trimmed = String(trimmed[..<end].map { $0 == "\\" ? "/" : $0 }) + trimmed[end...]
        }
        let resolved = URLReference.resolve(trimmed, against: base)
        return Self.browserEncoded(resolved)
    }

    /// The common cases without taking the reference apart: a clean absolute URL, and an absolute or relative path
    /// without dot segments, backslashes or anything to encode against a plain base. Nil for everything else.
    private func quickResolve(_ value: String) -> String? {
        let bytes = value.utf8.span
        guard !bytes.isEmpty else { return nil }
        let first = bytes[0]
        var hasColon = false
        var previous: UInt8 = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            // Anything to trim, encode or read specially, and dot segments, take the general way.
            if Self.needsGeneralWay[Int(byte)] || (byte == 0x2E && previous == 0x2F) { return nil }
            if byte == 0x3A { hasColon = true }
            previous = byte
        }
        if hasColon, Self.scheme(of: value) != nil { return value }
        guard let origin, let directory, first != 0x3F, first != 0x23, first != 0x2E else { return nil }
        if first == 0x2F {
            if bytes.count > 1 && bytes[1] == 0x2F { return nil }
            return origin + value
        }
        return directory + value
    }

    /// The bytes quickResolve leaves to the general way: space, controls and non-ASCII (trimmed or encoded), the
    /// characters browsers encode ("<>`{}), and the backslash they read as a slash.
    private static let needsGeneralWay: [Bool] = (0...255).map { byte in
        byte <= 0x20 || byte >= 0x7F || [0x22, 0x3C, 0x3E, 0x60, 0x5C, 0x7B, 0x7D].contains(byte)
    }

    /// A srcset list ("a.png 1x, b.png 2x"): each candidate's URL resolved, its descriptors kept (the HTML standard's
    /// "parse a srcset attribute" splits it).
    func resolve(srcset: String) -> String {
        var candidates: [String] = []
        let scalars = Array(srcset.unicodeScalars)
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }
        while index < scalars.count {
            while index < scalars.count && (isSpace(scalars[index]) || scalars[index] == ",") { index += 1 }
            guard index < scalars.count else { break }
            var url = ""
            while index < scalars.count && !isSpace(scalars[index]) {
                url.unicodeScalars.append(scalars[index])
                index += 1
            }
            var descriptors = ""
            if url.hasSuffix(",") {
                while url.hasSuffix(",") { url.removeLast() }
            } else {
                var inParentheses = false
                while index < scalars.count {
                    let scalar = scalars[index]
                    index += 1
                    if scalar == "(" { inParentheses = true }
                    if scalar == ")" { inParentheses = false }
                    if scalar == "," && !inParentheses { break }
                    descriptors.unicodeScalars.append(scalar)
                }
            }
            let words = descriptors.split(whereSeparator: { $0.unicodeScalars.allSatisfy(isSpace) })
            candidates.append(([resolve(url)] + words.map(String.init)).joined(separator: " "))
        }
        return candidates.joined(separator: ", ")
    }

    /// The base a page's `<base href>` sets: the value resolved against the page's own URL, browser-encoded; nil
    /// when it is empty once trimmed (the page's URL stays the base).
    static func base(href: String, pageURL: String?) -> String? {
        let trimmed = trimmed(href)
        return trimmed.isEmpty ? nil : browserEncoded(URLReference.resolve(trimmed, against: pageURL))
    }

    /// Without the ASCII white space the HTML standard strips from URL attributes.
    static func trimmed(_ value: String) -> String {
        let isSpace: (Unicode.Scalar) -> Bool = {
            $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}"
        }
        let scalars = value.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// The schemes whose URLs browsers percent-encode in full (the URL standard's special schemes).
    static let specialSchemes: Set<String> = ["http", "https", "ftp", "file", "ws", "wss"]

    static func isSpecial(_ scheme: String) -> Bool { specialSchemes.contains(scheme.lowercased()) }

    /// The scheme of an absolute URL (letters, digits, + - . before the first ":"), or nil.
    static func scheme(of url: String) -> String? {
        var length = 0
        for byte in url.utf8 {
            if byte == 0x3A { break }
            let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            let other = (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            guard letter || (length > 0 && other) else { return nil }
            length += 1
        }
        guard length > 0, length < url.utf8.count else { return nil }
        return String(decoding: url.utf8.prefix(length), as: UTF8.self)
    }

    /// `url` as a browser writes it: for the special schemes, backslashes in the path become slashes, and spaces,
    /// control characters, non-ASCII and "<>`{} are percent-encoded outside the host (the host is left alone: no
    /// IDNA). Other schemes (mailto:, javascript:, data:) keep their text.
    static func browserEncoded(_ url: String) -> String {
        guard let scheme = scheme(of: url), isSpecial(scheme) else { return url }
        let bytes = Array(url.utf8)
        let colon = scheme.utf8.count
        // Where the host ends: after "//", at the first "/", "\", "?" or "#".
        var hostEnd = colon + 1
        if bytes.count >= colon + 3 && bytes[colon + 1] == 0x2F && bytes[colon + 2] == 0x2F {
            hostEnd = colon + 3
            while hostEnd < bytes.count && ![0x2F, 0x5C, 0x3F, 0x23].contains(bytes[hostEnd]) { hostEnd += 1 }
        }
        let hex = Array("0123456789ABCDEF".utf8)
        var output = Array(bytes[..<hostEnd])
        var inPath = true
        var changed = false
        for byte in bytes[hostEnd...] {
            if byte == 0x3F || byte == 0x23 { inPath = false }
            if inPath && byte == 0x5C {
                output.append(0x2F)
                changed = true
                continue
            }
            let encode =
                byte <= 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x3C || byte == 0x3E || byte == 0x60
                || (inPath && (byte == 0x7B || byte == 0x7D))
            if encode {
                output += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                changed = true
            } else {
                output.append(byte)
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : url
    }

    /// The file:// URL of a local path (made absolute against `directory`), percent-encoded as tb feed's.
    static func fileURL(path: String, directory: String?) -> String {
        Locations.fileURL(path: path, directory: directory)
    }
}
