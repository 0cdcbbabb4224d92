// Turns gumbo's tree into a libxml2 document (the shape of CONTRIBUTING.md's "How tb html selects"), freeing
// gumbo's nodes as it goes.
internal import CGumbo
internal import CLibXML2
import Glibc

/// libxml2's functions, called through the table once `LibXML2.loaded` succeeded (parseHTML5 checks).
var libxml2: CLibXML2_table { CLibXML2_fn().pointee }

typealias GumboNodePointer = UnsafeMutablePointer<GumboNode>
typealias XMLNodePointer = UnsafeMutablePointer<xmlNode>

/// One walk over gumbo's tree: pre-order builds libxml2's nodes, post-order frees gumbo's. The walk keeps its own
/// stack, so 100,000 nested elements cost heap, not C stack (gumbo's own gumbo_destroy_output recurses: it only
/// ever sees an emptied document).
struct TreeBuilder {
    let document: UnsafeMutablePointer<xmlDoc>
    let dictionary: OpaquePointer
    let options: UnsafeMutablePointer<GumboOptions>
    /// Whether gumbo's strings can become libxml2's node contents as they are: gumbo allocates with malloc (its
    /// default allocator, which parseHTML5 keeps) and libxml2 frees with xmlFree, which is free unless someone
    /// called xmlMemSetup. Saves a copy of every text and value (14 MB of peak memory for a 14 MB script).
    let movesStrings: Bool
    /// The dictionary's name of each known tag, per namespace (HTML, SVG, MathML), looked up once.
    var tagNames: [UnsafePointer<xmlChar>?]
    /// The root element, which declares the namespaces the first time an element or attribute needs them.
    var root: XMLNodePointer?
    /// The namespaces declared so far, by `Namespace`.
    var namespaces: [xmlNsPtr?] = [nil, nil, nil, nil]
    /// The dictionary's copies of the attribute names the builder looks for (same name, same pointer).
    var names: (id: UnsafePointer<xmlChar>?, arcrole: UnsafePointer<xmlChar>?)
    /// Set when libxml2 could not allocate: the walk then only frees gumbo's tree.
    var failed = false
    /// Scratch space for names that gumbo does not know (custom elements).
    var name: [UInt8] = []

    static let tagCount = Int(GUMBO_TAG_LAST.rawValue)

    /// Converts and frees `output`. Returns the `xmlDocPtr`, or nil when libxml2 ran out of memory.
    static func build(
        _ output: UnsafeMutablePointer<GumboOutput>, options: UnsafeMutablePointer<GumboOptions>, url: String?
    ) -> OpaquePointer? {
        guard let document = libxml2.htmlNewDocNoDtD(nil, nil) else {
            destroy(output, options: options)
            return nil
        }
        guard let dictionary = libxml2.xmlDictCreate() else {
            libxml2.xmlFreeDoc(document)
            destroy(output, options: options)
            return nil
        }
        // Names come from the dictionary: one copy per distinct name, freed with the document.
        document.pointee.dict = dictionary
        if let url { document.pointee.URL = UnsafePointer(libxml2.xmlStrdup(url)) }
        var builder = TreeBuilder(
            document: document, dictionary: dictionary, options: options, movesStrings: CLibXML2_freesWithFree(),
            tagNames: Array(repeating: nil, count: 3 * tagCount),
            names: (libxml2.xmlDictLookup(dictionary, "id", -1), libxml2.xmlDictLookup(dictionary, "xlink:arcrole", -1))
        )
        // gumbo always builds a document node.
        if let gumboDocument = output.pointee.document {
            builder.doctype(gumboDocument)
            builder.walk(gumboDocument)
        }
        gumbo.gumbo_destroy_output(options, output)
        if builder.failed {
            libxml2.xmlFreeDoc(document)
            return nil
        }
        return OpaquePointer(document)
    }

    /// Frees gumbo's tree without recursing (gumbo_destroy_output recurses once per level).
    static func destroy(_ output: UnsafeMutablePointer<GumboOutput>, options: UnsafeMutablePointer<GumboOptions>) {
        var stack = output.pointee.document.map { children(of: $0).compactMap { $0 } } ?? []
        if let document = output.pointee.document { setChildCount(of: document, 0) }
        while let node = stack.popLast()?.assumingMemoryBound(to: GumboNode.self) {
            if node.pointee.type == GUMBO_NODE_ELEMENT || node.pointee.type == GUMBO_NODE_TEMPLATE {
                stack.append(contentsOf: children(of: node).compactMap { $0 })
                setChildCount(of: node, 0)
            }
            gumbo.gumbo_destroy_node(options, node)
        }
        gumbo.gumbo_destroy_output(options, output)
    }

