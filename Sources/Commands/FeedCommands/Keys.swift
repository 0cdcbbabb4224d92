// The attribute names FeedBuilder reads and the namespace parts it compares, as bytes: expat hands names over as
// bytes, and comparing them with these makes no String per element.

/// Attribute names as written, and the parts of names that are resolved.
enum Keys {
    static let xmlBase = Array("xml:base".utf8)
    static let xmlLang = Array("xml:lang".utf8)
    static let xmlns = Array("xmlns".utf8)
    static let rdfNamespace = Array(Namespace.rdf.utf8)
    static let about = Array("about".utf8)
    static let href = Array("href".utf8)
    static let rel = Array("rel".utf8)
    static let type = Array("type".utf8)
    static let length = Array("length".utf8)
    static let fileSize = Array("fileSize".utf8)
    static let url = Array("url".utf8)
    static let term = Array("term".utf8)
    static let mode = Array("mode".utf8)
    static let isPermaLink = Array("isPermaLink".utf8)
    static let lastmod = Array("lastmod".utf8)
    static let text = Array("text".utf8)
    static let div = Array("div".utf8)
    static let xhtmlNamespace = Array(Namespace.xhtml.utf8)
}
