// tb's own document tree, built by the parser through TreeSink (HTMLTreeSink.swift): every node a row of a few
// arrays, linked by indices, names as numbers, text as ranges of the input where it holds it as it is, other text and
// attribute values in a byte buffer. A node costs some 40 bytes (a libxml2 element 120 and more, before its name and
// text), and nothing in it is a separate allocation.
//
// Its shape is the one tb html's records rely on: a template's contents are the template's children, and the DOCTYPE
// is a child of the document. Adjacent text is not always joined: the parser hands a text run once per place, and a
// run that lands next to text written earlier elsewhere in the buffers is a node of its own (joining it would copy
// the earlier text to the end, quadratic on a page written for it); readers take a run of text siblings as one.

/// A parsed HTML document.
public struct HTMLTree: Sendable {
    public enum Kind: UInt8, Sendable {
        case document, doctype, element, text, comment
    }

    /// A node's number; the document is 0.
    public typealias Node = Int

    // The nodes, a row each.
    var kinds: [Kind] = [.document]
    var namespaces: [Namespace] = [.html]
    /// An element's name in `names`; 0 for other nodes.
    var nameIDs: [NameID] = [0]
    /// -1 for none.
    var parents: [Int32] = [-1]
    var firstChildren: [Int32] = [-1]
    var lastChildren: [Int32] = [-1]
    var nextSiblings: [Int32] = [-1]
    var previousSiblings: [Int32] = [-1]
    /// Text and comments: where the node's bytes are in `text` — or for text the input holds as it is, in `input`,
    /// at ~start (a negative number). Elements: where their attributes are in `attributes`. The DOCTYPE: its name, public and system identifiers, one after another in `text`, as three
    /// ranges in `doctypeRanges`.
    var dataStarts: [Int32] = [0]
    var dataCounts: [Int32] = [0]

    /// The element names, and the attribute names, each numbered as the parser numbers element names.
    var names: NameTable
    var attributeNames: NameTable
    var attributes: [Attribute] = []
    var text: [UInt8] = []
    /// The document's input (newlines normalized), which most text nodes are ranges of.
    var input: [UInt8] = []
    var doctypeRanges: [Range<Int>] = []

    /// What the document's DOCTYPE made of it.
    public internal(set) var quirksMode: QuirksMode = .noQuirks

    struct Attribute: Sendable {
        var name: NameID
        var namespace: AttributeNamespace
        /// Where the value is in `text`, or at ~start in `input` (a negative number), as a text node's data.
        var value: (start: Int32, count: Int32)
    }

    init() {
        names = NameTable()
        attributeNames = NameTable()
    }

    /// An empty tree (no document row) sharing `other`'s name tables: making a NameTable numbers every Tag's name,
    /// too much to do at each compaction of a stream.
    private init(namedAs other: HTMLTree) {
        names = other.names
        attributeNames = other.attributeNames
        removeRows()
    }

    /// Parses `utf8` (scripting off) into a tree. `limitReached` as in HTML5ParseReport.
    public static func parse(_ utf8: [UInt8]) -> (tree: HTMLTree, limitReached: Bool) {
        let sink = HTMLTreeSink()
        sink.tree.reserve(forInput: utf8.count)
        let report = HTML5Parser.parse(utf8, into: sink)
        return (sink.tree, report.limitReached)
    }

    // MARK: Reading

    /// How many nodes there are, the document included; nodes are numbered 0..<count in the order they were made.
    public var count: Int { kinds.count }
    public static let document: Node = 0

    public func kind(_ node: Node) -> Kind { kinds[node] }
    public func parent(_ node: Node) -> Node? { Self.node(parents[node]) }
    public func firstChild(_ node: Node) -> Node? { Self.node(firstChildren[node]) }
    public func lastChild(_ node: Node) -> Node? { Self.node(lastChildren[node]) }
    public func nextSibling(_ node: Node) -> Node? { Self.node(nextSiblings[node]) }
    public func previousSibling(_ node: Node) -> Node? { Self.node(previousSiblings[node]) }

