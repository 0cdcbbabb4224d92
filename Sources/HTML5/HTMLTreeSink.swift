// The parser's steps turned into an HTMLTree: the tree builder's element numbers mapped to the tree's nodes, a
// template's contents to the template itself, names interned, text the input holds as it is kept as ranges of it,
// other text and attribute values copied into the tree's buffer. For streaming it also knows each node's element
// number, and drops the nodes its reader is done with (`compact`).

/// Builds an HTMLTree as the tree builder says.
final class HTMLTreeSink: TreeSink {
    var tree = HTMLTree()
    /// The tree's node of each of the tree builder's numbers (the document is 0 in both).
    var nodes = ElementNodes()
    /// Streaming: the tree builder's number of each node (-1 for text, comments and the DOCTYPE); empty otherwise.
    private(set) var elementIDs: [Int32] = []
    private let numbering: Bool

    init(numbering: Bool = false) {
        self.numbering = numbering
        if numbering { elementIDs = [0] }
    }

    /// Adds a node to the tree, and its element number when the sink keeps them.
    private func add(
        _ kind: HTMLTree.Kind, namespace: Namespace = .html, name: NameID = 0, dataStart: Int, dataCount: Int,
        id: NodeID = -1
    ) -> HTMLTree.Node {
        if numbering { elementIDs.append(Int32(id)) }
        return tree.add(kind, namespace: namespace, name: name, dataStart: dataStart, dataCount: dataCount)
    }

    /// Keeps the nodes `live` marks (the document, and every ancestor of a live node, among them), renumbered in their
    /// order; the others, and the text and attributes only they held, are dropped. Returns each old node's new
    /// number, -1 for those dropped. The tree builder never names a dropped element again (streaming drops only
    /// what is closed and will not move).
    func compact(keeping live: [Bool]) -> [Int32] {
        let map = tree.compact(keeping: live, droppingInput: numbering)
        inputBase = 0
        nodes.renumber(map)
        if numbering {
            var kept: [Int32] = []
            kept.reserveCapacity(elementIDs.count / 2)
            for node in elementIDs.indices where live[node] { kept.append(elementIDs[node]) }
            elementIDs = kept
        }
        return map
    }
    /// Whether the tree holds the input (HTML5Parser gives it): text and values it holds as they are are ranges of it.
    private var keepsInput = false
    /// Where the piece of input the builder's ranges are in starts in the tree's input.
    private var inputBase = 0

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
        let node = add(
            .element, namespace: namespace, name: known ? nameID : tree.names.intern(name), dataStart: first,
            dataCount: attributes.count, id: id)
        nodes[id] = Int32(node)
    }

    func createTemplateContents(_ contents: NodeID, of template: NodeID) {
        nodes[contents] = nodes[template]
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
        return add(.text, dataStart: start, dataCount: text.count)
    }

    func appendText(_ text: Span<UInt8>, to parent: NodeID) {
        let parent = Int(nodes[parent])
        if let node = textNode(text, after: tree.lastChild(parent)) { tree.link(node, into: parent) }
    }

    func insertText(_ text: Span<UInt8>, before sibling: NodeID) {
        let sibling = Int(nodes[sibling])
        if let node = textNode(text, after: tree.previousSibling(sibling)) { tree.link(node, before: sibling) }
    }

    /// A whole document's input is the tree's; a stream's comes piece by piece, each kept after the others (until a
    /// compaction drops them) and its ranges moved by where it starts.
    func keepInput(_ input: [UInt8]) -> Bool {
        if numbering {
            inputBase = tree.input.count
            tree.input.append(contentsOf: input)
        } else {
            tree.input = input
        }
        keepsInput = true
        return true
    }

    /// Where the value of attribute `index` is kept: the range of the input that holds it as it is, or a copy.
    private func keep(_ attributes: borrowing Attributes, _ index: Int) -> (start: Int32, count: Int32) {
        let value = attributes.value(index)
        // A stream's values are copied: the tokenizer may have read a tag's attributes from an earlier piece.
        if keepsInput, !numbering, let offset = attributes.valueOffset(index) {
            return (~Int32(offset), Int32(value.count))
        }
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
        return add(.text, dataStart: ~range.lowerBound, dataCount: range.count)
    }

    func appendText(inputRange: Range<Int>, to parent: NodeID) {
        let inputRange = inputRange.lowerBound + inputBase..<inputRange.upperBound + inputBase
        let parent = Int(nodes[parent])
        if let node = textNode(inputRange: inputRange, after: tree.lastChild(parent)) { tree.link(node, into: parent) }
    }

    func insertText(inputRange: Range<Int>, before sibling: NodeID) {
        let inputRange = inputRange.lowerBound + inputBase..<inputRange.upperBound + inputBase
        let sibling = Int(nodes[sibling])
        if let node = textNode(inputRange: inputRange, after: tree.previousSibling(sibling)) {
            tree.link(node, before: sibling)
        }
    }

    func appendComment(_ text: Span<UInt8>, to parent: NodeID) {
        let start = tree.text.count
        tree.text.append(text)
        tree.link(add(.comment, dataStart: start, dataCount: text.count), into: Int(nodes[parent]))
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
        tree.link(add(.doctype, dataStart: 0, dataCount: 0), into: HTMLTree.document)
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
