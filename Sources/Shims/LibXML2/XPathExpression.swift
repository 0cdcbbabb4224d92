// An XPath 1.0 expression compiled once by libxml2 and evaluated on any number of documents.
internal import CLibXML2
import Threads

/// A compiled XPath 1.0 expression. Any thread may evaluate it; evaluations of one expression run one at a time
/// (a lock), because libxml2 writes into a compiled expression while it evaluates it (it caches the functions it
/// looked up). Different expressions evaluate in parallel, on different documents. The corresponding C type is
/// `xmlXPathCompExpr`.
public final class XPathExpression: @unchecked Sendable {
    /// The expression as given.
    public let text: String
    /// Reached only under its lock, which is the expression's lock. (A lock around an empty value would do the same,
    /// but ThreadSanitizer takes an access to a zero-sized value for one at the lock object's own address.)
    private let compiled: Locked<xmlXPathCompExprPtr>

    /// Compiles `text`. An expression libxml2 rejects is an error with its message and the position where it
    /// stopped, such as "invalid predicate at character 4". Names the expression uses (prefixes, functions) are
    /// looked up when it is evaluated. The corresponding C function is `xmlXPathCtxtCompile`.
    public init(_ text: String) throws(LibXML2Error) {
        try LibXML2.loaded.get()
        guard !text.utf8.contains(0) else {
            throw LibXML2Error(code: -1, message: "a NUL character in the expression")
        }
        // With a context, libxml2 bounds the nesting of the expression instead of recursing without limit, and
        // raises its errors through the handlers instead of printing them. The context has no dictionary, so the
        // compiled expression depends on nothing else.
        guard let context = libxml2.xmlXPathNewContext(nil) else { throw LibXML2Error.outOfMemory }
        defer { libxml2.xmlXPathFreeContext(context) }
        let (compiled, error) = catchingXPathErrors { libxml2.xmlXPathCtxtCompile(context, text) }
        guard let compiled else {
            throw error ?? LibXML2Error(code: -1, message: "invalid expression")
        }
        self.text = text
        self.compiled = Locked(compiled)
    }

    deinit {
        compiled.withLock { libxml2.xmlXPathFreeCompExpr($0) }
    }

    /// Evaluates the expression in `context` (the document's, with its node set to the context node) and converts
    /// the result while the document's lock, held by the caller, keeps the tree as it is.
    func evaluate(in context: xmlXPathContextPtr, document: HTMLDocument) throws(LibXML2Error) -> XPathResult {
        try compiled.withLock { compiled throws(LibXML2Error) in
            let (object, error) = catchingXPathErrors { libxml2.xmlXPathCompiledEval(compiled, context) }
            guard let object else {
                throw error ?? LibXML2Error(code: -1, message: "cannot evaluate the expression")
            }
            defer { libxml2.xmlXPathFreeObject(object) }
            return try Self.result(object.pointee, document: document)
        }
    }

    private static func result(_ object: xmlXPathObject, document: HTMLDocument) throws(LibXML2Error) -> XPathResult {
        switch object.type {
        case XPATH_NODESET, XPATH_XSLT_TREE:
            guard let set = object.nodesetval, set.pointee.nodeNr > 0, let table = set.pointee.nodeTab else {
                return .nodes([])
            }
            var nodes: [HTMLNode] = []
            nodes.reserveCapacity(Int(set.pointee.nodeNr))
            for index in 0..<Int(set.pointee.nodeNr) {
                // Namespace nodes are copies that die with the result (and mean nothing in HTML): left out.
                guard let node = table[index], node.pointee.type != XML_NAMESPACE_DECL else { continue }
                nodes.append(HTMLNode(document, node))
            }
            return .nodes(nodes)
        case XPATH_BOOLEAN:
            return .boolean(object.boolval != 0)
        case XPATH_NUMBER:
            return .number(object.floatval)
        case XPATH_STRING:
            return .string(XMLStrings.string(object.stringval))
        default:
            throw LibXML2Error(code: -1, message: "unsupported XPath result type \(object.type.rawValue)")
        }
    }
}

extension LibXML2Error {
    static let outOfMemory = LibXML2Error(code: Int(XML_ERR_NO_MEMORY.rawValue), message: "out of memory")
}