    static func node(_ link: Int32) -> Node? { link < 0 ? nil : Int(link) }

    /// The node after `node` in document order, staying inside `root`'s subtree (nil past its end): a walk of the
    /// tree as a loop, however deep it nests.
    public func next(after node: Node, within root: Node) -> Node? {
        if let child = firstChild(node) { return child }
        var current = node
        while current != root {
            if let sibling = nextSibling(current) { return sibling }
            guard let parent = parent(current) else { return nil }
            current = parent
        }
        return nil
    }

    /// The bytes of the text nodes below `node`, in document order: an element's textContent.
    public func textBelow(_ node: Node) -> [UInt8] {
        var bytes: [UInt8] = []
        var current = firstChild(node)
        while let child = current {
            if kinds[child] == .text { bytes.append(data(child)) }
            current = next(after: child, within: node)
        }
        return bytes
    }

    /// An element's namespace.
    public func namespace(_ node: Node) -> Namespace { namespaces[node] }

    /// Whether the parser may still move what is inside element `node` while it is open: a formatting element (the
    /// adoption agency reparents its content), a table (foster parenting puts content before it, and tables end
    /// each other) or a select.
    public func mayMoveContent(_ node: Node) -> Bool {
        guard kinds[node] == .element, namespaces[node] == .html else { return false }
        switch Tag(nameIDs[node]) {
        case .a, .b, .big, .code, .em, .font, .i, .nobr, .s, .small, .strike, .strong, .tt, .u: return true
        case .table, .select: return true
        default: return false
        }
    }

    /// An element's name number: equal numbers, equal names. HTML elements' names are in lower case; SVG's have
    /// their case (`foreignObject`).
    public func nameID(_ node: Node) -> NameID { nameIDs[node] }

    /// The number of element name `name`, if an element of the document has it.
    public func elementNameID(_ name: Span<UInt8>) -> NameID? { names.find(name) }

    /// The number of attribute name `name`, if an attribute of the document has it.
    public func attributeNameID(_ name: Span<UInt8>) -> NameID? { attributeNames.find(name) }

    /// An element's name.
    @_lifetime(borrow self)
    public func name(_ node: Node) -> Span<UInt8> { names.name(nameIDs[node]) }

    /// The bytes of a text or comment node.
    @_lifetime(borrow self)
    public func data(_ node: Node) -> Span<UInt8> {
        bytes(start: Int(dataStarts[node]), count: Int(dataCounts[node]))
    }

    /// The bytes at `start` in `text`, or for a negative start, at ~start in `input`.
    @_lifetime(borrow self)
    private func bytes(start: Int, count: Int) -> Span<UInt8> {
        guard start < 0 else { return text.span.extracting(start..<start + count) }
        let inputStart = ~start
        return input.span.extracting(inputStart..<inputStart + count)
    }

    /// `body` given the bytes of a text or comment node. (A Span's lifetime cannot reach past an access to a class's
    /// stored tree; a closure's can.)
    public func withData<Result>(_ node: Node, _ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
        try body(data(node))
    }

    /// `body` given the value of attribute `index` of element `node`.
    public func withAttributeValue<Result>(_ node: Node, _ index: Int, _ body: (Span<UInt8>) throws -> Result)
        rethrows -> Result
    {
        try body(attributeValue(node, index))
    }

    /// `body` given the name of attribute `index` of element `node`.
    public func withAttributeName<Result>(_ node: Node, _ index: Int, _ body: (Span<UInt8>) throws -> Result)
        rethrows -> Result
    {
        try body(attributeName(node, index))
    }

    /// `body` given element `node`'s name.
    public func withName<Result>(_ node: Node, _ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
        try body(name(node))
    }

    /// `body` given the element name numbered `id`.
    public func withName<Result>(of id: NameID, _ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
        try body(names.name(id))
    }

    /// `body` given the attribute name numbered `id`.
    public func withAttributeName<Result>(of id: NameID, _ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
        try body(attributeNames.name(id))
    }

