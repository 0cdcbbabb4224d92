// Where each node stands among its siblings, counted once per parent on first demand: the tb: position functions
// and HTMLNode.path are O(1) amortised instead of O(siblings) per call.
internal import CLibXML2

/// The positions of a document's nodes among their siblings. A parent's children are counted all at once, the
/// first time any of them is asked about; each counted child keeps its entry's number (plus one, so that NULL means
/// "not counted yet") in its `_private` field, which belongs to the HTMLDocument. Guarded by the document's lock.
final class NodePositions {
    /// One node's place among its parent's children.
    struct Position {
        /// For an element: 1-based index among the element children, and their number. 0 for other nodes.
        var index: Int32
        var count: Int32
        /// 1-based index and number among the siblings of the same kind: elements of the same expanded name
        /// (namespace and local name), text nodes (text and CDATA together, as XPath's `text()`), or comments.
        var typeIndex: Int32
        var typeCount: Int32
    }

    private var entries: [Position] = []
    /// While one parent is counted: each distinct expanded name among its element children, and how many have it.
    private var groups: [ExpandedName: Int32] = [:]
    private var groupCounts: [Int32] = []

    /// The position of `node`, counting its parent's children if that has not been done; nil for a node that has no
    /// parent or is not an element, text, CDATA or comment node (attributes, the document, processing instructions).
    func position(of node: xmlNodePtr) -> Position? {
        if let slot = node.pointee._private {
            let entry = Int(bitPattern: slot) - 1
            // Anything else that wrote `_private` breaks only positions, never memory safety.
            if entry < entries.count { return entries[entry] }
        }
        guard Self.isCounted(node.pointee.type), let parent = node.pointee.parent else { return nil }
        count(childrenOf: parent)
        guard let slot = node.pointee._private else { return nil }
        return entries[Int(bitPattern: slot) - 1]
    }

    private static func isCounted(_ type: xmlElementType) -> Bool {
        type == XML_ELEMENT_NODE || type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE
            || type == XML_COMMENT_NODE
    }

    /// The markers of the counts still to fill in once the parent's children are all seen (element entries hold
    /// their name group there).
    private static let textMarker: Int32 = -1
    private static let commentMarker: Int32 = -2

    private func count(childrenOf parent: xmlNodePtr) {
        let first = entries.count
        var elements: Int32 = 0
        var texts: Int32 = 0
        var comments: Int32 = 0
        var child = parent.pointee.children
        while let node = child {
            child = node.pointee.next
            let entry: Position
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                elements += 1
                let name = ExpandedName(name: node.pointee.name, namespace: node.pointee.ns?.pointee.href)
                let group: Int32
                if let known = groups[name] {
                    group = known
                } else {
                    group = Int32(groupCounts.count)
                    groups[name] = group
                    groupCounts.append(0)
                }
                groupCounts[Int(group)] += 1
                entry = Position(index: elements, count: 0, typeIndex: groupCounts[Int(group)], typeCount: group)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                texts += 1
                entry = Position(index: 0, count: 0, typeIndex: texts, typeCount: Self.textMarker)
            case XML_COMMENT_NODE:
                comments += 1
                entry = Position(index: 0, count: 0, typeIndex: comments, typeCount: Self.commentMarker)
            default:
                continue
            }
            entries.append(entry)
            node.pointee._private = UnsafeMutableRawPointer(bitPattern: entries.count)
        }
        for entry in first..<entries.count {
            switch entries[entry].typeCount {
            case Self.textMarker: entries[entry].typeCount = texts
            case Self.commentMarker: entries[entry].typeCount = comments
            default:
                entries[entry].count = elements
                entries[entry].typeCount = groupCounts[Int(entries[entry].typeCount)]
            }
        }
        groups.removeAll(keepingCapacity: true)
        groupCounts.removeAll(keepingCapacity: true)
    }
}
