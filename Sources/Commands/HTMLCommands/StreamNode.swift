// A match of tb html's stream as a RecordNode: tree mode's TreeNode for everything but the path, which the walk
// counted itself (the tree no longer holds the siblings before it).
import LibXML2

/// A match of the walk: its node, read as tree mode reads it, and its path, which the walk counted (the tree no
/// longer holds the siblings before it).
struct StreamNode: RecordNode {
    let node: TreeNode
    let path: String

    var kind: HTMLNode.Kind { node.kind }
    var name: String { node.name }
    var attributes: [(name: String, value: String)] { node.attributes }
    var textContent: String { node.textContent }
    var outerHTML: String { node.outerHTML }
    var innerHTML: String { node.innerHTML }
    var children: [StreamNode] { node.children.map { StreamNode(node: $0, path: "") } }

    func attributes(resolvedBy urls: PageURLs) -> [(name: String, value: String)] {
        node.attributes(resolvedBy: urls)
    }
}
