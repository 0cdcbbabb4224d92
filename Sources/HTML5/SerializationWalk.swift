// The walk the standard's fragment serialization makes over a tree, as a loop (pages nest a million deep): shared by
// the serializers of tb's HTMLTree and of libxml2's tree, which differ only in how they read a node and write it.

/// Walks the nodes below a root in document order.
public enum SerializationWalk {
    /// Calls `visit(node, true)` for every node below `root`, and `visit(node, false)` after the children of each
    /// node that `hasContent` (an element that is not void) — where its end tag goes.
    @inlinable
    public static func below<Node: Equatable>(
        _ root: Node, firstChild: (Node) -> Node?, nextSibling: (Node) -> Node?, parent: (Node) -> Node?,
        hasContent: (Node) -> Bool, visit: (Node, _ entering: Bool) -> Void
    ) {
        var next = firstChild(root)
        while let node = next {
            visit(node, true)
            let contains = hasContent(node)
            if contains, let child = firstChild(node) {
                next = child
                continue
            }
            if contains { visit(node, false) }
            // Up until a node with a next sibling, closing the elements left behind.
            next = nil
            var current = node
            while let above = parent(current) {
                if let sibling = nextSibling(current) {
                    next = sibling
                    break
                }
                guard above != root else { break }
                visit(above, false)
                current = above
            }
        }
    }
}