    /// The doctype, which gumbo keeps as fields of the document node.
    mutating func doctype(_ node: GumboNodePointer) {
        let doctype = node.pointee.v.document
        guard doctype.has_doctype else { return }
        func identifier(_ text: UnsafePointer<CChar>?) -> String? {
            guard let text, text.pointee != 0 else { return nil }
            return String(cString: text)
        }
        let name = doctype.name.map { String(cString: $0) } ?? ""
        if libxml2.xmlCreateIntSubset(
            document, name, identifier(doctype.public_identifier), identifier(doctype.system_identifier)) == nil
        {
            failed = true
        }
    }

    /// A node being converted: its children up to `next` are done.
    struct Frame {
        let gumbo: GumboNodePointer
        /// nil for the document.
        let xml: XMLNodePointer?
        var next: Int
    }

    mutating func walk(_ gumboDocument: GumboNodePointer) {
        var stack = [Frame(gumbo: gumboDocument, xml: nil, next: 0)]
        while let top = stack.last {
            let children = Self.children(of: top.gumbo)
            guard top.next < children.count else {
                // Post-order: every child is converted and freed; the node goes without recursing.
                stack.removeLast()
                Self.setChildCount(of: top.gumbo, 0)
                if top.gumbo.pointee.type != GUMBO_NODE_DOCUMENT { gumbo.gumbo_destroy_node(options, top.gumbo) }
                continue
            }
            stack[stack.count - 1].next += 1
            // A vector of GumboNode pointers, never NULL.
            guard let child = children[top.next]?.assumingMemoryBound(to: GumboNode.self) else { continue }
            switch child.pointee.type {
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                let element = failed ? nil : self.element(child, parent: top.xml)
                if element == nil { failed = true }
                stack.append(Frame(gumbo: child, xml: element, next: 0))
                continue
            case GUMBO_NODE_COMMENT:
                if !failed,
                    let comment = libxml2.xmlNewDocComment(document, child.pointee.v.text.text.map(UnsafePointer.init))
                {
                    append(comment, to: top.xml)
                } else {
                    failed = true
                }
            default:  // text, whitespace, CDATA
                if !failed { text(child, parent: top.xml) }
            }
            gumbo.gumbo_destroy_node(options, child)
        }
    }

    static func children(of node: GumboNodePointer) -> UnsafeMutableBufferPointer<UnsafeMutableRawPointer?> {
        let vector =
            node.pointee.type == GUMBO_NODE_DOCUMENT
            ? node.pointee.v.document.children : node.pointee.v.element.children
        return UnsafeMutableBufferPointer(start: vector.data, count: vector.data == nil ? 0 : Int(vector.length))
    }

    static func setChildCount(of node: GumboNodePointer, _ count: UInt32) {
        if node.pointee.type == GUMBO_NODE_DOCUMENT {
            node.pointee.v.document.children.length = count
        } else {
            node.pointee.v.element.children.length = count
        }
    }

    /// Links `node` as the last child of `parent` (nil: the document). Elements are linked by hand: xmlAddChild
    /// would look for text to merge and namespaces to reconcile, which the builder handles itself.
    mutating func append(_ node: XMLNodePointer, to parent: XMLNodePointer?) {
        guard let parent else {
            // The document's few children: libxml2 links them (an xmlDoc is not an xmlNode to Swift).
            _ = libxml2.xmlAddChild(UnsafeMutablePointer(OpaquePointer(document)), node)
            if root == nil, node.pointee.type == XML_ELEMENT_NODE { root = node }
            return
        }
        node.pointee.parent = parent
        if let last = parent.pointee.last {
            last.pointee.next = node
            node.pointee.prev = last
        } else {
            parent.pointee.children = node
        }
        parent.pointee.last = node
    }

