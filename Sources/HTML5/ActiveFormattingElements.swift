// The list of active formatting elements (13.2.4.3): the b, i, a… elements that are reopened when their content goes
// on past a block that closed them, with markers where a cell, caption, object or template starts.

struct ActiveFormattingElements {
    private(set) var entries: [FormattingEntry] = []
    /// Where the entries after the last marker start.
    private var segmentStart = 0
    /// The most entries after the last marker. The standard sets none, but every one is compared with each new
    /// one, and reopened at each paragraph: a page of a million `<b x=N>` tags would take hours. Past this many, the
    /// oldest is dropped, as the standard's "Noah's Ark" clause drops the fourth of identical ones.
    static let limit = 256
    /// Whether the limit dropped an entry: the tree may differ from a browser's from there on.
    private(set) var overflowed = false

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    subscript(index: Int) -> FormattingEntry { entries[index] }

    /// Pushes an element, first dropping the earliest of three identical ones after the last marker (Noah's Ark).
    mutating func push(node: NodeID, name: NameID, attributes: borrowing Attributes) {
        var hash: UInt64?
        var identical = 0
        var earliest = -1
        // Entries are compared in place (a copy of each would cost its attributes' reference counts).
        for index in stride(from: entries.count - 1, through: segmentStart, by: -1) where entries[index].name == name {
            let pushed = hash ?? FormattingEntry.hash(attributes)
            hash = pushed
            let entryHash = entries[index].attributesHash ?? FormattingEntry.hash(entries[index].attributes)
            entries[index].attributesHash = entryHash
            guard entryHash == pushed, Self.sameAttributes(entries[index].attributes, attributes) else { continue }
            identical += 1
            earliest = index
        }
        if identical >= 3 {
            entries.remove(at: earliest)
        } else if entries.count - segmentStart >= Self.limit {
            entries.remove(at: segmentStart)
            overflowed = true
        }
        entries.append(FormattingEntry(node: node, name: name, attributes: copy attributes, attributesHash: hash))
    }

    static func sameAttributes(_ a: Attributes, _ b: borrowing Attributes) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count {
            var found = false
            for j in 0..<b.count where ASCII.equal(a.name(i), b.name(j)) {
                found = ASCII.equal(a.value(i), b.value(j)) && a.namespace(i) == b.namespace(j)
                break
            }
            if !found { return false }
        }
        return true
    }

    mutating func pushMarker() {
        entries.append(.marker)
        segmentStart = entries.count
    }

    /// "Clear the list of active formatting elements up to the last marker".
    mutating func clearToLastMarker() {
        while let last = entries.popLast(), !last.isMarker {}
        segmentStart = (entries.lastIndex { $0.isMarker } ?? -1) + 1
    }

    /// The last element named `name` after the last marker.
    func lastIndex(named name: NameID) -> Int? {
        for index in stride(from: entries.count - 1, through: segmentStart, by: -1) where entries[index].name == name {
            return index
        }
        return nil
    }

    /// The index of `node` after the last marker.
    func index(of node: NodeID) -> Int? {
        for index in stride(from: entries.count - 1, through: segmentStart, by: -1) where entries[index].node == node {
            return index
        }
        return nil
    }

    mutating func remove(at index: Int) {
        entries.remove(at: index)
    }

    mutating func replace(at index: Int, with node: NodeID) {
        entries[index].node = node
    }

    mutating func insert(_ entry: FormattingEntry, at index: Int) {
        entries.insert(entry, at: index)
    }
}
