// Atom content of type xhtml (and XML content by any type or mode) arrives from expat as elements, but the item's
// field is HTML text, as feedparser gives it: the markup is written again into the captured field as it is parsed,
// without the wrapping <div>, namespace declarations and xhtml prefixes, with text and attribute values escaped again.
import Expat

/// Writes the markup inside one captured element back out as HTML text.
struct XHTMLSerializer {
    /// The longest text kept for one field (--max-field-size).
    private let limit: Int
    /// The depth of the captured element whose content this is.
    private var contentDepth = 0
    /// The depth of the wrapping <div> that is not part of the content: 0 while there may be one, -1 once it closed.
    private var wrapperDepth = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// A capture starts at `depth`: no wrapper seen yet.
    mutating func begin(at depth: Int) {
        contentDepth = depth
        wrapperDepth = 0
    }

    /// A start tag at `depth` inside the content.
    mutating func start(
        _ name: Span<UInt8>, _ parser: ExpatParser, depth: Int, names: borrowing QualifiedNames,
        into fields: inout CapturedFields
    ) {
        // Atom's xhtml content is wrapped in one xhtml:div that is not part of it (also when the publisher forgot to
        // put the div in the xhtml namespace, as feedparser reads it).
        if depth == contentDepth + 1 && wrapperDepth == 0 && fields.captureIsBlank
            && (names.names(name, namespace: Keys.xhtmlNamespace, local: Keys.div) || Self.equal(name, Keys.div))
        {
            wrapperDepth = depth
            fields.discardCapture()
            return
        }
        fields.append(Self.lessThan.span, limit: limit)
        appendName(name, names: names, into: &fields)
        parser.forEachAttribute { attributeName, value in
            // Namespace declarations are not HTML.
            guard !Self.isNamespaceDeclaration(attributeName) else { return }
            fields.append(Self.space.span, limit: limit)
            fields.append(attributeName, limit: limit)
            fields.append(Self.equalsQuote.span, limit: limit)
            escape(value, attribute: true, into: &fields)
            fields.append(Self.quote.span, limit: limit)
        }
        // An empty element is written as HTML has it: `<br />` (HTML reads `</br>` as a second line break).
        fields.append(Self.isVoid(name, names: names) ? Self.selfClosing.span : Self.greaterThan.span, limit: limit)
    }

    /// An end tag at `depth` inside the content.
    mutating func end(
        _ name: Span<UInt8>, depth: Int, names: borrowing QualifiedNames, into fields: inout CapturedFields
    ) {
        if depth == wrapperDepth {
            wrapperDepth = -1
            return
        }
        if Self.isVoid(name, names: names) { return }
        fields.append(Self.closingTag.span, limit: limit)
        appendName(name, names: names, into: &fields)
        fields.append(Self.greaterThan.span, limit: limit)
    }

    /// Text inside serialized markup: & < > (and " in attributes) become entities again.
    func escape(_ text: Span<UInt8>, attribute: Bool, into fields: inout CapturedFields) {
        var start = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard
                byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                    || (byte == UInt8(ascii: "\"") && attribute)
            else { continue }
            fields.append(text.extracting(start..<index), limit: limit)
            switch byte {
            case UInt8(ascii: "&"): fields.append(Self.ampersand.span, limit: limit)
            case UInt8(ascii: "<"): fields.append(Self.lessThanEntity.span, limit: limit)
            case UInt8(ascii: ">"): fields.append(Self.greaterThanEntity.span, limit: limit)
            default: fields.append(Self.quoteEntity.span, limit: limit)
            }
            start = index + 1
        }
        fields.append(text.extracting(start..<text.count), limit: limit)
    }

    /// An element's name as written, without its prefix when that stands for xhtml (HTML has no prefixes).
    private func appendName(_ name: Span<UInt8>, names: borrowing QualifiedNames, into fields: inout CapturedFields) {
        let local = names.local(name)
        if local.lowerBound > 0 && !names.names(name, namespace: Keys.xhtmlNamespace, local: nil) {
            fields.append(name, limit: limit)
        } else {
            fields.append(name.extracting(local), limit: limit)
        }
    }

    /// Whether a name is one of HTML's void elements, which have no end tag.
    private static func isVoid(_ name: Span<UInt8>, names: borrowing QualifiedNames) -> Bool {
        let local = names.local(name)
        guard local.count >= 2 && local.count <= 6 else { return false }
        for void in voidElements where void.count == local.count {
            var same = true
            for index in 0..<void.count where name[local.lowerBound + index] | 0x20 != void[index] { same = false }
            if same { return true }
        }
        return false
    }

    private static let voidElements = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ].map { Array($0.utf8) }

    private static func isNamespaceDeclaration(_ name: Span<UInt8>) -> Bool {
        guard name.count >= 5 else { return false }
        for index in 0..<5 where name[index] != Keys.xmlns[index] { return false }
        return name.count == 5 || name[5] == UInt8(ascii: ":")
    }

    private static func equal(_ a: Span<UInt8>, _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }

    private static let lessThan = Array("<".utf8)
    private static let closingTag = Array("</".utf8)
    private static let greaterThan = Array(">".utf8)
    private static let selfClosing = Array(" />".utf8)
    private static let space = Array(" ".utf8)
    private static let equalsQuote = Array("=\"".utf8)
    private static let quote = Array("\"".utf8)
    private static let ampersand = Array("&amp;".utf8)
    private static let lessThanEntity = Array("&lt;".utf8)
    private static let greaterThanEntity = Array("&gt;".utf8)
    private static let quoteEntity = Array("&quot;".utf8)
}
