// Builds a LiteralSet: the trie of the literals in a dense table of byte classes, then the failure transitions of
// Aho–Corasick filled in breadth first, cut at every match so that the automaton keeps PCRE2's leftmost-first choice.

/// Makes the automaton of a set of literals, in memory bounded by `tableLimit`.
struct LiteralSetBuilder {
    /// The most table entries (4 bytes each) an automaton may have; a bigger set is left to PCRE2.
    static let tableLimit = 1 << 23

    private let classes: [Int]
    private let stride: Int
    /// The trie's edges, `stride` entries a node (-1: none); node 0 is the dead state, node 1 the root.
    private var edges: [Int32]
    private var own: [Int32] = [-1, -1]
    private var depth: [Int32] = [0, 0]
    private var parent: [Int32] = [0, 0]
    private var count: Int32 = 0

    /// `bytes`: every byte the literals hold (as they will be inserted, folded to lower case under -i). Under -i
    /// an ASCII letter's two cases are one class.
    init(bytes: some Sequence<UInt8>, caseless: Bool) {
        var classes = [Int](repeating: 0, count: 256)
        var used = [Bool](repeating: false, count: 256)
        for byte in bytes { used[Int(byte)] = true }
        var next = 1
        for byte in 0..<256 where used[byte] {
            classes[byte] = next
            next += 1
        }
        if caseless {
            for upper in 0x41...0x5A { classes[upper] = classes[upper | 0x20] }
        }
        self.classes = classes
        stride = next
        edges = [Int32](repeating: -1, count: 2 * next)
    }

    /// Adds the next literal (literals are numbered in the order they are added, the first one 0); false when the
    /// automaton would outgrow `tableLimit`.
    mutating func insert(_ pieces: [LiteralPiece]) -> Bool {
        let index = count
        count += 1
        // Depth first over the choices, with a stack of its own: a long literal must not use up the thread's.
        var work: [(piece: Int, node: Int32)] = [(0, 1)]
        while let (first, start) = work.popLast() {
            var piece = first
            var node = start
            while piece < pieces.count {
                switch pieces[piece] {
                case .bytes(let bytes):
                    guard let end = walk(bytes, from: node) else { return false }
                    node = end
                    piece += 1
                case .choice(let alternatives):
                    for alternative in alternatives.reversed() {
                        guard let end = walk(alternative, from: node) else { return false }
                        work.append((piece + 1, end))
                    }
                    piece = Int.max
                }
            }
            // The first listed of literals that fold alike is the one PCRE2's alternation tries first.
            if piece == pieces.count && own[Int(node)] < 0 { own[Int(node)] = index }
        }
        return true
    }

    /// Follows `bytes` from `node`, adding the nodes that are missing; nil past `tableLimit`.
    private mutating func walk(_ bytes: [UInt8], from node: Int32) -> Int32? {
        var node = Int(node)
        for byte in bytes {
            let slot = node * stride + classes[Int(byte)]
            if edges[slot] < 0 {
                guard edges.count + stride <= Self.tableLimit else { return nil }
                edges[slot] = Int32(own.count)
                own.append(-1)
                depth.append(depth[node] + 1)
                parent.append(Int32(node))
                edges.append(contentsOf: repeatElement(-1, count: stride))
            }
            node = Int(edges[slot])
        }
        return Int32(node)
    }

    /// The automaton, with the boundaries PCRE2 would check around each literal.
    func build(boundary: LiteralSet.Boundary) -> LiteralSet {
        let nodes = own.count
        var table = edges
        var fail = [Int32](repeating: 0, count: nodes)
        var matchIndex = [Int32](repeating: -1, count: nodes)
        var matchLength = [Int32](repeating: 0, count: nodes)
        // Breadth first, so that a node's failure state (shallower) has its row complete before the node is reached.
        var queue: [Int32] = []
        queue.reserveCapacity(nodes)
        for slot in 0..<stride { table[slot] = 0 }
        var head = -1
        while head < queue.count {
            let node = head < 0 ? 1 : Int(queue[head])
            head += 1
            let row = node * stride
            let failRow = Int(fail[node]) * stride
            for slot in 0..<stride {
                let child = table[row + slot]
                // The root's missing edges lead back to it; a node's, where its failure state's would.
                let fallback = node == 1 ? 1 : table[failRow + slot]
                guard child >= 0 else {
                    table[row + slot] = fallback
                    continue
                }
                let next = Int(child)
                if own[next] >= 0 {
                    // A match: whatever follows it must start here too, never later (leftmost), so it has no failure
                    // state but the dead one.
                    fail[next] = 0
                    matchIndex[next] = own[next]
                    matchLength[next] = depth[next]
                } else {
                    fail[next] = fallback
                    // It reports what its failure state reports: a literal that ended here, starting later.
                    matchIndex[next] = matchIndex[Int(fallback)]
                    matchLength[next] = matchLength[Int(fallback)]
                }
                queue.append(child)
            }
        }
        var extensionIndex = [Int32](repeating: Int32.max, count: nodes)
        for node in queue.reversed() {
            let node = Int(node)
            let up = Int(parent[node])
            extensionIndex[up] = min(extensionIndex[up], extensionIndex[node], own[node] < 0 ? Int32.max : own[node])
        }
        for slot in table.indices {
            let next = Int(table[slot])
            let special = next == 0 || matchIndex[next] >= 0
            table[slot] = Int32(next * stride) | (special ? LiteralSet.special : 0)
        }
        return LiteralSet(
            boundary: boundary, count: Int(count), classes: classes, stride: stride, table: table, depth: depth,
            matchIndex: matchIndex, matchLength: matchLength, ownIndex: own, extensionIndex: extensionIndex)
    }
}
