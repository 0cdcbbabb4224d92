// Fuzz target `selector`: any text as a CSS selector. It compiles, or fails with an error pointing into the text;
// what compiles is XPath that libxml2 compiles and evaluates without error, with and without foreign content.
import HTMLCommands
import LibXML2

/// The CSS selector compiler.
enum SelectorTarget: FuzzTarget {
    static let name = "selector"

    /// A page with HTML, SVG and MathML elements, parsed once.
    static let page: HTMLDocument? = try? HTMLDocument.parsingHTML5(
        Array(
            "<!DOCTYPE html><title>t</title><div id=a class='b c'><p lang=en>x<a href=/y>y</a></p><ul><li>1<li>2</ul>"
                .utf8)
            + Array("<svg><g><text>s</text></g></svg><math><mi>m</mi></math><input checked><br></div>".utf8),
        url: "file:///page.html"
    ).document

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        let text = String(decoding: input, as: UTF8.self)
        let selectors: SelectorList
        do {
            selectors = try SelectorList(parsing: text)
        } catch {
            let scalars = text.unicodeScalars.count
            try require(
                (1...scalars + 1).contains(error.position),
                "'\(text)': the error '\(error)' points outside the selector (\(scalars) characters)")
            return
        }
        guard let page else { throw FuzzViolation("the fixed page does not parse") }
        for foreign in [false, true] {
            let xpath = selectors.xpath(foreignContent: foreign)
            do {
                let expression = try XPathExpression(xpath)
                _ = try page.evaluate(expression)
            } catch {
                throw FuzzViolation("'\(text)' compiles to \(xpath), which libxml2 rejects: \(error)")
            }
        }
        _ = selectors.streamable
    }
}
