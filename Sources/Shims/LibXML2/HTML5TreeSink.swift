// tb's HTML5 parser building a libxml2 document: the TreeSink that turns the tree builder's steps into libxml2 nodes,
// in the shape the rest of tb html relies on (docs/html.md, "One shape, whichever tree"): HTML elements without a
// namespace, SVG and MathML ones in theirs with the prefixes svg and math, declared on the root element; xlink: and
// xml: attributes in theirs; a template's contents as its children.
internal import CLibXML2
import HTML5

extension HTMLDocument {
    /// Parses `utf8` with tb's HTML5 parser (scripting off) into a document whose URL is `url`. `limitReached` tells
    /// whether the parser stopped re-opening formatting elements (a page written to defeat parsers): the tree
    /// differs from a browser's from there on.
    public static func parsingHTML5(_ utf8: [UInt8], url: String?) throws(LibXML2Error) -> (
        document: HTMLDocument, limitReached: Bool
    ) {
        try LibXML2.loaded.get()
        guard let sink = LibXML2TreeSink(url: url) else { throw LibXML2Error.outOfMemory }
        let report = HTML5Parser.parse(utf8, into: sink)
        sink.freeDetachedNodes()
        guard !sink.failed else {
            libxml2.xmlFreeDoc(sink.document)
            throw LibXML2Error.outOfMemory
        }
        return (HTMLDocument.adopting(OpaquePointer(sink.document)), report.limitReached)
    }
}

typealias XMLNodePointer = UnsafeMutablePointer<xmlNode>

/// Builds a libxml2 document as the tree builder says. Every node is linked by hand: xmlAddChild would look for text
/// to merge and namespaces to reconcile on every call, which the tree builder's steps never need.
final class LibXML2TreeSink: TreeSink {
    let document: UnsafeMutablePointer<xmlDoc>
    let dictionary: OpaquePointer
    /// The nodes by NodeID; 0 is the document. A template's contents are the template itself.
    var nodes: [XMLNodePointer?]
    /// The root element, which declares the namespaces the first time an element or attribute needs them.
    var root: XMLNodePointer?
    /// The svg, math, xlink and xml namespaces once declared.
    var namespaces: [xmlNsPtr?] = [nil, nil, nil, nil]
    /// libxml2 could not allocate: the rest of the parse builds nothing and the document is dropped.
    var failed = false
    /// The dictionary's "id", to find the attributes XPath's id() looks up.
    let idName: UnsafePointer<xmlChar>?
    /// Scratch space for NUL-terminated copies of names and text.
    var scratch: [UInt8] = []