    /// A text node: gumbo's text itself when it can move, else a copy. Text right after text (gumbo can leave
    /// two such nodes side by side) joins it, as in the DOM.
    mutating func text(_ node: GumboNodePointer, parent: XMLNodePointer?) {
        guard let text = node.pointee.v.text.text else { return }
        if let last = parent?.pointee.last ?? nil, last.pointee.type == XML_TEXT_NODE {
            libxml2.xmlNodeAddContentLen(last, UnsafePointer(OpaquePointer(text)), Int32(clamping: strlen(text)))
            return
        }
        let xmlText: XMLNodePointer?
        if movesStrings {
            xmlText = libxml2.xmlNewDocText(document, nil)
            if let xmlText {
                xmlText.pointee.content = UnsafeMutablePointer(OpaquePointer(text))
                node.pointee.v.text.text = nil
            }
        } else {
            xmlText = libxml2.xmlNewDocTextLen(
                document, UnsafePointer(OpaquePointer(text)), Int32(clamping: strlen(text)))
        }
        guard let xmlText else {
            failed = true
            return
        }
        append(xmlText, to: parent)
    }
}

extension TreeBuilder {
    /// The namespaces of foreign elements and attributes, with the prefixes CONTRIBUTING.md gives ("How tb html selects").
    enum Namespace: Int {
        case svg, mathML, xlink, xml

        var uri: String {
            switch self {
            case .svg: "http://www.w3.org/2000/svg"
            case .mathML: "http://www.w3.org/1998/Math/MathML"
            case .xlink: "http://www.w3.org/1999/xlink"
            case .xml: "http://www.w3.org/XML/1998/namespace"
            }
        }

        var prefix: String {
            switch self {
            case .svg: "svg"
            case .mathML: "math"
            case .xlink: "xlink"
            case .xml: "xml"
            }
        }
    }

    /// The element for `node`, with its attributes, linked into `parent`; nil when libxml2 cannot allocate.
    mutating func element(_ node: GumboNodePointer, parent: XMLNodePointer?) -> XMLNodePointer? {
        let element = node.pointee.v.element
        guard let name = elementName(element) else { return nil }
        var namespace: xmlNsPtr? = nil
        if element.tag_namespace != GUMBO_NAMESPACE_HTML {
            // The root is always an HTML element: foreign ones are below it.
            namespace =
                declare(element.tag_namespace == GUMBO_NAMESPACE_SVG ? .svg : .mathML)
            if namespace == nil { return nil }
        }
        guard
            let xmlElement = libxml2.xmlNewDocNodeEatName(
                document, namespace, UnsafeMutablePointer(mutating: name), nil)
        else { return nil }
        append(xmlElement, to: parent)
        let attributes = element.attributes
        guard attributes.length > 0, let data = attributes.data else { return xmlElement }
        var last: xmlAttrPtr? = nil
        for index in 0..<Int(attributes.length) {
            // A vector of GumboAttribute pointers, never NULL.
            guard let attribute = data[index]?.assumingMemoryBound(to: GumboAttribute.self) else { continue }
            guard let property = self.attribute(attribute, foreign: namespace != nil) else { return nil }
            property.pointee.parent = xmlElement
            if let last {
                last.pointee.next = property
                property.pointee.prev = last
            } else {
                xmlElement.pointee.properties = property
            }
            last = property
        }
        return xmlElement
    }

