// outerHTML and innerHTML by the HTML standard's fragment serialization algorithm (not libxml2's HTML4 serializer):
// void elements, raw text, the standard's escaping; a loop over the tree, not recursion.
internal import CLibXML2
import HTML5

extension HTMLNode {
    /// The node as HTML: an element with its start tag, content and end tag (none for void elements such as `br`),
    /// a text node escaped (unless inside `script`, `style` and the other raw text elements), a comment as
    /// `<!--…-->`, an attribute as `name="value"`, the document as its doctype and children.
    public var outerHTML: String { HTMLSerializer.html(of: node, includingNode: true) }

    /// The serialization of the node's children; "" for nodes without children.
    public var innerHTML: String { HTMLSerializer.html(of: node, includingNode: false) }
}

/// The standard's "serializing HTML fragments" over a libxml2 tree, into a byte buffer.
struct HTMLSerializer {
    private var bytes: [UInt8] = []

    static func html(of node: xmlNodePtr, includingNode: Bool) -> String {
        var serializer = HTMLSerializer()
        switch node.pointee.type {
        case XML_ELEMENT_NODE where includingNode:
            serializer.open(node)
            if !isVoid(node) {
                serializer.children(of: node)
                serializer.close(node)
            }
        case XML_ELEMENT_NODE, XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE:
            serializer.children(of: node)
        case XML_ATTRIBUTE_NODE where includingNode:
            serializer.attribute(UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlAttr.self))
        case _ where includingNode:
            serializer.open(node)
        default:
            break
        }
        return String(decoding: serializer.bytes, as: UTF8.self)
    }

    /// The children of `root` and everything below them, in order.
    private mutating func children(of root: xmlNodePtr) {
        SerializationWalk.below(
            root, firstChild: { $0.pointee.children }, nextSibling: { $0.pointee.next }, parent: { $0.pointee.parent },
            hasContent: { $0.pointee.type == XML_ELEMENT_NODE && !Self.isVoid($0) }
        ) { node, entering in
            if entering { open(node) } else { close(node) }
        }
    }

    /// An element's start tag, or the whole of any other node.
    private mutating func open(_ node: xmlNodePtr) {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            append("<")
            tagName(node)
            var property = node.pointee.properties
            while let current = property {
                append(" ")
                attribute(current)
                property = current.pointee.next
            }
            append(">")
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            if let parent = node.pointee.parent, Self.isRawText(parent) {
                append(node.pointee.content)
            } else {
                appendEscaped(node.pointee.content, inAttribute: false)
            }
        case XML_COMMENT_NODE:
            append("<!--")
            append(node.pointee.content)
            append("-->")
        case XML_PI_NODE:
            append("<?")
            append(node.pointee.name)
            append(" ")
            append(node.pointee.content)
            append(">")
        case XML_DTD_NODE:
            append("<!DOCTYPE ")
            append(node.pointee.name)
            append(">")
        case XML_ENTITY_REF_NODE:
            append("&")
            append(node.pointee.name)
            append(";")
        default:
            break
        }
    }

    private mutating func close(_ element: xmlNodePtr) {
        append("</")
        tagName(element)
        append(">")
    }

    /// The local name of HTML, SVG and MathML elements; `prefix:name` in other namespaces.
    private mutating func tagName(_ element: xmlNodePtr) {
        if let namespace = element.pointee.ns, let prefix = namespace.pointee.prefix,
            !(Self.standardNamespaces.contains { XMLStrings.equal(namespace.pointee.href, $0) })
        {
            append(prefix)
            append(":")
        }
        append(element.pointee.name)
    }

    /// `name="value"`, the name as in the tree (`xlink:href`).
    private mutating func attribute(_ attribute: xmlAttrPtr) {
        if let prefix = attribute.pointee.ns?.pointee.prefix {
            append(prefix)
            append(":")
        }
        append(attribute.pointee.name)
        append("=\"")
        var text = attribute.pointee.children
        while let node = text {
            if node.pointee.type == XML_TEXT_NODE { appendEscaped(node.pointee.content, inAttribute: true) }
            text = node.pointee.next
        }
        append("\"")
    }

    private static let standardNamespaces: [StaticString] = [
        "http://www.w3.org/1999/xhtml", "http://www.w3.org/2000/svg", "http://www.w3.org/1998/Math/MathML",
    ]
    /// Elements without content or end tag (with the obsolete ones the standard still lists).
    static let voidElements: [StaticString] = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
        "meta", "param", "source", "track", "wbr",
    ]
    /// Elements whose text is written as it is (noscript too: browsers run scripts).
    static let rawTextElements: [StaticString] = [
        "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript",
    ]

    private static func isHTML(_ element: xmlNodePtr) -> Bool {
        guard element.pointee.type == XML_ELEMENT_NODE else { return false }
        guard let namespace = element.pointee.ns else { return true }
        return XMLStrings.equal(namespace.pointee.href, "http://www.w3.org/1999/xhtml")
    }

    static func isVoid(_ element: xmlNodePtr) -> Bool {
        isHTML(element) && voidElements.contains { XMLStrings.equal(element.pointee.name, $0) }
    }

    private static func isRawText(_ element: xmlNodePtr) -> Bool {
        isHTML(element) && rawTextElements.contains { XMLStrings.equal(element.pointee.name, $0) }
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func append(_ text: UnsafePointer<xmlChar>?) {
        guard let text else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: XMLStrings.length(text)))
    }

    /// `text` with `&` and U+00A0 escaped, and `"` in an attribute value or `<` and `>` in text.
    /// `value` escaped as text or as an attribute value.
    static func escaped(_ value: String, inAttribute: Bool) -> String {
        var serializer = HTMLSerializer()
        value.withCString {
            serializer.appendEscaped(
                UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self), inAttribute: inAttribute)
        }
        return String(decoding: serializer.bytes, as: UTF8.self)
    }

    private mutating func appendEscaped(_ text: UnsafePointer<xmlChar>?, inAttribute: Bool) {
        guard let text else { return }
        var run = text
        var cursor = text
        while cursor.pointee != 0 {
            let escape: StaticString
            var width = 1
            switch cursor.pointee {
            case UInt8(ascii: "&"): escape = "&amp;"
            case 0xC2 where cursor[1] == 0xA0:
                escape = "&nbsp;"
                width = 2
            case UInt8(ascii: "\"") where inAttribute: escape = "&quot;"
            case UInt8(ascii: "<") where !inAttribute: escape = "&lt;"
            case UInt8(ascii: ">") where !inAttribute: escape = "&gt;"
            default:
                cursor += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: run, count: cursor - run))
            append(escape)
            cursor += width
            run = cursor
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: run, count: cursor - run))
    }
}
