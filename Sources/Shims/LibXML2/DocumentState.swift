internal import CLibXML2
import Threads

/// What an HTMLDocument makes on first use; only touched with the document's lock held.
struct DocumentState: ~Copyable {
    let positions = NodePositions()
    private var xpathContext: xmlXPathContextPtr?

    /// The document's XPath context, made the first time. (Elements are not numbered first with
    /// `xmlXPathOrderDocElems`: on a 50 MB page that costs 0.25 s, more than it saves in sorting node sets.) The
    /// corresponding C function is `xmlXPathNewContext`.
    mutating func context(for document: xmlDocPtr) throws(LibXML2Error) -> xmlXPathContextPtr {
        if let xpathContext { return xpathContext }
        guard let context = XPathFunctions.newContext(document, positions: positions) else {
            throw LibXML2Error.outOfMemory
        }
        xpathContext = context
        return context
    }

    mutating func free() {
        if let xpathContext { libxml2.xmlXPathFreeContext(xpathContext) }
        xpathContext = nil
    }
}
