// The HTML5 parser of tb html: gumbo builds the tree a browser builds, TreeBuilder turns it into libxml2's.
internal import CGumbo
internal import CLibXML2
import LibXML2

/// Parses `utf8`, UTF-8 text, the way browsers parse HTML (gumbo), into a libxml2 document: HTML elements without
/// a namespace, SVG and MathML ones in theirs, attributes in source order, template contents as the template's
/// children (the shape CONTRIBUTING.md's "How tb html selects" gives). `url` becomes the document's URL. Deep
/// nesting is handled iteratively; gumbo's tree is freed while libxml2's grows, so the two are never both whole.
public func parseHTML5(_ utf8: [UInt8], url: String?) throws(GumboError) -> HTMLDocument {
    try Gumbo.loaded.get()
    if case .failure(let error) = LibXML2.loaded { throw GumboError(message: error.message) }
    var options = gumbo.kGumboDefaultOptions.pointee
    // gumbo would keep a record of every parse error, memory nobody reads; each holds a copy of the stack of open
    // elements, so 100,000 unclosed elements would cost 100,000 copies of a stack 100,000 deep.
    options.max_errors = 0
    let result = withUnsafeMutablePointer(to: &options) { options in
        utf8.withUnsafeBufferPointer { bytes -> OpaquePointer? in
            // gumbo's tree points into the input (tag names of unknown elements): it stays until the end.
            let empty: StaticString = ""
            let start = bytes.baseAddress.map { UnsafeRawPointer($0) } ?? UnsafeRawPointer(empty.utf8Start)
            guard
                let output = gumbo.gumbo_parse_with_options(
                    options, start.assumingMemoryBound(to: CChar.self), bytes.count)
            else { return nil }
            return TreeBuilder.build(output, options: options, url: url)
        }
    }
    guard let result else { throw GumboError(message: "out of memory") }
    return HTMLDocument.adopting(result)
}
