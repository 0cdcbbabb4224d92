// The stack of open elements' index from element numbers to slots, kept to a window of recent numbers.

/// Each open element's slot by NodeID, -1 when it is not open: an array of the numbers from `base` on, and below it a
/// dictionary of the few older elements still open. The array starts again from the newest number once it is long and
/// mostly closed, so that a page parsed as a stream keeps a window of recent numbers, not an entry per element it
/// ever had (a deep page, all open, keeps its array).
struct NodeSlots {
    private var base = 0
    private var recent: [Int32] = []
    private var older: [Int: Int32] = [:]
    /// How many entries of `recent` are open.
    private var openRecent = 0

    subscript(node: NodeID) -> Int32 {
        get {
            let index = node - base
            guard index >= 0 else { return older[node] ?? -1 }
            return index < recent.count ? recent[index] : -1
        }
        set {
            let index = node - base
            guard index >= 0 else {
                older[node] = newValue >= 0 ? newValue : nil
                return
            }
            if index >= recent.count { reserve(node) }
            openRecent += (newValue >= 0 ? 1 : 0) - (recent[index] >= 0 ? 1 : 0)
            recent[index] = newValue
        }
    }

    /// Makes room for the numbers up to `node`, the newest.
    mutating func reserve(_ node: NodeID) {
        if recent.count >= 65_536 && openRecent * 4 < recent.count && node >= base + recent.count - 1 {
            for (index, slot) in recent.enumerated() where slot >= 0 { older[base + index] = slot }
            base = node
            recent = []
            openRecent = 0
        }
        while recent.count <= node - base { recent.append(-1) }
    }
}