    /// The DOCTYPE's name, public and system identifiers.
    @_lifetime(borrow self)
    public func doctype(_ part: Int) -> Span<UInt8> { text.span.extracting(doctypeRanges[part]) }

    /// How many attributes an element has; they are numbered 0..<count in source order.
    public func attributeCount(_ node: Node) -> Int { kinds[node] == .element ? Int(dataCounts[node]) : 0 }

    /// The name number of attribute `index` of element `node`.
    public func attributeNameID(_ node: Node, _ index: Int) -> NameID {
        attributes[Int(dataStarts[node]) + index].name
    }

    /// The name of attribute `index` of `node`, prefix included (`xlink:href`).
    @_lifetime(borrow self)
    public func attributeName(_ node: Node, _ index: Int) -> Span<UInt8> {
        attributeNames.name(attributes[Int(dataStarts[node]) + index].name)
    }

    @_lifetime(borrow self)
    public func attributeValue(_ node: Node, _ index: Int) -> Span<UInt8> {
        let value = attributes[Int(dataStarts[node]) + index].value
        return bytes(start: Int(value.start), count: Int(value.count))
    }

    public func attributeNamespace(_ node: Node, _ index: Int) -> AttributeNamespace {
        attributes[Int(dataStarts[node]) + index].namespace
    }

    /// The index of `node`'s attribute numbered `name`, if it has it.
    public func attributeIndex(_ node: Node, _ name: NameID) -> Int? {
        guard kinds[node] == .element else { return nil }
        let start = Int(dataStarts[node])
        for index in 0..<Int(dataCounts[node]) where attributes[start + index].name == name { return index }
        return nil
    }

    // MARK: Building (HTMLTreeSink)

    /// Room for the tree of a page of `count` bytes, so that the rows and buffers are not copied as they grow. The
    /// values and the text copied are less than the page's size, and a page has about one node per 32 bytes (the
    /// bench's page one per 34, markup-dense pages fewer); memory only reserved is not touched, so a guess too large costs
    /// address space, not memory.
    mutating func reserve(forInput count: Int) {
        text.reserveCapacity(count / 2)
        let nodes = count / 32 + 16
        reserveRows(nodes)
        attributes.reserveCapacity(nodes / 2)
    }

    /// A new node, in no parent yet.
    mutating func add(_ kind: Kind, namespace: Namespace = .html, name: NameID = 0, dataStart: Int, dataCount: Int)
        -> Node
    {
        kinds.append(kind)
        namespaces.append(namespace)
        nameIDs.append(name)
        parents.append(-1)
        firstChildren.append(-1)
        lastChildren.append(-1)
        nextSiblings.append(-1)
        previousSiblings.append(-1)
        dataStarts.append(Int32(dataStart))
        dataCounts.append(Int32(dataCount))
        return kinds.count - 1
    }

    /// Makes `node` the last child of `parent`; it has no parent.
    mutating func link(_ node: Node, into parent: Node) {
        let last = lastChildren[parent]
        parents[node] = Int32(parent)
        previousSiblings[node] = last
        nextSiblings[node] = -1
        if last >= 0 { nextSiblings[Int(last)] = Int32(node) } else { firstChildren[parent] = Int32(node) }
        lastChildren[parent] = Int32(node)
    }

    /// Puts `node` before `sibling`, in its parent; `node` has no parent.
    mutating func link(_ node: Node, before sibling: Node) {
        let parent = Int(parents[sibling])
        let previous = previousSiblings[sibling]
        parents[node] = Int32(parent)
        previousSiblings[node] = previous
        nextSiblings[node] = Int32(sibling)
        previousSiblings[sibling] = Int32(node)
        if previous >= 0 { nextSiblings[Int(previous)] = Int32(node) } else { firstChildren[parent] = Int32(node) }
    }

