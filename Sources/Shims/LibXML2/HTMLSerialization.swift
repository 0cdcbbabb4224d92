internal import CLibXML2
import HTML5

/// The serialization rules of outerHTML for HTML written from parser events instead of a tree (tb html --stream):
/// the same element lists and the same escaping.
public enum HTMLSerialization {
    /// Elements without content or end tag.
    public static let voidElements = Set(HTMLSerializer.voidElements.map(\.description))
    /// Elements whose text is written as it is.
    public static let rawTextElements = Set(HTMLSerializer.rawTextElements.map(\.description))

    /// Text as outerHTML writes it: & < > and U+00A0 escaped. (Parsed text holds no NUL, where this would stop.)
    public static func escapedText(_ value: String) -> String {
        HTMLSerializer.escaped(value, inAttribute: false)
    }

    /// An attribute value as outerHTML writes it: & " and U+00A0 escaped.
    public static func escapedAttribute(_ value: String) -> String {
        HTMLSerializer.escaped(value, inAttribute: true)
    }
}
