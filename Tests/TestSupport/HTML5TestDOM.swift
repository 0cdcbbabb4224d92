// A plain DOM for the HTML5 parser's tests and fuzz target: a TreeSink that keeps every node (templates' contents apart,
// as the DOM keeps them), prints the tree in html5lib's format, and serializes it as the HTML standard says.
import HTML5

/// The document the tree builder builds. Children are linked lists, as in a DOM, so that inserting before a table or
/// moving a block's children costs the same whatever the parent holds: a fuzzed page of 64 KB would otherwise spend
/// its time in this sink, not in the parser.
public final class HTML5TestDOM: TreeSink {
    public enum Kind: Equatable {
        case document, fragment
        case element(namespace: Namespace, name: String, attributes: [Attribute])
        /// Text and comments keep their bytes in the node's `data`: text grows in place as the builder adds to it.
        case text, comment
        case doctype(name: String, publicID: String, systemID: String)
    }

    /// An attribute as written (`xlink:href`), in its namespace.
    public struct Attribute: Equatable {
        public var name: String
        public var namespace: AttributeNamespace
        public var value: [UInt8]

        /// The name without its prefix: `href` for `xlink:href`, `xmlns` for `xmlns`.
        public var localName: Substring {
            guard namespace != .none, let colon = name.firstIndex(of: ":") else { return Substring(name) }
            return name[name.index(after: colon)...]
        }
    }

    public struct Node {
        public var kind: Kind
        /// A text's or comment's bytes.
        public var data: [UInt8] = []
        public var parent: Int?
        public var firstChild: Int?
        public var lastChild: Int?
        public var previous: Int?
        public var next: Int?
        /// A template's contents.
        public var contents: Int?
    }

    public private(set) var nodes = [Node(kind: .document)]
    /// The node of each NodeID.
    private var index: [NodeID: Int] = [0: 0]
    public private(set) var quirksMode = QuirksMode.noQuirks
    /// How many elements the tree builder created, inserted or not.
    public private(set) var createdElements = 0
    /// The bytes of the names and values of the attributes of the elements created.
    public private(set) var createdAttributeBytes = 0
    /// The elements the tree builder inserted before a sibling: foster parenting (13.2.6.1) is the only step that
    /// does, taking them out of a table to before it.
    public private(set) var fosterParented: Set<Int> = []

    public init() {}

    /// The children of `node`, in order.
    public func children(of node: Int) -> [Int] {
        var children: [Int] = []
        var child = nodes[node].firstChild
        while let current = child {
            children.append(current)
            child = nodes[current].next
        }
        return children
    }

    private func add(_ kind: Kind, data: [UInt8] = []) -> Int {
        nodes.append(Node(kind: kind, data: data))
        return nodes.count - 1
    }

    private func detach(_ node: Int) {
        guard let parent = nodes[node].parent else { return }
        let previous = nodes[node].previous
        let next = nodes[node].next
        if let previous { nodes[previous].next = next } else { nodes[parent].firstChild = next }
        if let next { nodes[next].previous = previous } else { nodes[parent].lastChild = previous }
        nodes[node].parent = nil
        nodes[node].previous = nil
        nodes[node].next = nil
    }

    private func append(node: Int, to parent: Int) {
        detach(node)
        nodes[node].parent = parent
        nodes[node].previous = nodes[parent].lastChild
        if let last = nodes[parent].lastChild { nodes[last].next = node } else { nodes[parent].firstChild = node }
        nodes[parent].lastChild = node
    }

    private func insert(node: Int, before sibling: Int) {
        detach(node)
        guard let parent = nodes[sibling].parent else { return }
        let previous = nodes[sibling].previous
        nodes[node].parent = parent
        nodes[node].previous = previous
        nodes[node].next = sibling
        nodes[sibling].previous = node
        if let previous { nodes[previous].next = node } else { nodes[parent].firstChild = node }
    }

    // MARK: TreeSink

    public func createElement(
        _ id: NodeID, namespace: Namespace, name: Span<UInt8>, nameID: NameID, attributes: borrowing Attributes
    ) {
        createdElements += 1
        for i in 0..<attributes.count { createdAttributeBytes += attributes.name(i).count + attributes.value(i).count }
        var list: [Attribute] = []
        for i in 0..<attributes.count {
            list.append(
                Attribute(
                    name: String(copying: attributes.name(i)), namespace: attributes.namespace(i),
                    value: [UInt8](copying: attributes.value(i))))
        }
        index[id] = add(.element(namespace: namespace, name: String(copying: name), attributes: list))
    }

