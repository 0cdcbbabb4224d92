internal import CLibXML2

/// Walks of a subtree without recursion (a tree may be 100,000 levels deep): down through first children, along
/// next siblings, and back up through parents.
enum TreeWalk {
    /// Calls `body` with every node below `root` in document order. Only elements (and `root` itself, which may be
    /// the document or an attribute) are entered: an entity reference's children belong to its declaration.
    @inline(__always)
    static func forEachDescendant(of root: xmlNodePtr, _ body: (xmlNodePtr) -> Void) {
        var next = root.pointee.children
        while let node = next {
            body(node)
            if node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children {
                next = child
                continue
            }
            next = following(node, within: root)
        }
    }

    /// The node after `node`'s subtree in document order, without leaving `root`'s subtree; nil at its end.
    @inline(__always)
    static func following(_ node: xmlNodePtr, within root: xmlNodePtr) -> xmlNodePtr? {
        var current = node
        while current != root {
            if let sibling = current.pointee.next { return sibling }
            guard let parent = current.pointee.parent else { return nil }
            current = parent
        }
        return nil
    }
}
