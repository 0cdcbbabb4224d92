import Toolbox

/// What is selected.
enum HTMLQuery: Sendable {
    case css(SelectorList)
    case xpath(String)

    /// Whether it is an XPath expression (which may select attributes).
    var isXPath: Bool { if case .xpath = self { true } else { false } }
}
