// A second, lenient reading of an XML document that is not well-formed: libxml2's recovering parser builds what tree
// it can (closing what a truncated document left open, dropping a stray end tag or a bad character), and the tree is
// written back as well-formed XML, which a strict parser then reads as it reads any document.
internal import CLibXML2

/// libxml2's recovering XML parser. The corresponding C functions are `xmlReadMemory` and `xmlDocDumpMemoryEnc`.
public enum XMLRecovery {
    /// `utf8` read leniently and written back as well-formed UTF-8 XML, or nil when libxml2 found no element at all.
    /// Nothing is fetched (XML_PARSE_NONET, no DTD loaded, no entity substituted from one): a reference to an entity
    /// the document does not declare is dropped, so callers rewrite those first. Errors are not reported: the caller
    /// has the strict parser's.
    public static func wellFormed(_ utf8: [UInt8]) throws(LibXML2Error) -> [UInt8]? {
        let options =
            XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_IGNORE_ENC.rawValue
        let parsed = try LibXML2.reading(utf8) {
            libxml2.xmlReadMemory($0, $1, nil, "UTF-8", Int32(options))
        }
        guard let document = parsed else { return nil }
        defer { libxml2.xmlFreeDoc(document) }
        guard libxml2.xmlDocGetRootElement(document) != nil else { return nil }
        var text: UnsafeMutablePointer<xmlChar>?
        var size: Int32 = 0
        libxml2.xmlDocDumpMemoryEnc(document, &text, &size, "UTF-8")
        guard let text else { throw LibXML2Error.outOfMemory }
        defer { CLibXML2_free(text) }
        return Array(UnsafeBufferPointer(start: text, count: Int(size)))
    }
}
