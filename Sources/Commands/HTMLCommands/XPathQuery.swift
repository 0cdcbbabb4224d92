import LibXML2
import Toolbox

/// A query compiled for libxml2's XPath engine.
final class XPathQuery: @unchecked Sendable {
    let query: HTMLQuery
    /// For pages without foreign elements, and for pages with them (a CSS query); the expression (XPath).
    private let plain: XPathExpression
    private let foreign: XPathExpression?
    /// The page's <base href>.
    let baseElement: XPathExpression
    /// Each --extract sub-selector, relative to a match, for pages without and with foreign elements; nil for a
    /// field of the match's own attribute.
    private let subs: [(plain: XPathExpression, foreign: XPathExpression?)?]

    init(_ query: HTMLQuery, extract: [ExtractField] = []) throws(UsageError) {
        self.query = query
        do {
            // In the head, where the standard puts it: a scan of the whole page would cost more than the rest.
            baseElement = try XPathExpression("(/html/head/base[@href])[1]")
        } catch {
            throw UsageError("cannot prepare the query: \(error.message)")
        }
        switch query {
        case .xpath(let text):
            do {
                plain = try XPathExpression(text)
                // Unknown functions, prefixes and type errors show only when the expression runs: run it once on an
                // empty page, so that they are usage errors too, before any page is fetched.
                _ = try HTMLDocument(libxml2: Array("<html><body></body></html>".utf8), url: nil).evaluate(plain)
            } catch {
                throw UsageError("bad XPath expression '\(text)': \(error.message)")
            }
            foreign = nil
        case .css(let selectors):
            do {
                let (html, all) = (selectors.xpath(foreignContent: false), selectors.xpath(foreignContent: true))
                plain = try XPathExpression(html)
                // The same text for both: no need to look for SVG or MathML in each page.
                foreign = all == html ? nil : try XPathExpression(all)
            } catch {
                // The compiler writes only valid XPath: this is tb's bug, said as such.
                throw UsageError("cannot compile the selector to XPath (a bug in tb): \(error.message)")
            }
        }
        do {
            subs = try extract.map { field throws(LibXML2Error) in
                guard let selectors = field.selectors else { return nil }
                let (html, all) = (
                    selectors.relativeXPath(foreignContent: false), selectors.relativeXPath(foreignContent: true)
                )
                return (try XPathExpression(html), all == html ? nil : try XPathExpression(all))
            }
        } catch {
            throw UsageError("cannot compile a sub-selector to XPath (a bug in tb): \(error.message)")
        }
    }

    /// For each --extract field, the elements below `node` its sub-selector matches, in document order.
    func matches(below node: HTMLNode, in document: HTMLDocument) throws(LibXML2Error) -> [[HTMLNode]] {
        var found: [[HTMLNode]] = []
        for sub in subs {
            guard let sub else {
                found.append([])
                continue
            }
            let expression = document.hasForeignElements ? sub.foreign ?? sub.plain : sub.plain
            guard case .nodes(let nodes) = try document.evaluate(expression, at: node) else {
                found.append([])
                continue
            }
            found.append(nodes)
        }
        return found
    }

    /// The expression for a document.
    func expression(for document: HTMLDocument) -> XPathExpression {
        guard let foreign, document.hasForeignElements else { return plain }
        return foreign
    }
}
