// A node of an HTMLDocument's tree as Swift values: its kind, name, namespace, attributes, text and neighbours.
internal import CLibXML2

/// A node of an HTMLDocument (element, text, comment, attribute…); it keeps its document alive. Reading it builds
/// only the Strings asked for. Two values are equal when they are the same node.
public struct HTMLNode: @unchecked Sendable, Hashable {
    /// What a node is.
    public enum Kind: Sendable, Hashable {
        case element, text, comment, attribute, document
        /// A doctype, a processing instruction, an entity reference.
        case other
    }

    /// An element's or an attribute's namespace.
    public enum Namespace: Sendable, Hashable {
        /// No namespace: HTML elements and ordinary attributes (and every node that is not an element or attribute).
        case html
        case svg
        case mathml
        case other(String)
    }

    /// The document, held so that the node stays valid.
    public let document: HTMLDocument
    /// The node; an attribute (`xmlAttr`) or the document (`xmlDoc`) too, whose first fields are a node's.
    let node: xmlNodePtr

    init(_ document: HTMLDocument, _ node: xmlNodePtr) {
        self.document = document
        self.node = node
    }

    public static func == (a: HTMLNode, b: HTMLNode) -> Bool { a.node == b.node }
    public func hash(into hasher: inout Hasher) { hasher.combine(node) }

    public var kind: Kind {
        switch node.pointee.type {
        case XML_ELEMENT_NODE: .element
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: .text
        case XML_COMMENT_NODE: .comment
        case XML_ATTRIBUTE_NODE: .attribute
        case XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE: .document
        default: .other
        }
    }

    /// An element's local name ("a", "foreignObject"); an attribute's name with its prefix ("href", "xlink:href");
    /// a doctype's or processing instruction's name; "" for text, comments and the document.
    public var name: String {
        switch node.pointee.type {
        case XML_ELEMENT_NODE, XML_DTD_NODE, XML_PI_NODE, XML_ENTITY_REF_NODE: XMLStrings.string(node.pointee.name)
        case XML_ATTRIBUTE_NODE: XMLStrings.qualifiedName(node.pointee.ns?.pointee.prefix, node.pointee.name)
        default: ""
        }
    }

    /// An element's or attribute's namespace; `.html` for no namespace and for every other kind of node.
    public var namespace: Namespace {
        let type = node.pointee.type
        guard type == XML_ELEMENT_NODE || type == XML_ATTRIBUTE_NODE, let uri = node.pointee.ns?.pointee.href else {
            return .html
        }
        if XMLStrings.equal(uri, "http://www.w3.org/2000/svg") { return .svg }
        if XMLStrings.equal(uri, "http://www.w3.org/1998/Math/MathML") { return .mathml }
        if XMLStrings.equal(uri, "http://www.w3.org/1999/xhtml") && type == XML_ELEMENT_NODE { return .html }
        return .other(XMLStrings.string(uri))
    }

    /// An element's attributes in source order, names with their prefix ("xlink:href"); empty for other nodes.
    public var attributes: [(name: String, value: String)] {
        guard node.pointee.type == XML_ELEMENT_NODE else { return [] }
        var count = 0
        var attribute = node.pointee.properties
        while let current = attribute {
            count += 1
            attribute = current.pointee.next
        }
        var result: [(name: String, value: String)] = []
        result.reserveCapacity(count)
        attribute = node.pointee.properties
        while let current = attribute {
            result.append(
                (
                    XMLStrings.qualifiedName(current.pointee.ns?.pointee.prefix, current.pointee.name),
                    NodeText.value(of: current)
                ))
            attribute = current.pointee.next
        }
        return result
    }

    /// The value of the element's attribute called `name` (with its prefix, as in `attributes`), or nil.
    public func attribute(_ name: String) -> String? {
        guard node.pointee.type == XML_ELEMENT_NODE else { return nil }
        var name = name
        return name.withUTF8 { wanted -> String? in
            var attribute = node.pointee.properties
            while let current = attribute {
                if NodeText.isNamed(current, wanted) { return NodeText.value(of: current) }
                attribute = current.pointee.next
            }
            return nil
        }
    }

    /// The text: of an element or the document, all descendant text nodes joined (as `xmlNodeGetContent`); of an
    /// attribute, its value; of a text node or comment, its own text.
    public var textContent: String { NodeText.content(of: node) }

    /// The parent: an element, or the document node for the root element; an attribute's element. Nil for the
    /// document.
    public var parent: HTMLNode? {
        node.pointee.parent.map { HTMLNode(document, $0) }
    }

    /// The child nodes in order (elements, text, comments…); none for an attribute.
    public var children: [HTMLNode] {
        var result: [HTMLNode] = []
        var child = firstChild
        while let current = child {
            result.append(current)
            child = current.nextSibling
        }
        return result
    }

    /// The first child node, nil for none (and for an attribute: its value is `textContent`).
    public var firstChild: HTMLNode? {
        guard node.pointee.type != XML_ATTRIBUTE_NODE else { return nil }
        return node.pointee.children.map { HTMLNode(document, $0) }
    }

    /// The last child node.
    public var lastChild: HTMLNode? {
        guard node.pointee.type != XML_ATTRIBUTE_NODE else { return nil }
        return node.pointee.last.map { HTMLNode(document, $0) }
    }

    /// The next node with the same parent; nil for the last one and for attributes.
    public var nextSibling: HTMLNode? {
        guard node.pointee.type != XML_ATTRIBUTE_NODE else { return nil }
        return node.pointee.next.map { HTMLNode(document, $0) }
    }

    /// The previous node with the same parent; nil for the first one and for attributes.
    public var previousSibling: HTMLNode? {
        guard node.pointee.type != XML_ATTRIBUTE_NODE else { return nil }
        return node.pointee.prev.map { HTMLNode(document, $0) }
    }
}