    public func createTemplateContents(_ contents: NodeID, of template: NodeID) {
        let fragment = add(.fragment)
        index[contents] = fragment
        if let node = index[template] { nodes[node].contents = fragment }
    }

    public func append(_ child: NodeID, to parent: NodeID) {
        guard let child = index[child], let parent = index[parent] else { return }
        append(node: child, to: parent)
    }

    public func insert(_ child: NodeID, before sibling: NodeID) {
        guard let child = index[child], let sibling = index[sibling] else { return }
        fosterParented.insert(child)
        insert(node: child, before: sibling)
    }

    public func appendText(_ text: Span<UInt8>, to parent: NodeID) {
        guard let parent = index[parent] else { return }
        if let last = nodes[parent].lastChild, nodes[last].kind == .text {
            nodes[last].data.append(copying: text)
            return
        }
        append(node: add(.text, data: [UInt8](copying: text)), to: parent)
    }

    public func insertText(_ text: Span<UInt8>, before sibling: NodeID) {
        guard let sibling = index[sibling], nodes[sibling].parent != nil else { return }
        if let previous = nodes[sibling].previous, nodes[previous].kind == .text {
            nodes[previous].data.append(copying: text)
            return
        }
        insert(node: add(.text, data: [UInt8](copying: text)), before: sibling)
    }

    public func appendComment(_ text: Span<UInt8>, to parent: NodeID) {
        guard let parent = index[parent] else { return }
        append(node: add(.comment, data: [UInt8](copying: text)), to: parent)
    }

    public func appendDoctype(name: Span<UInt8>, publicID: Span<UInt8>, systemID: Span<UInt8>) {
        append(
            node: add(
                .doctype(
                    name: String(copying: name), publicID: String(copying: publicID),
                    systemID: String(copying: systemID))),
            to: 0)
    }

    public func hasParent(_ node: NodeID) -> Bool {
        guard let node = index[node] else { return false }
        return nodes[node].parent != nil
    }

    public func remove(_ node: NodeID) {
        guard let node = index[node] else { return }
        detach(node)
    }

    public func moveChildren(of node: NodeID, to newParent: NodeID) {
        guard let node = index[node], let newParent = index[newParent] else { return }
        while let child = nodes[node].firstChild { append(node: child, to: newParent) }
    }

    public func addMissingAttributes(_ attributes: borrowing Attributes, to node: NodeID) {
        guard let node = index[node], case .element(let namespace, let name, var list) = nodes[node].kind else {
            return
        }
        for i in 0..<attributes.count {
            let name = String(copying: attributes.name(i))
            if !list.contains(where: { $0.name == name }) {
                list.append(Attribute(name: name, namespace: .none, value: [UInt8](copying: attributes.value(i))))
            }
        }
        nodes[node].kind = .element(namespace: namespace, name: name, attributes: list)
    }

    public func setQuirksMode(_ mode: QuirksMode) { quirksMode = mode }

    // MARK: html5lib's format

