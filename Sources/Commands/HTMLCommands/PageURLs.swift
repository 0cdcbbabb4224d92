// The URLs in a page's attributes made absolute the way browsers make them: trimmed, resolved against the page's
// base, and with spaces and non-ASCII percent-encoded; srcset candidates one by one.
import Toolbox

/// Resolves URL-valued attributes against a page's base URL.
struct PageURLs: Sendable {
    /// The base: --base, else the page's <base href>, else the URL it was fetched from or its file:// URL.
    let base: String?

    /// The attributes whose values are URLs (srcset is a list of them).
    static let attributes: Set<String> = [
        "href", "src", "action", "formaction", "poster", "cite", "data", "background", "xlink:href",
    ]

    /// The value of attribute `name`, resolved when it holds URLs.
    func resolve(attribute name: String, _ value: String) -> String {
        if name == "srcset" { return resolve(srcset: value) }
        guard Self.attributes.contains(name) else { return value }
        return resolve(value)
    }

    /// One URL: a value that cannot be resolved comes back trimmed, never dropped.
    func resolve(_ value: String) -> String {
        var trimmed = Self.trimmed(value)
        // Browsers read "\" as "/" in the path of http(s), ftp and file URLs, relative ones included.
        if trimmed.contains("\\"), Self.isSpecial(Self.scheme(of: trimmed) ?? base.flatMap(Self.scheme) ?? "") {
            let end = trimmed.firstIndex { $0 == "?" || $0 == "#" } ?? trimmed.endIndex
            trimmed = String(trimmed[..<end].map { $0 == "\\" ? "/" : $0 }) + trimmed[end...]
        }
        let resolved = URLReference.resolve(trimmed, against: base)
        return Self.browserEncoded(resolved)
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
        guard let colon = url.firstIndex(of: ":"), let first = url.first, first.isASCII, first.isLetter else {
            return nil
        }
        let scheme = url[..<colon]
        let allowed = scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        return allowed ? String(scheme) : nil
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

    /// The file:// URL of a local path (made absolute against `directory`), percent-encoded.
    static func fileURL(path: String, directory: String?) -> String {
        var absolute = path
        if !path.hasPrefix("/"), let directory { absolute = directory + (directory.hasSuffix("/") ? "" : "/") + path }
        return browserEncoded("file://" + absolute)
    }
}
