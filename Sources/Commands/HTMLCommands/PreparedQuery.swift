// The selector or expression of a run, prepared once for all its pages, for the tree its pages will be parsed into:
// a CSS selector matched on tb's own tree needs nothing more, so such a run neither loads libxml2 nor compiles XPath;
// for a libxml2 document, a CSS selector becomes XPath (two ways: for pages with SVG or MathML in them and for pages
// without), checked before any page is read.
import LibXML2
import Toolbox

/// A query ready to run on any number of pages.
enum PreparedQuery: Sendable {
    /// A CSS selector, matched natively on tb's HTMLTree.
    case tree(SelectorList)
    /// An XPath expression, or a CSS selector with --parser libxml2, evaluated on libxml2 documents.
    case libxml2(XPathQuery)

    /// `extract`: the --extract fields, whose sub-selectors a libxml2 query compiles too.
    init(_ query: HTMLQuery, parser: HTMLParserChoice, extract: [ExtractField] = []) throws(UsageError) {
        if case .css(let selectors) = query, parser != .libxml2 {
            self = .tree(selectors)
        } else {
            self = .libxml2(try XPathQuery(query, extract: extract))
        }
    }
}
