// The HTML standard's fragment serialization rules for tb html --stream, which writes the HTML of a match from parser
// events (the tree modes use the LibXML2 shim's serializer): which elements are void, which hold raw text, and how
// text and attribute values are escaped.

/// Escaping as "Serializing HTML fragments" says.
enum HTMLEscaping {
    /// Elements without end tags or content.
    static let void: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
        "meta", "param", "source", "track", "wbr",
    ]
    /// Elements whose text is written as it is.
    static let rawText: Set<String> = [
        "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript",
    ]

    /// Text: & < > and U+00A0 escaped.
    static func text(_ value: String) -> String {
        escape(value) {
            switch $0 {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\u{A0}": "&nbsp;"
            default: nil
            }
        }
    }

    /// An attribute value: & " and U+00A0 escaped.
    static func attribute(_ value: String) -> String {
        escape(value) {
            switch $0 {
            case "&": "&amp;"
            case "\"": "&quot;"
            case "\u{A0}": "&nbsp;"
            default: nil
            }
        }
    }

    private static func escape(_ value: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        guard value.unicodeScalars.contains(where: { replacement($0) != nil }) else { return value }
        var output = ""
        for scalar in value.unicodeScalars {
            if let replaced = replacement(scalar) {
                output += replaced
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
