// HTMLTreeSink's map from the tree builder's element numbers to the tree's nodes, which a stream shrinks as it drops
// what it has read.

/// The tree's node of each element number: an array from `base` on, and a dictionary for the few older elements a
/// stream still holds (html, body, the open ones) once `renumber` has dropped the rest.
struct ElementNodes {
    private var base = 0
    private var recent: [Int32] = [0]
    private var older: [Int: Int32] = [:]

    subscript(id: NodeID) -> Int32 {
        get { id >= base ? (id - base < recent.count ? recent[id - base] : -1) : older[id] ?? -1 }
        set {
            guard id >= base else {
                older[id] = newValue
                return
            }
            while recent.count <= id - base { recent.append(-1) }
            recent[id - base] = newValue
        }
    }

    /// Applies a compaction's new numbers; the elements still in the tree move to the dictionary, and the array
    /// starts after the newest number.
    mutating func renumber(_ map: [Int32]) {
        var kept: [Int: Int32] = [:]
        for (id, node) in older where node >= 0 && map[Int(node)] >= 0 { kept[id] = map[Int(node)] }
        for (offset, node) in recent.enumerated() where node >= 0 && map[Int(node)] >= 0 {
            kept[base + offset] = map[Int(node)]
        }
        older = kept
        base += recent.count
        recent = []
    }
}