    /// Takes `node` out of its parent, if it has one.
    mutating func unlink(_ node: Node) {
        let parent = parents[node]
        guard parent >= 0 else { return }
        let (previous, next) = (previousSiblings[node], nextSiblings[node])
        if previous >= 0 { nextSiblings[Int(previous)] = next } else { firstChildren[Int(parent)] = next }
        if next >= 0 { previousSiblings[Int(next)] = previous } else { lastChildren[Int(parent)] = previous }
        parents[node] = -1
        previousSiblings[node] = -1
        nextSiblings[node] = -1
    }
}

extension HTMLTree {
    /// Keeps the nodes `live` marks, in their order, and drops the rest with the bytes and attributes only they held;
    /// returns each old node's new number (-1 when dropped). A live node's links skip dropped neighbours: a stream drops
    /// the children it has read, so a parent's first live child becomes its first child. `droppingInput`: the input
    /// goes too, what live nodes hold of it copied.
    mutating func compact(keeping live: [Bool], droppingInput: Bool = false) -> [Int32] {
        var map = [Int32](repeating: -1, count: count)
        var kept: Int32 = 0
        for node in 0..<count where live[node] {
            map[node] = kept
            kept += 1
        }
        func nearest(_ link: Int32, _ step: [Int32]) -> Int32 {
            var current = link
            while current >= 0 && map[Int(current)] < 0 { current = step[Int(current)] }
            return current < 0 ? -1 : map[Int(current)]
        }
        var new = HTMLTree(namedAs: self)
        if !droppingInput { new.input = input }
        /// Where `start`'s `count` bytes are in the new tree: the same input range, or copied into its text.
        func place(_ start: Int, _ count: Int) -> Int {
            guard start >= 0 || droppingInput else { return start }
            let copied = new.text.count
            new.text.append(bytes(start: start, count: count))
            return copied
        }
        new.quirksMode = quirksMode
        new.reserveRows(Int(kept))
        for node in 0..<count where live[node] {
            var (start, length) = (Int(dataStarts[node]), Int(dataCounts[node]))
            switch kinds[node] {
            case .text, .comment:
                start = place(start, length)
            case .element:
                let first = new.attributes.count
                for index in start..<start + length {
                    var attribute = attributes[index]
                    attribute.value.start = Int32(place(Int(attribute.value.start), Int(attribute.value.count)))
                    new.attributes.append(attribute)
                }
                start = first
            case .doctype:
                new.doctypeRanges = doctypeRanges.map { range in
                    let copied = new.text.count
                    new.text.append(text.span.extracting(range))
                    return copied..<copied + range.count
                }
            case .document: break
            }
            new.kinds.append(kinds[node])
            new.namespaces.append(namespaces[node])
            new.nameIDs.append(nameIDs[node])
            new.parents.append(parents[node] < 0 ? -1 : map[Int(parents[node])])
            new.firstChildren.append(nearest(firstChildren[node], nextSiblings))
            new.lastChildren.append(nearest(lastChildren[node], previousSiblings))
            new.nextSiblings.append(nearest(nextSiblings[node], nextSiblings))
            new.previousSiblings.append(nearest(previousSiblings[node], previousSiblings))
            new.dataStarts.append(Int32(start))
            new.dataCounts.append(Int32(length))
        }
        self = new
        return map
    }

    private mutating func removeRows() {
        kinds = []
        namespaces = []
        nameIDs = []
        parents = []
        firstChildren = []
        lastChildren = []
        nextSiblings = []
        previousSiblings = []
        dataStarts = []
        dataCounts = []
    }

    fileprivate mutating func reserveRows(_ count: Int) {
        kinds.reserveCapacity(count)
        namespaces.reserveCapacity(count)
        nameIDs.reserveCapacity(count)
        parents.reserveCapacity(count)
        firstChildren.reserveCapacity(count)
        lastChildren.reserveCapacity(count)
        nextSiblings.reserveCapacity(count)
        previousSiblings.reserveCapacity(count)
        dataStarts.reserveCapacity(count)
        dataCounts.reserveCapacity(count)
    }
}
