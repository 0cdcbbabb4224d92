// Where each element stands among its siblings in an HTMLTree — its index and count among the element children of
// its parent, and among those of its type — worked out for all the children of a parent the first time one of them
// is asked about, so that :nth-child() and the like cost O(1) however many siblings there are.
import HTML5

/// The sibling positions of an HTMLTree's elements, filled in a parent at a time.
final class TreePositions {
    private let tree: HTMLTree
    /// 1-based; 0 while the parent's children are not counted yet.
    private var childIndex: [Int32]
    private var childCount: [Int32]
    private var typeIndex: [Int32]
    private var typeCount: [Int32]

    init(_ tree: HTMLTree) {
        self.tree = tree
        childIndex = Array(repeating: 0, count: tree.count)
        childCount = childIndex
        typeIndex = childIndex
        typeCount = childIndex
    }

    func index(of node: Int, ofType: Bool, fromEnd: Bool) -> Int {
        count(around: node)
        let index = Int(ofType ? typeIndex[node] : childIndex[node])
        let count = Int(ofType ? typeCount[node] : childCount[node])
        return fromEnd ? count - index + 1 : index
    }

    func count(of node: Int, ofType: Bool) -> Int {
        count(around: node)
        return Int(ofType ? typeCount[node] : childCount[node])
    }

    /// Counts the element children of `node`'s parent, unless done.
    private func count(around node: Int) {
        guard childIndex[node] == 0, let parent = tree.parent(node) else { return }
        // A type is a name in a namespace: the same name in SVG and in HTML are two types.
        var perType: [Int64: Int32] = [:]
        var elements: Int32 = 0
        var child = tree.firstChild(parent)
        while let current = child {
            child = tree.nextSibling(current)
            guard tree.kind(current) == .element else { continue }
            elements += 1
            childIndex[current] = elements
            let type = Self.type(tree, current)
            let index = (perType[type] ?? 0) + 1
            perType[type] = index
            typeIndex[current] = index
        }
        child = tree.firstChild(parent)
        while let current = child {
            child = tree.nextSibling(current)
            guard tree.kind(current) == .element else { continue }
            childCount[current] = elements
            typeCount[current] = perType[Self.type(tree, current)] ?? 1
        }
    }

    private static func type(_ tree: HTMLTree, _ node: Int) -> Int64 {
        Int64(tree.nameID(node)) << 8 | Int64(tree.namespace(node).rawValue)
    }
}
