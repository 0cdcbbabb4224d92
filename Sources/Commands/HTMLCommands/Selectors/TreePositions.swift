// Where each element stands among its siblings in an HTMLTree — its index and count among the element children of
// its parent, and among those of its type — worked out for all the children of a parent the first time one of them
// is asked about, so that :nth-child() and the like cost O(1) however many siblings there are.
import HTML5

/// The sibling positions of an HTMLTree's elements, filled in a parent at a time.
final class TreePositions {
    private let tree: HTMLTree
    /// 1-based; 0 while the parent's children are not counted yet.
    private var childIndex: [Int32] = []
    private var childCount: [Int32] = []
    private var typeIndex: [Int32] = []
    private var typeCount: [Int32] = []

    /// The tables are made on the first question: a run that prints no path and asks no position pays nothing.
    init(_ tree: HTMLTree) {
        self.tree = tree
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

    /// The types seen among one parent's children and how many of each, reused from parent to parent: most parents
    /// have a few types, found faster by a look along the list than by hashing (a Dictionary a parent was a tenth
    /// of a run that printed paths).
    private var typeCounts: [(type: Int64, count: Int32)] = []
    private var manyTypes: [Int64: Int] = [:]

    /// The index of `type` in `typeCounts`, added with a count of 0 when new.
    private func slot(of type: Int64) -> Int {
        if typeCounts.count < 16 {
            for i in 0..<typeCounts.count where typeCounts[i].type == type { return i }
        } else if let index = manyTypes[type] {
            return index
        }
        typeCounts.append((type, 0))
        if typeCounts.count == 16 {
            for (i, entry) in typeCounts.enumerated() { manyTypes[entry.type] = i }
        } else if typeCounts.count > 16 {
            manyTypes[type] = typeCounts.count - 1
        }
        return typeCounts.count - 1
    }

    /// Counts the element children of `node`'s parent, unless done.
    private func count(around node: Int) {
        if childIndex.isEmpty {
            childIndex = Array(repeating: 0, count: tree.count)
            (childCount, typeIndex, typeCount) = (childIndex, childIndex, childIndex)
        }
        guard childIndex[node] == 0, let parent = tree.parent(node) else { return }
        // A type is a name in a namespace: the same name in SVG and in HTML are two types.
        typeCounts.removeAll(keepingCapacity: true)
        if !manyTypes.isEmpty { manyTypes.removeAll(keepingCapacity: true) }
        var elements: Int32 = 0
        var child = tree.firstChild(parent)
        while let current = child {
            child = tree.nextSibling(current)
            guard tree.kind(current) == .element else { continue }
            elements += 1
            childIndex[current] = elements
            let slot = slot(of: Self.type(tree, current))
            typeCounts[slot].count += 1
            typeIndex[current] = typeCounts[slot].count
        }
        child = tree.firstChild(parent)
        while let current = child {
            child = tree.nextSibling(current)
            guard tree.kind(current) == .element else { continue }
            childCount[current] = elements
            typeCount[current] = typeCounts[slot(of: Self.type(tree, current))].count
        }
    }

    private static func type(_ tree: HTMLTree, _ node: Int) -> Int64 {
        Int64(tree.nameID(node)) << 8 | Int64(tree.namespace(node).rawValue)
    }
}