    /// The dictionary's copy of the element's name: lower case for HTML (custom elements as written, lower-cased),
    /// SVG's mixed case (foreignObject, clipPath).
    mutating func elementName(_ element: GumboElement) -> UnsafePointer<xmlChar>? {
        let namespaceIndex = Int(element.tag_namespace.rawValue)
        let known = element.tag != GUMBO_TAG_UNKNOWN
        let slot = namespaceIndex * Self.tagCount + Int(element.tag.rawValue)
        if known, let name = tagNames[slot] { return name }
        name.removeAll(keepingCapacity: true)
        if known {
            // Static, NUL-terminated, lower case.
            if let tagName = gumbo.gumbo_normalized_tagname(element.tag) {
                name.append(contentsOf: UnsafeRawBufferPointer(start: tagName, count: strlen(tagName)))
            }
        } else {
            // The name as written in the start tag, which gumbo keeps only as source text.
            var original = element.original_tag
            gumbo.gumbo_tag_from_original_text(&original)
            if let data = original.data {
                for byte in UnsafeRawBufferPointer(start: data, count: original.length) {
                    switch byte {
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): name.append(byte | 0x20)
                    // The tokenizer's U+FFFD for a NUL, which the source text still holds.
                    case 0: name.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    default: name.append(byte)
                    }
                }
            }
            // The source's bytes, which need not be UTF-8: the tokenizer's name has U+FFFD for what is not.
            if name.contains(where: { $0 >= 0x80 }) { name = Array(String(decoding: name, as: UTF8.self).utf8) }
        }
        if element.tag_namespace == GUMBO_NAMESPACE_SVG {
            let adjusted = name.withUnsafeBufferPointer { bytes in
                var piece = GumboStringPiece(
                    data: UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), length: bytes.count)
                return gumbo.gumbo_normalize_svg_tagname(&piece)
            }
            if let adjusted {
                name.removeAll(keepingCapacity: true)
                name.append(contentsOf: UnsafeRawBufferPointer(start: adjusted, count: strlen(adjusted)))
            }
        }
        let lookedUp = name.withUnsafeBufferPointer {
            libxml2.xmlDictLookup(dictionary, $0.baseAddress, Int32($0.count))
        }
        if known { tagNames[slot] = lookedUp }
        return lookedUp
    }

    /// The namespace, declared on the root element the first time it is needed (the xml prefix: libxml2's own
    /// declaration, which needs none in the tree).
    mutating func declare(_ namespace: Namespace) -> xmlNsPtr? {
        if let declared = namespaces[namespace.rawValue] { return declared }
        guard let root else { return nil }
        let declared =
            namespace == .xml
            ? libxml2.xmlSearchNs(document, root, "xml") : libxml2.xmlNewNs(root, namespace.uri, namespace.prefix)
        namespaces[namespace.rawValue] = declared
        return declared
    }

    /// An attribute, not yet linked. gumbo has adjusted the case of SVG and MathML names (viewBox, definitionURL)
    /// and split the foreign ones it knows into a namespace and a local name (xlink:href → XLINK, "href").
    mutating func attribute(_ attribute: UnsafeMutablePointer<GumboAttribute>, foreign: Bool) -> xmlAttrPtr? {
        var namespace: xmlNsPtr? = nil
        // gumbo's own name, NUL-terminated; a Swift string only for the rare names that change.
        let empty: StaticString = ""
        let gumboName = (attribute.pointee.name.map { UnsafeRawPointer($0) } ?? UnsafeRawPointer(empty.utf8Start))
            .assumingMemoryBound(to: xmlChar.self)
        var name: UnsafePointer<xmlChar>?
        switch attribute.pointee.attr_namespace {
        case GUMBO_ATTR_NAMESPACE_XLINK, GUMBO_ATTR_NAMESPACE_XML:
            namespace = declare(attribute.pointee.attr_namespace == GUMBO_ATTR_NAMESPACE_XLINK ? .xlink : .xml)
            if namespace == nil { return nil }
            name = libxml2.xmlDictLookup(dictionary, gumboName, -1)
        case GUMBO_ATTR_NAMESPACE_XMLNS:
            // xmlns and xmlns:xlink stay plain attributes under their written names.
            let localName = String(cString: gumboName)
            name = libxml2.xmlDictLookup(dictionary, localName == "xmlns" ? localName : "xmlns:" + localName, -1)
        default:
            name = libxml2.xmlDictLookup(dictionary, gumboName, -1)
            // gumbo 0.10.1's table lists xlink:actuate twice and xlink:arcrole never.
            if foreign, name == names.arcrole {
                namespace = declare(.xlink)
                if namespace == nil { return nil }
                name = libxml2.xmlDictLookup(dictionary, "arcrole", -1)
            }
        }
        guard let name,
            let property = libxml2.xmlNewNsPropEatName(nil, namespace, UnsafeMutablePointer(mutating: name), nil)
        else { return nil }
        property.pointee.doc = document
        guard let value = attribute.pointee.value else { return property }
        let text: XMLNodePointer?
        if movesStrings {
            text = libxml2.xmlNewDocText(document, nil)
            text?.pointee.content = UnsafeMutablePointer(
                mutating: UnsafeRawPointer(value).assumingMemoryBound(to: xmlChar.self))
            if text != nil { attribute.pointee.value = nil }
        } else {
            text = libxml2.xmlNewDocTextLen(
                document, UnsafePointer(OpaquePointer(value)), Int32(clamping: strlen(value)))
        }
        guard let text else {
            libxml2.xmlFreeProp(property)
            return nil
        }
        text.pointee.parent = UnsafeMutablePointer(OpaquePointer(property))
        property.pointee.children = text
        property.pointee.last = text
        if namespace == nil, name == names.id {
            // As libxml2's own parser does: XPath's id() finds it.
            _ = libxml2.xmlAddID(nil, document, text.pointee.content, property)
        }
        return property
    }
}
