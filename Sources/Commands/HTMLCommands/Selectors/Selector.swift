// CSS selectors for tb html: parsed and checked once, compiled to XPath 1.0 for libxml2, or prepared for --stream.

/// A parsed selector list (`a, div > p:first-child`): Selectors Level 3 and the Level 4 parts tb html supports.
public struct SelectorList: Sendable {
    /// The text the list was parsed from.
    public let text: String
    let selectors: [ComplexSelector]

    /// Parses `text`; a bad selector throws an error pointing at the position.
    public init(parsing text: String) throws(SelectorError) {
        var parser = SelectorParser(text)
        self.text = text
        selectors = try parser.parseSelectorList()
    }

    /// XPath 1.0 (with the tb: functions and the svg/math prefixes): an absolute path (`/descendant::a[…]`) that
    /// returns every matching element in document order, each once, the root element included. `foreignContent`
    /// false (the document has no SVG or MathML element) lets type selectors compile to plain name tests, which
    /// libxml2 evaluates fastest.
    public func xpath(foreignContent: Bool) -> String {
        XPathCompiler(foreignContent: foreignContent).expression(for: selectors)
    }

    /// The same selection among the descendants of the context node (`descendant::a[…]`), the rest of the document
    /// still the selector's context, as `element.querySelectorAll` matches: an --extract sub-selector's.
    public func relativeXPath(foreignContent: Bool) -> String {
        String(xpath(foreignContent: foreignContent).dropFirst())
    }

    /// A matcher for --parser libxml2 --stream (tb's own stream is WalkMatcher), or an error naming the first part
    /// that needs the whole tree.
    public var streamable: Result<StreamMatcher, SelectorError> {
        Result { () throws(SelectorError) in try StreamMatcher(selectors) }
    }
}
