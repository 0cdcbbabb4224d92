// An HTML document as libxml2's tree: the owner of the xmlDoc that both parsers produce (see notes/html.md).
internal import CLibXML2

/// An HTML document held as a libxml2 tree. The corresponding C type is `xmlDoc`.
public final class HTMLDocument: @unchecked Sendable {
    /// The `xmlDocPtr`, freed with the document.
    let document: OpaquePointer

    private init(document: OpaquePointer) {
        self.document = document
    }

    /// Takes ownership of `document`, an `xmlDocPtr` built elsewhere (the Gumbo shim's tree builder).
    package static func adopting(_ document: OpaquePointer) -> HTMLDocument {
        HTMLDocument(document: document)
    }

    deinit {
        libxml2.xmlFreeDoc(UnsafeMutablePointer<xmlDoc>(document))
    }
}