    /// The tree in html5lib's format, a line a node ("| <html>"); text spanning lines spans lines here too.
    public var dump: [String] {
        lines(canonical: false, reparsed: false).joined(separator: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The tree a line a node, as `dump` but unambiguous: each line starts with its depth, text and values are
    /// quoted as Swift literals, each run of adjacent text nodes is one (as a serialization writes them, and a DOM's
    /// normalize() joins them).
    public var canonical: [String] { lines(canonical: true, reparsed: false) }

    /// `canonical` as `serialized` parses back, for the losses the standard's serialization and parsing always
    /// make: the DOCTYPE loses its identifiers; a CR (only a character reference puts one in the tree) is read as
    /// an LF, and CR LF as one LF; and the parser drops an LF right after a `<pre>`, `<textarea>` or `<listing>` start
    /// tag, which the serialization no longer doubles (whatwg/html#1815 took that step out in 2016).
    public var canonicalAsReparsed: [String] { lines(canonical: true, reparsed: true) }

    /// What the walk of `lines` has left to print: a node, or a run of adjacent text nodes' bytes.
    private enum Entry {
        case node(Int, depth: Int)
        case text([UInt8], depth: Int)
    }

    /// The lines of `dump` and `canonical`. The walk keeps its own stack: a page nests elements deeper than the
    /// thread's stack would let a recursion go (13,000 `<b>`s did).
    private func lines(canonical: Bool, reparsed: Bool) -> [String] {
        var lines: [String] = []
        // html5lib indents a line by its depth; the canonical lines say it as a number, or a page nesting n
        // elements would print n^2 spaces.
        func line(_ depth: Int, _ text: String) {
            lines.append(canonical ? "\(depth) " + text : "| " + String(repeating: "  ", count: depth) + text)
        }
        func quoted(_ bytes: [UInt8]) -> String {
            let bytes = reparsed ? HTML5Input.normalizingNewlines(bytes) : bytes
            let text = String(decoding: bytes, as: UTF8.self)
            return canonical ? text.debugDescription : "\"\(text)\""
        }
        var pending: [Entry] = []
        /// Adds the children of `parent` to the entries still to print, the first on top.
        func push(children parent: Int, _ depth: Int) {
            var entries: [Entry] = []
            var child = nodes[parent].firstChild
            while let current = child {
                guard canonical && nodes[current].kind == .text else {
                    entries.append(.node(current, depth: depth))
                    child = nodes[current].next
                    continue
                }
                var text = nodes[current].data
                child = nodes[current].next
                while let next = child, nodes[next].kind == .text {
                    text += nodes[next].data
                    child = nodes[next].next
                }
                if reparsed && current == nodes[parent].firstChild,
                    case .element(.html, let name, _) = nodes[parent].kind,
                    ["pre", "textarea", "listing"].contains(name)
                {
                    text = HTML5Input.normalizingNewlines(text)
                    if text.first == 0x0A { text.removeFirst() }
                    if text.isEmpty { continue }
                }
                entries.append(.text(text, depth: depth))
            }
            pending += entries.reversed()
        }
        push(children: 0, 0)
        while let entry = pending.popLast() {
            guard case .node(let node, let depth) = entry else {
                if case .text(let text, let depth) = entry { line(depth, quoted(text)) }
                continue
            }
            switch nodes[node].kind {
            case .document, .fragment: break
            case .element(let namespace, let name, let attributes):
                let prefix =
                    switch namespace {
                    case .html: ""
                    case .svg: "svg "
                    case .mathml: "math "
                    }
                line(depth, "<\(prefix)\(name)>")
                // html5lib prints "prefix local"; `xmlns` alone is "xmlns xmlns".
                let printed = attributes.map { attribute in
                    let name =
                        attribute.namespace == .none
                        ? attribute.name : Self.prefix(attribute.namespace) + " " + attribute.localName
                    return (name: name, value: attribute.value)
                }
                for attribute in printed.sorted(by: { Array($0.name.utf16).lexicographicallyPrecedes($1.name.utf16) }) {
                    line(depth + 1, "\(attribute.name)=\(quoted(attribute.value))")
                }
                // The template's own children (it has none from the parser) print after its contents.
                push(children: node, depth + 1)
                if let contents = nodes[node].contents {
                    line(depth + 1, "content")
                    push(children: contents, depth + 2)
                }
                continue
            case .text: line(depth, quoted(nodes[node].data))
            case .comment:
                let text = String(decoding: nodes[node].data, as: UTF8.self)
                line(depth, "<!-- \(canonical ? text.debugDescription : text) -->")
            case .doctype(let name, let publicID, let systemID):
                if (publicID.isEmpty && systemID.isEmpty) || reparsed {
                    line(depth, "<!DOCTYPE \(name)>")
                } else {
                    line(depth, "<!DOCTYPE \(name) \"\(publicID)\" \"\(systemID)\">")
                }
            }
            push(children: node, depth + 1)
        }
        return lines
    }

    public static func prefix(_ namespace: AttributeNamespace) -> String {
        switch namespace {
        case .none: ""
        case .xlink: "xlink"
        case .xml: "xml"
        case .xmlns: "xmlns"
        }
    }

    // MARK: Serializing (13.3, "Serializing HTML fragments")

    /// The document as the standard's HTML fragment serialization algorithm writes it (scripting off, so
    /// `<noscript>`'s text is escaped), applied to the document: its children, each with its subtree.
    public var serialized: [UInt8] {
        var output: [UInt8] = []
        serialize(children: 0, into: &output)
        return output
    }

    /// Elements that "serialize as void": no content and no end tag (HTML namespace only).
    public static let voidElements: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
        "meta", "param", "source", "track", "wbr",
    ]

    /// The HTML elements whose text is written as it is: the parser reads their content as raw text (RAWTEXT, script
    /// data, PLAINTEXT), where a character reference would stay as it is written. With scripting off, `<noscript>`
    /// is parsed as markup, so its text is escaped.
    public static let rawTextElements: Set<String> = [
        "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext",
    ]

    /// What the serializer has left to write: a node (in its parent, or in a template's contents), or an end tag.
    private enum Step {
        case node(Int, parent: Int)
        case endTag(String)
    }

    /// Writes the children of `root` (of its contents, for a template) and their subtrees, keeping its own stack as
    /// `lines` does.
    private func serialize(children root: Int, into output: inout [UInt8]) {
        var steps: [Step] = []
        func push(children parent: Int) {
            // "If the node is a template element, then let the node be the template element's template contents".
            let node = nodes[parent].contents ?? parent
            let start = steps.count
            var child = nodes[node].firstChild
            while let current = child {
                steps.append(.node(current, parent: node))
                child = nodes[current].next
            }
            steps[start...].reverse()
        }
        push(children: root)
        while let step = steps.popLast() {
            switch step {
            case .endTag(let name):
                output += "</".utf8
                output += name.utf8
                output.append(UInt8(ascii: ">"))
            case .node(let node, let parent):
                serialize(node, in: parent, into: &output)
                if case .element(let namespace, let name, _) = nodes[node].kind,
                    namespace != .html || !Self.voidElements.contains(name)
                {
                    steps.append(.endTag(name))
                    push(children: node)
                }
            }
        }
    }

    /// Writes `node` itself: an element's start tag, or the whole of any other node.
    private func serialize(_ node: Int, in parent: Int, into output: inout [UInt8]) {
        switch nodes[node].kind {
        case .document, .fragment: break
        case .element(_, let name, let attributes):
            // HTML, SVG and MathML elements are written with their local name (`foreignObject` keeps its case).
            output.append(UInt8(ascii: "<"))
            output += name.utf8
            for attribute in attributes {
                output.append(UInt8(ascii: " "))
                output += Self.serializedName(attribute).utf8
                output += #"=""#.utf8
                Self.escape(attribute.value, attributeMode: true, into: &output)
                output.append(UInt8(ascii: "\""))
            }
            output.append(UInt8(ascii: ">"))
        case .text:
            if case .element(.html, let name, _) = nodes[parent].kind, Self.rawTextElements.contains(name) {
                output += nodes[node].data
            } else {
                Self.escape(nodes[node].data, attributeMode: false, into: &output)
            }
        case .comment:
            output += "<!--".utf8
            output += nodes[node].data
            output += "-->".utf8
        case .doctype(let name, _, _):
            // The identifiers are not written: the standard's serialization drops them.
            output += "<!DOCTYPE ".utf8
            output += name.utf8
            output.append(UInt8(ascii: ">"))
        }
    }

    /// An attribute's serialized name: no namespace, its local name; XML's, `xml:` and the local name; XMLNS's,
    /// `xmlns` alone or `xmlns:` and the local name; XLink's, `xlink:` and the local name.
    static func serializedName(_ attribute: Attribute) -> String {
        switch attribute.namespace {
        case .none: attribute.name
        case .xml: "xml:" + attribute.localName
        case .xmlns: attribute.localName == "xmlns" ? "xmlns" : "xmlns:" + attribute.localName
        case .xlink: "xlink:" + attribute.localName
        }
    }

    /// "Escaping a string": `&`, U+00A0, `<` and `>` always (in attribute values too, since 2025), `"` in attribute
    /// mode.
    static func escape(_ text: [UInt8], attributeMode: Bool, into output: inout [UInt8]) {
        var i = 0
        while i < text.count {
            let byte = text[i]
            switch byte {
            case UInt8(ascii: "&"): output += "&amp;".utf8
            case UInt8(ascii: "<"): output += "&lt;".utf8
            case UInt8(ascii: ">"): output += "&gt;".utf8
            case UInt8(ascii: "\"") where attributeMode: output += "&quot;".utf8
            case 0xC2 where i + 1 < text.count && text[i + 1] == 0xA0:
                // U+00A0 is C2 A0 in UTF-8.
                output += "&nbsp;".utf8
                i += 1
            default: output.append(byte)
            }
            i += 1
        }
    }
}
