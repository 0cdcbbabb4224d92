// An HTML document as a libxml2 tree: parsed by libxml2's own HTML parser, or built elsewhere (tb's HTML5 parser's sink)
// and adopted; evaluated with XPath.
internal import CLibXML2
import Threads

/// An HTML document: a libxml2 tree this object owns and frees. It may move between threads; its lazily built
/// state (positions of nodes among their siblings, the XPath context) is guarded by a lock, so evaluations and
/// node properties may even come from several threads (they take turns). The tree itself never changes.
/// The corresponding C type is `xmlDoc`.
public final class HTMLDocument: @unchecked Sendable {
    let document: xmlDocPtr
    /// The node positions and the XPath context, made on first use.
    let state = Locked(DocumentState())

    /// Parses `utf8` with libxml2's HTML parser (HTML4 rules; not the way browsers parse). The bytes are UTF-8
    /// whatever a `<meta charset>` inside says (tb transcodes before parsing); `url` is the document's URL.
    /// Without limits on nesting or the size of a text (XML_PARSE_HUGE), recovering from every error silently,
    /// never reading the network, without a default doctype. The corresponding C function is `htmlReadMemory`.
    public init(libxml2 utf8: [UInt8], url: String?) throws(LibXML2Error) {
        let options =
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue
            | HTML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_HUGE.rawValue
        let parsed = try LibXML2.reading(utf8) {
            libxml2.htmlReadMemory($0, $1, url, "UTF-8", Int32(options))
        }
        // libxml2 makes no document of empty input; an empty document it is.
        guard let document = parsed ?? libxml2.htmlNewDocNoDtD(nil, nil) else { throw LibXML2Error.outOfMemory }
        self.document = document
    }

    private init(adopting document: xmlDocPtr) {
        self.document = document
    }

    /// Takes ownership of `document`, an `xmlDocPtr` (of type XML_HTML_DOCUMENT_NODE) built by another shim, such
    /// as the HTML5 tree sink: it is freed with this object. Its nodes' `_private` fields must be NULL and belong to
    /// the HTMLDocument from now on (it keeps the positions of nodes there).
    package static func adopting(_ document: OpaquePointer) -> HTMLDocument {
        HTMLDocument(adopting: xmlDocPtr(document))
    }

    deinit {
        state.withLock { $0.free() }
        libxml2.xmlFreeDoc(document)
    }

    /// Keeps this document until the process exits instead of freeing it when the last reference goes, and frees the
    /// one kept before: freeing a tree of millions of nodes costs a tenth of a run, just before exit would give all
    /// the memory back at once.
    public func keepUntilExit() {
        keptDocument.withLock { $0 = self }
    }

    /// Frees the document kept with `keepUntilExit`, if any (before building the next one, so that two large trees
    /// never live at once).
    public static func releaseKept() {
        keptDocument.withLock { $0 = nil }
    }

    /// The document node itself, the parent of the root element (and of a doctype or comments around it).
    public var documentNode: HTMLNode {
        HTMLNode(self, UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self))
    }

    /// The root element (`html`), or nil for an empty document. The corresponding C function is
    /// `xmlDocGetRootElement`.
    public var rootElement: HTMLNode? {
        libxml2.xmlDocGetRootElement(document).map { HTMLNode(self, $0) }
    }

    /// Whether the document has SVG or MathML elements, whose names CSS compares differently. The HTML5 tree sink
    /// declares their namespaces on the root element when it makes the first such element, and libxml2's own parser
    /// makes none: the root's declarations tell, without a walk of the tree.
    public var hasForeignElements: Bool {
        var namespace = libxml2.xmlDocGetRootElement(document)?.pointee.nsDef
        while let current = namespace {
            let uri = current.pointee.href
            if XMLStrings.equal(uri, "http://www.w3.org/2000/svg")
                || XMLStrings.equal(uri, "http://www.w3.org/1998/Math/MathML")
            {
                return true
            }
            namespace = current.pointee.next
        }
        return false
    }

    /// Evaluates `expression` with the document node as the context node, the prefixes `svg`, `math`, `xlink` and
    /// `tb` and the tb: functions. An error at evaluation (an unknown prefix or function, a wrong argument) is a
    /// LibXML2Error with libxml2's message. The corresponding C function is `xmlXPathCompiledEval`.
    public func evaluate(_ expression: XPathExpression) throws(LibXML2Error) -> XPathResult {
        try state.withLock { state throws(LibXML2Error) in
            let context = try state.context(for: document)
            context.pointee.node = UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self)
            context.pointee.contextSize = 1
            context.pointee.proximityPosition = 1
            return try expression.evaluate(in: context, document: self)
        }
    }

    /// Evaluates `expression` with `node`, a node of this document, as the context node (a relative path selects
    /// from there); otherwise as `evaluate(_:)`.
    public func evaluate(_ expression: XPathExpression, at node: HTMLNode) throws(LibXML2Error) -> XPathResult {
        try state.withLock { state throws(LibXML2Error) in
            let context = try state.context(for: document)
            context.pointee.node = node.node
            context.pointee.contextSize = 1
            context.pointee.proximityPosition = 1
            return try expression.evaluate(in: context, document: self)
        }
    }
}

/// The document `keepUntilExit` keeps.
private let keptDocument = Locked<HTMLDocument?>(nil)