    init?(url: String?) {
        guard let document = libxml2.htmlNewDocNoDtD(nil, nil) else { return nil }
        guard let dictionary = libxml2.xmlDictCreate() else {
            libxml2.xmlFreeDoc(document)
            return nil
        }
        // Names come from the dictionary: one copy per distinct name, freed with the document.
        document.pointee.dict = dictionary
        if let url { document.pointee.URL = UnsafePointer(libxml2.xmlStrdup(url)) }
        self.document = document
        self.dictionary = dictionary
        nodes = [UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self)]
        idName = libxml2.xmlDictLookup(dictionary, "id", -1)
    }

    /// How many distinct names the dictionary may hold before new ones are copied for their node instead. libxml2
    /// 2.9's dictionary stops growing its table at 16,384 chains, and a page of a million distinct attribute names
    /// made every lookup walk a long one (23 s for 10 MB). A copy is freed with its node, which the dictionary's
    /// names are not: libxml2 frees a node's name unless the dictionary owns it.
    static let dictionaryLimit = 16_384

    /// The dictionary's copy of `bytes`, or past dictionaryLimit names a copy of its own for the node that eats it.
    func name(_ bytes: Span<UInt8>) -> UnsafePointer<xmlChar>? {
        bytes.withUnsafeBufferPointer { name in
            let length = Int32(clamping: name.count)
            if libxml2.xmlDictSize(dictionary) < Self.dictionaryLimit {
                return libxml2.xmlDictLookup(dictionary, name.baseAddress, length)
            }
            if let known = libxml2.xmlDictExists(dictionary, name.baseAddress, length) { return known }
            return UnsafePointer(libxml2.xmlStrndup(name.baseAddress, length))
        }
    }

    enum Declared: Int {
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

    /// The namespace, declared on the root element the first time it is needed (the xml prefix: libxml2's own
    /// declaration, which needs none in the tree).
    func declare(_ namespace: Declared) -> xmlNsPtr? {
        if let declared = namespaces[namespace.rawValue] { return declared }
        guard let root else { return nil }
        let declared =
            namespace == .xml
            ? libxml2.xmlSearchNs(document, root, "xml") : libxml2.xmlNewNs(root, namespace.uri, namespace.prefix)
        namespaces[namespace.rawValue] = declared
        return declared
    }

    func createElement(
        _ id: NodeID, namespace: Namespace, name: Span<UInt8>, nameID: NameID, attributes: borrowing Attributes
    ) {
        while nodes.count <= id { nodes.append(nil) }
        guard !failed else { return }
        var elementNamespace: xmlNsPtr?
        switch namespace {
        case .html: break
        case .svg: elementNamespace = declare(.svg)
        case .mathml: elementNamespace = declare(.mathML)
        }
        guard namespace == .html || elementNamespace != nil, let name = self.name(name),
            let element = libxml2.xmlNewDocNodeEatName(
                document, elementNamespace, UnsafeMutablePointer(mutating: name), nil)
        else {
            failed = true
            return
        }
        nodes[id] = element
        var last: xmlAttrPtr?
        for index in 0..<attributes.count {
            guard let property = attribute(attributes, index) else {
                failed = true
                return
            }
            property.pointee.parent = element
            if let last {
                last.pointee.next = property
                property.pointee.prev = last
            } else {
                element.pointee.properties = property
            }
            last = property
        }
    }

    /// Attribute `index` of `attributes`, not yet linked.
    func attribute(_ attributes: borrowing Attributes, _ index: Int) -> xmlAttrPtr? {
        var namespace: xmlNsPtr?
        let written = attributes.name(index)
        var localName = written
        switch attributes.namespace(index) {
        case .xlink, .xml:
            namespace = declare(attributes.namespace(index) == .xlink ? .xlink : .xml)
            guard namespace != nil else { return nil }
            // After the prefix and its colon: xlink:href is href in XLink's namespace.
            var colon = 0
            while colon < written.count && written[colon] != 0x3A { colon += 1 }
            localName = written.extracting(min(colon + 1, written.count)..<written.count)
        case .xmlns, .none:
            // xmlns and xmlns:xlink stay plain attributes under their written names.
            break
        }
        guard let name = self.name(localName),
            let property = libxml2.xmlNewNsPropEatName(nil, namespace, UnsafeMutablePointer(mutating: name), nil)
        else { return nil }
        property.pointee.doc = document
        let value = attributes.value(index)
        let text = value.withUnsafeBufferPointer { bytes in
            libxml2.xmlNewDocTextLen(document, bytes.baseAddress, Int32(clamping: bytes.count))
        }
        guard let text else {
            libxml2.xmlFreeProp(property)
            return nil
        }
        text.pointee.parent = UnsafeMutableRawPointer(property).assumingMemoryBound(to: xmlNode.self)
        property.pointee.children = text
        property.pointee.last = text
        if namespace == nil, name == idName {
            // As libxml2's own parser does: XPath's id() finds it.
            _ = libxml2.xmlAddID(nil, document, text.pointee.content, property)
        }
        return property
    }

    func createTemplateContents(_ contents: NodeID, of template: NodeID) {
        while nodes.count <= contents { nodes.append(nil) }
        nodes[contents] = nodes[template]
    }

    /// Takes `node` out of its parent's children.
    func unlink(_ node: XMLNodePointer) {
        guard let parent = node.pointee.parent else { return }
        if let previous = node.pointee.prev {
            previous.pointee.next = node.pointee.next
        } else {
            parent.pointee.children = node.pointee.next
        }
        if let next = node.pointee.next {
            next.pointee.prev = node.pointee.prev
        } else {
            parent.pointee.last = node.pointee.prev
        }
        node.pointee.parent = nil
        node.pointee.prev = nil
        node.pointee.next = nil
    }

    /// Links `node` (unlinked) as the last child of `parent`.
    func link(_ node: XMLNodePointer, into parent: XMLNodePointer) {
        if parent == nodes[0] {
            // The document's few children: libxml2 links them (an xmlDoc is not an xmlNode to Swift).
            _ = libxml2.xmlAddChild(parent, node)
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

    /// Links `node` (unlinked) just before `sibling`.
    func link(_ node: XMLNodePointer, before sibling: XMLNodePointer) {
        guard let parent = sibling.pointee.parent else { return }
        node.pointee.parent = parent
        node.pointee.next = sibling
        node.pointee.prev = sibling.pointee.prev
        if let previous = sibling.pointee.prev {
            previous.pointee.next = node
        } else {
            parent.pointee.children = node
        }
        sibling.pointee.prev = node
    }

    func append(_ child: NodeID, to parent: NodeID) {
        guard !failed, let child = nodes[child], let parent = nodes[parent] else { return }
        unlink(child)
        link(child, into: parent)
    }

    func insert(_ child: NodeID, before sibling: NodeID) {
        guard !failed, let child = nodes[child], let sibling = nodes[sibling] else { return }
        unlink(child)
        link(child, before: sibling)
    }

    /// Adds `text` to `node`'s text.
    func addText(_ text: Span<UInt8>, to node: XMLNodePointer) {
        text.withUnsafeBufferPointer { libxml2.xmlNodeAddContentLen(node, $0.baseAddress, Int32(clamping: $0.count)) }
    }

    /// A new text node holding `text`.
    func newText(_ text: Span<UInt8>) -> XMLNodePointer? {
        let node = text.withUnsafeBufferPointer {
            libxml2.xmlNewDocTextLen(document, $0.baseAddress, Int32(clamping: $0.count))
        }
        if node == nil { failed = true }
        return node
    }

    func appendText(_ text: Span<UInt8>, to parent: NodeID) {
        guard !failed, let parent = nodes[parent] else { return }
        if let last = parent.pointee.last, last.pointee.type == XML_TEXT_NODE {
            addText(text, to: last)
        } else if let node = newText(text) {
            link(node, into: parent)
        }
    }

    func insertText(_ text: Span<UInt8>, before sibling: NodeID) {
        guard !failed, let sibling = nodes[sibling] else { return }
        if let previous = sibling.pointee.prev, previous.pointee.type == XML_TEXT_NODE {
            addText(text, to: previous)
        } else if let node = newText(text) {
            link(node, before: sibling)
        }
    }

    /// Runs `body` on `bytes` with a NUL after them, for the functions that take C strings.
    func withCString<T>(_ bytes: Span<UInt8>, _ body: (UnsafePointer<xmlChar>) -> T?) -> T? {
        scratch.removeAll(keepingCapacity: true)
        for index in 0..<bytes.count { scratch.append(bytes[index]) }
        scratch.append(0)
        return scratch.withUnsafeBufferPointer { $0.baseAddress.flatMap(body) }
    }

    func appendComment(_ text: Span<UInt8>, to parent: NodeID) {
        guard !failed, let parent = nodes[parent] else { return }
        guard let comment = withCString(text, { libxml2.xmlNewDocComment(document, $0) }) else {
            failed = true
            return
        }
        link(comment, into: parent)
    }

    func appendDoctype(name: Span<UInt8>, publicID: Span<UInt8>, systemID: Span<UInt8>) {
        guard !failed else { return }
        // An identifier that is empty is left out: the DOCTYPE has none, as html5lib's trees print it.
        func string(_ bytes: Span<UInt8>) -> String? {
            bytes.isEmpty ? nil : bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        }
        if libxml2.xmlCreateIntSubset(document, string(name) ?? "", string(publicID), string(systemID)) == nil {
            failed = true
        }
    }

    func hasParent(_ node: NodeID) -> Bool {
        nodes[node]?.pointee.parent != nil
    }

    func remove(_ node: NodeID) {
        guard let node = nodes[node] else { return }
        unlink(node)
    }

    /// Frees the elements left out of the document with what they hold: the body a <frameset> takes the place of,
    /// an element created when libxml2 could no longer link it. xmlFreeDoc frees only what hangs from the document.
    func freeDetachedNodes() {
        // All the roots first: freeing one frees the nodes below it, whose parents could not be read afterwards.
        var detached: [XMLNodePointer] = []
        for case let node? in nodes.dropFirst() where node.pointee.parent == nil { detached.append(node) }
        for node in detached { libxml2.xmlFreeNode(node) }
    }

    func moveChildren(of node: NodeID, to newParent: NodeID) {
        guard !failed, let node = nodes[node], let newParent = nodes[newParent] else { return }
        while let child = node.pointee.children {
            unlink(child)
            link(child, into: newParent)
        }
    }

    func addMissingAttributes(_ attributes: borrowing Attributes, to node: NodeID) {
        guard !failed, let element = nodes[node] else { return }
        for index in 0..<attributes.count {
            let name = attributes.name(index)
            var property = element.pointee.properties
            var last: xmlAttrPtr?
            var present = false
            while let current = property {
                // By their bytes: past dictionaryLimit, equal names are not the same pointer.
                if current.pointee.ns == nil, let existing = current.pointee.name, Self.same(existing, name) {
                    present = true
                }
                last = current
                property = current.pointee.next
            }
            guard !present, let added = attribute(attributes, index) else { continue }
            added.pointee.parent = element
            if let last {
                last.pointee.next = added
                added.pointee.prev = last
            } else {
                element.pointee.properties = added
            }
        }
    }

    /// Whether C string `name` is `bytes` (which hold no NUL: the tokenizer replaces it).
    static func same(_ name: UnsafePointer<xmlChar>, _ bytes: Span<UInt8>) -> Bool {
        for i in 0..<bytes.count where name[i] != bytes[i] { return false }
        return name[bytes.count] == 0
    }

    func setQuirksMode(_ mode: QuirksMode) {}
}
