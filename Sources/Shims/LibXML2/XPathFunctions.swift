// The XPath context of a document: the prefixes svg, math, xlink and tb, and the tb: functions the compiled CSS
// selectors call (positions among siblings in O(1) amortised, ASCII lower-case).
internal import CLibXML2

enum XPathFunctions {
    /// A new XPath context for `document` with the prefixes and functions registered; the functions find
    /// `positions` through the context's user data, so it must outlive the context.
    static func newContext(_ document: xmlDocPtr, positions: NodePositions) -> xmlXPathContextPtr? {
        guard let context = libxml2.xmlXPathNewContext(document) else { return nil }
        for (prefix, uri) in XPathNamespace.prefixes {
            _ = libxml2.xmlXPathRegisterNs(context, prefix, uri)
        }
        let functions: [(String, xmlXPathFunction)] = [
            ("child-index", childIndex), ("child-count", childCount), ("type-index", typeIndex),
            ("type-count", typeCount), ("lower", lower),
        ]
        for (name, function) in functions {
            _ = libxml2.xmlXPathRegisterFuncNS(context, name, XPathNamespace.tb, function)
        }
        context.pointee.userData = Unmanaged.passUnretained(positions).toOpaque()
        return context
    }
}

// The functions are plain C functions: libxml2 calls them with the parser context, whose evaluation context
// carries the context node and, in its user data, the document's NodePositions.

/// `tb:child-index()`: the context element's 1-based position among its parent's element children.
private func childIndex(_ parser: xmlXPathParserContextPtr?, _ arguments: Int32) {
    pushPosition(parser, arguments) { $0.index }
}

/// `tb:child-count()`: the number of element children of the context element's parent.
private func childCount(_ parser: xmlXPathParserContextPtr?, _ arguments: Int32) {
    pushPosition(parser, arguments) { $0.count }
}

/// `tb:type-index()`: the position among the siblings of the same expanded name.
private func typeIndex(_ parser: xmlXPathParserContextPtr?, _ arguments: Int32) {
    pushPosition(parser, arguments) { $0.typeIndex }
}

/// `tb:type-count()`: the number of siblings of the same expanded name, the context element included.
private func typeCount(_ parser: xmlXPathParserContextPtr?, _ arguments: Int32) {
    pushPosition(parser, arguments) { $0.typeCount }
}

/// Pushes one number of the context node's position; NaN for a context node that is not an element (every
/// comparison with it is false), 1 for an element without a parent.
private func pushPosition(
    _ parser: xmlXPathParserContextPtr?, _ arguments: Int32, _ field: (NodePositions.Position) -> Int32
) {
    guard let parser, let context = parser.pointee.context else { return }
    guard arguments == 0 else { return libxml2.xmlXPathErr(parser, Int32(XPATH_INVALID_ARITY.rawValue)) }
    var value = Double.nan
    if let node = context.pointee.node, node.pointee.type == XML_ELEMENT_NODE, let data = context.pointee.userData {
        let positions = Unmanaged<NodePositions>.fromOpaque(data).takeUnretainedValue()
        value = positions.position(of: node).map { Double(field($0)) } ?? 1
    }
    _ = libxml2.valuePush(parser, libxml2.xmlXPathNewFloat(value))
}

/// `tb:lower(string)`: its argument, converted to a string as XPath's string() does, with A-Z made a-z (CSS's
/// ASCII case-insensitive matching; other letters stay as they are).
private func lower(_ parser: xmlXPathParserContextPtr?, _ arguments: Int32) {
    guard let parser else { return }
    guard arguments == 1 else { return libxml2.xmlXPathErr(parser, Int32(XPATH_INVALID_ARITY.rawValue)) }
    guard parser.pointee.valueNr >= parser.pointee.valueFrame + 1 else {
        return libxml2.xmlXPathErr(parser, Int32(XPATH_STACK_ERROR.rawValue))
    }
    // NULL only with the error already set.
    guard let text = libxml2.xmlXPathPopString(parser) else { return }
    var byte = text
    while byte.pointee != 0 {
        if byte.pointee >= UInt8(ascii: "A") && byte.pointee <= UInt8(ascii: "Z") { byte.pointee += 32 }
        byte += 1
    }
    // The new string object owns `text`.
    _ = libxml2.valuePush(parser, libxml2.xmlXPathWrapString(text))
}
