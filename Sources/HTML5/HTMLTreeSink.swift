// The parser's steps turned into an HTMLTree: the tree builder's element numbers mapped to the tree's nodes, a
// template's contents to the template itself, names interned, text the input holds as it is kept as ranges of it,
// other text and attribute values copied into the tree's buffer.

/// Builds an HTMLTree as the tree builder says.
final class HTMLTreeSink: TreeSink {
    var tree = HTMLTree()
    /// The tree's node of each of the tree builder's numbers (the document is 0 in both).
    var nodes: [Int32] = [0]
    /// Whether the tree holds the input (HTML5Parser gives it): text and values it holds as they are are ranges of it.
    private var keepsInput = false

    func createElement(
        _ id: NodeID, namespace: Namespace, name: Span<UInt8>, nameID: NameID, attributes: borrowing Attributes
    ) {
        let first = tree.attributes.count
        for index in 0..<attributes.count {
            tree.attributes.append(
                HTMLTree.Attribute(
                    name: tree.attributeNames.intern(attributes.name(index)), namespace: attributes.namespace(index),
                    value: keep(attributes, index)))
        }
        // The names the standard mentions are numbered alike in every NameTable: no need to look them up.
        let known = namespace == .html && nameID > 0 && nameID <= Tag.xmp.id
        let node = tree.add(
            .element, namespace: namespace, name: known ? nameID : tree.names.intern(name), dataStart: first,
            dataCount: attributes.count)
        setNode(id, node)
    }

    func createTemplateContents(_ contents: NodeID, of template: NodeID) {
        setNode(contents, Int(nodes[template]))
    }

    /// Records that the tree builder's `id` is the tree's `node` (the numbers come in order).
    private func setNode(_ id: NodeID, _ node: HTMLTree.Node) {
        while nodes.count <= id { nodes.append(-1) }
        nodes[id] = Int32(node)
    }

    func append(_ child: NodeID, to parent: NodeID) {
        let child = Int(nodes[child])
        tree.unlink(child)
        tree.link(child, into: Int(nodes[parent]))
    }

    func insert(_ child: NodeID, before sibling: NodeID) {
        let child = Int(nodes[child])
        tree.unlink(child)
        tree.link(child, before: Int(nodes[sibling]))
    }

    /// A text node for `text`, or nil when `previous` is text whose bytes end the buffer: it grows instead.
    private func textNode(_ text: Span<UInt8>, after previous: HTMLTree.Node?) -> HTMLTree.Node? {
        if let previous, tree.kinds[previous] == .text, tree.dataStarts[previous] >= 0,
            Int(tree.dataStarts[previous] + tree.dataCounts[previous]) == tree.text.count
        {
            tree.text.append(text)
            tree.dataCounts[previous] += Int32(text.count)
            return nil
        }
        let start = tree.text.count
        tree.text.append(text)
        return tree.add(.text, dataStart: start, dataCount: text.count)
    }

    func appendText(_ text: Span<UInt8>, to parent: NodeID) {
        let parent = Int(nodes[parent])
        if let node = textNode(text, after: tree.lastChild(parent)) { tree.link(node, into: parent) }
    }

    func insertText(_ text: Span<UInt8>, before sibling: NodeID) {
        let sibling = Int(nodes[sibling])
        if let node = textNode(text, after: tree.previousSibling(sibling)) { tree.link(node, before: sibling) }
    }

    func keepInput(_ input: [UInt8]) -> Bool {
        tree.input = input
        keepsInput = true
        return true
    }

    /// Where the value of attribute `index` is kept: the range of the input that holds it as it is, or a copy.
    private func keep(_ attributes: borrowing Attributes, _ index: Int) -> (start: Int32, count: Int32) {
        let value = attributes.value(index)
        if keepsInput, let offset = attributes.valueOffset(index) { return (~Int32(offset), Int32(value.count)) }
        let start = Int32(tree.text.count)
        tree.text.append(value)
        return (start, Int32(value.count))
    }

    /// A text node for `range` of the input, or nil when `previous` is text that ends where it starts: it grows.
    private func textNode(inputRange range: Range<Int>, after previous: HTMLTree.Node?) -> HTMLTree.Node? {
        if let previous, tree.kinds[previous] == .text, tree.dataStarts[previous] < 0,
            Int(~tree.dataStarts[previous] + tree.dataCounts[previous]) == range.lowerBound
        {
            tree.dataCounts[previous] += Int32(range.count)
            return nil
        }
        return tree.add(.text, dataStart: ~range.lowerBound, dataCount: range.count)
    }

    func appendText(inputRange: Range<Int>, to parent: NodeID) {
        let parent = Int(nodes[parent])
        if let node = textNode(inputRange: inputRange, after: tree.lastChild(parent)) { tree.link(node, into: parent) }
    }

    func insertText(inputRange: Range<Int>, before sibling: NodeID) {
        let sibling = Int(nodes[sibling])
        if let node = textNode(inputRange: inputRange, after: tree.previousSibling(sibling)) {
            tree.link(node, before: sibling)
        }
    }

    func appendComment(_ text: Span<UInt8>, to parent: NodeID) {
        let start = tree.text.count
        tree.text.append(text)
        tree.link(tree.add(.comment, dataStart: start, dataCount: text.count), into: Int(nodes[parent]))
    }

    func appendDoctype(name: Span<UInt8>, publicID: Span<UInt8>, systemID: Span<UInt8>) {
        func keep(_ part: Span<UInt8>) {
            tree.doctypeRanges.append(tree.text.count..<tree.text.count + part.count)
            tree.text.append(part)
        }
        tree.doctypeRanges = []
        keep(name)
        keep(publicID)
        keep(systemID)
        tree.link(tree.add(.doctype, dataStart: 0, dataCount: 0), into: HTMLTree.document)
    }

    func hasParent(_ node: NodeID) -> Bool { tree.parents[Int(nodes[node])] >= 0 }

    func remove(_ node: NodeID) { tree.unlink(Int(nodes[node])) }

    func moveChildren(of node: NodeID, to newParent: NodeID) {
        let (node, newParent) = (Int(nodes[node]), Int(nodes[newParent]))
        while let child = tree.firstChild(node) {
            tree.unlink(child)
            tree.link(child, into: newParent)
        }
    }

    /// The element's attributes move to the end of the list, with the new ones after them (only a second <html> or
    /// <body> tag does this).
    func addMissingAttributes(_ attributes: borrowing Attributes, to node: NodeID) {
        let node = Int(nodes[node])
        let start = Int(tree.dataStarts[node])
        var list = Array(tree.attributes[start..<start + Int(tree.dataCounts[node])])
        for index in 0..<attributes.count {
            let name = tree.attributeNames.intern(attributes.name(index))
            guard !list.contains(where: { $0.name == name }) else { continue }
            list.append(
                HTMLTree.Attribute(name: name, namespace: attributes.namespace(index), value: keep(attributes, index)))
        }
        guard list.count > Int(tree.dataCounts[node]) else { return }
        tree.dataStarts[node] = Int32(tree.attributes.count)
        tree.dataCounts[node] = Int32(list.count)
        tree.attributes += list
    }

    func setQuirksMode(_ mode: QuirksMode) { tree.quirksMode = mode }
}
