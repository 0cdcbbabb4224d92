// The text of nodes and attribute values, each built straight into its String (one allocation): walks count the
// bytes first, then copy them.
internal import CLibXML2

enum NodeText {
    /// Whether `attribute`'s name, with its prefix, is the bytes `wanted` ("xlink:href" for xlink's href).
    static func isNamed(_ attribute: xmlAttrPtr, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = attribute.pointee.name
        let nameCount = XMLStrings.length(name)
        guard let prefix = attribute.pointee.ns?.pointee.prefix else {
            return nameCount == wanted.count && matches(name, wanted, from: 0)
        }
        let prefixCount = XMLStrings.length(prefix)
        return prefixCount + 1 + nameCount == wanted.count && matches(prefix, wanted, from: 0)
            && wanted[prefixCount] == UInt8(ascii: ":") && matches(name, wanted, from: prefixCount + 1)
    }

    private static func matches(_ text: UnsafePointer<xmlChar>?, _ wanted: UnsafeBufferPointer<UInt8>, from start: Int)
        -> Bool
    {
        guard let text else { return true }
        var index = 0
        while text[index] != 0 {
            if wanted[start + index] != text[index] { return false }
            index += 1
        }
        return true
    }

    /// An attribute's value: the text of its children (one text node from the parsers, none for a bare `disabled`).
    static func value(of attribute: xmlAttrPtr) -> String {
        guard let first = attribute.pointee.children else { return "" }
        if first.pointee.next == nil && first.pointee.type == XML_TEXT_NODE {
            return XMLStrings.string(first.pointee.content)
        }
        return joinedText(of: UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: xmlNode.self))
    }

    /// What HTMLNode.textContent says.
    static func content(of node: xmlNodePtr) -> String {
        switch node.pointee.type {
        case XML_ATTRIBUTE_NODE:
            return value(of: UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlAttr.self))
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE, XML_PI_NODE:
            return XMLStrings.string(node.pointee.content)
        case XML_ELEMENT_NODE, XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE:
            // The common case, an element holding one text node, copies it at once.
            if let only = node.pointee.children, only.pointee.next == nil, only.pointee.type == XML_TEXT_NODE {
                return XMLStrings.string(only.pointee.content)
            }
            return joinedText(of: node)
        default:
            return ""
        }
    }

    /// The text and CDATA nodes below `root`, joined: one pass to count, one to copy.
    private static func joinedText(of root: xmlNodePtr) -> String {
        var total = 0
        TreeWalk.forEachDescendant(of: root) { node in
            if node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE {
                total += XMLStrings.length(node.pointee.content)
            }
        }
        guard total > 0 else { return "" }
        return String(unsafeUninitializedCapacity: total) { buffer in
            var writer = ByteWriter(buffer)
            TreeWalk.forEachDescendant(of: root) { node in
                if node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE {
                    let content = node.pointee.content
                    writer.write(content, XMLStrings.length(content))
                }
            }
            return writer.count
        }
    }
}
