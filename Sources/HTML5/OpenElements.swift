// The stack of open elements (13.2.4.3), kept so that every question the tree construction asks of it costs the same
// however deep the page nests: "is there a p in button scope" is one comparison, not a walk down the stack.
//
// How: each entry is linked to the entry below it with the same name, the same namespace, and to the special and
// scope-boundary entries below it, and the topmost entry of each such chain is known. "X in scope" is then "the
// topmost X is above the topmost boundary". Entries taken from the middle (the adoption agency does that) leave a
// gap (a run of dead slots whose length the entries on either side know), so nothing above them moves.

struct OpenElements {
    /// The slots, bottom (the html element) first; dead slots between live ones.
    private(set) var slots: [OpenElement] = []
    /// The topmost entry of each element name (by `key`), -1 when there is none.
    private var nameTops: [Int32] = []
    /// The topmost special, boundary and HTML entries (`name` is unused).
    private var categoryTops = Links()
    /// Each element's slot while it is open, -1 otherwise, by NodeID.
    private var slotOfNode = NodeSlots()
    private(set) var liveCount = 0

    var isEmpty: Bool { slots.isEmpty }
    /// The slot of the current node.
    var top: Int { slots.count - 1 }
    var current: OpenElement { slots[slots.count - 1] }

    subscript(slot: Int) -> OpenElement { slots[slot] }

    /// Makes room to record the slot of nodes numbered up to `node`.
    mutating func reserve(node: NodeID) {
        slotOfNode.reserve(node)
    }

    /// The slot of `node`, or nil when it is not open.
    func slot(of node: NodeID) -> Int? {
        let slot = slotOfNode[node]
        return slot >= 0 ? Int(slot) : nil
    }

    func contains(_ node: NodeID) -> Bool { slot(of: node) != nil }

    /// The live slot below `slot`, or nil at the bottom.
    func below(_ slot: Int) -> Int? {
        let next = slot - 1 - Int(slots[slot].skip)
        return next >= 0 ? next : nil
    }

    /// The live slot above `slot`, or nil at the top.
    func above(_ slot: Int) -> Int? {
        guard slot < top else { return nil }
        let next = slot + 1
        return slots[next].node >= 0 ? next : next + Int(slots[next].skip)
    }

    private static func key(_ name: NameID, _ namespace: Namespace) -> Int {
        Int(name) &* 3 &+ Int(namespace.rawValue)
    }

    /// The topmost open element named `name` in `namespace`, or -1.
    func topmost(_ name: NameID, _ namespace: Namespace = .html) -> Int {
        let key = Self.key(name, namespace)
        return key < nameTops.count ? Int(nameTops[key]) : -1
    }

    func topmost(_ tag: Tag) -> Int { topmost(tag.id) }

    var topmostSpecial: Int { Int(categoryTops.special) }
    var topmostHTML: Int { Int(categoryTops.html) }
    var topmostSpecialButAddressDivP: Int { Int(categoryTops.listStop) }

    /// The slot of the topmost element that ends `scope` (select scope is asked differently).
    func scopeBoundary(_ scope: Scope) -> Int {
        switch scope {
        case .normal: Int(categoryTops.boundary)
        case .listItem: max(Int(categoryTops.boundary), topmost(.ol), topmost(.ul))
        case .button: max(Int(categoryTops.boundary), topmost(.button))
        case .table: max(topmost(.html), topmost(.table), topmost(.template))
        }
    }

    /// "The stack of open elements has a `tag` element in `scope`" (HTML elements).
    func hasInScope(_ tag: Tag, _ scope: Scope = .normal) -> Bool {
        let slot = topmost(tag)
        // At the boundary itself the element is the one looked for ("table in table scope").
        return slot >= 0 && slot >= scopeBoundary(scope)
    }

    /// "… has `node` in `scope`": for one particular element.
    func hasInScope(node: NodeID, _ scope: Scope = .normal) -> Bool {
        guard let slot = slot(of: node) else { return false }
        return slot >= scopeBoundary(scope)
    }

    private func onChain(_ element: OpenElement, _ chain: Links.Chain) -> Bool {
        switch chain {
        case .name: true
        case .special: element.flags.contains(.special)
        case .boundary: element.flags.contains(.boundary)
        case .html: element.namespace == .html
        case .listStop: element.flags.contains(.listStop)
        }
    }

    private func topOfChain(_ chain: Links.Chain, for element: OpenElement) -> Int32 {
        if chain == .name {
            let key = Self.key(element.name, element.namespace)
            return key < nameTops.count ? nameTops[key] : -1
        }
        return categoryTops[chain]
    }

    private mutating func setTopOfChain(_ chain: Links.Chain, for element: OpenElement, _ slot: Int32) {
        if chain == .name {
            let key = Self.key(element.name, element.namespace)
            while nameTops.count <= key { nameTops.append(-1) }
            nameTops[key] = slot
        } else {
            categoryTops[chain] = slot
        }
    }

    /// Pushes `element`: it becomes the current node.
    mutating func push(_ element: OpenElement) {
        let slot = Int32(slots.count)
        var element = element
        element.skip = 0
        for chain in Links.Chain.allCases where onChain(element, chain) {
            let below = topOfChain(chain, for: element)
            element.below[chain] = below
            element.above[chain] = -1
            if below >= 0 { slots[Int(below)].above[chain] = slot }
            setTopOfChain(chain, for: element, slot)
        }
        slots.append(element)
        reserve(node: Int(element.node))
        slotOfNode[Int(element.node)] = slot
        liveCount += 1
    }

    /// Pops the current node, and returns it.
    @discardableResult
    mutating func pop() -> OpenElement {
        let slot = slots.count - 1
        let element = slots[slot]
        unlink(slot)
        slots.removeLast(1 + Int(element.skip))
        return element
    }

    /// Pops elements until the one in `slot` is popped.
    mutating func pop(through slot: Int) {
        while slots.count > slot { pop() }
    }

    /// Takes the entry in `slot` out of its chains (the slot stays).
    private mutating func unlink(_ slot: Int) {
        let element = slots[slot]
        for chain in Links.Chain.allCases where onChain(element, chain) {
            let below = element.below[chain]
            let above = element.above[chain]
            if below >= 0 { slots[Int(below)].above[chain] = above }
            if above >= 0 {
                slots[Int(above)].below[chain] = below
            } else {
                setTopOfChain(chain, for: element, below)
            }
        }
        slotOfNode[Int(element.node)] = -1
        liveCount -= 1
    }

    /// Removes the entry in `slot`, wherever it is.
    mutating func remove(at slot: Int) {
        guard slot < top else {
            pop()
            return
        }
        let skipBelow = Int(slots[slot].skip)
        unlink(slot)
        slots[slot].node = -1
        // The dead slots above it, and the live entry above them.
        let skipAbove = slots[slot + 1].node >= 0 ? 0 : Int(slots[slot + 1].skip)
        let owner = slot + 1 + skipAbove
        let run = skipBelow + 1 + skipAbove
        slots[slot - skipBelow].skip = Int32(run)
        slots[owner].skip = Int32(run)
    }

    /// Puts `node` in the place of the element in `slot` (the adoption agency's "replace the entry"); the new element
    /// has the old one's name.
    mutating func replace(at slot: Int, with node: NodeID) {
        slotOfNode[Int(slots[slot].node)] = -1
        slots[slot].node = Int32(node)
        reserve(node: node)
        slotOfNode[node] = Int32(slot)
    }

    /// Inserts `element` directly above the entry in `slot` (the adoption agency's "immediately below the furthest
    /// block"), just after the formatting element it replaces was removed from `formerSlot`, below `slot`: what was
    /// below that element on each chain is `formerBelow`, unless one of the few entries between is on the chain.
    mutating func insert(_ element: OpenElement, above slot: Int, formerSlot: Int, formerBelow: Links) {
        guard slot < top else {
            push(element)
            return
        }
        var at = slot + 1
        if slots[at].node >= 0 {
            // No dead slot above: the entries from `slot` down to the first one with dead slots below it (the
            // formatting element's, at the latest) move down by one.
            var lowest = slot
            while slots[lowest].skip == 0, let next = below(lowest) { lowest = next }
            guard slots[lowest].skip > 0 else {
                rebuild(inserting: element, above: slot)
                return
            }
            let run = Int(slots[lowest].skip)
            for from in lowest...slot { move(from, to: from - 1) }
            slots[lowest - 1].skip = Int32(run - 1)
            if run > 1 { slots[lowest - run].skip = Int32(run - 1) }
            at = slot
        } else {
            // Take the lowest of the dead slots above.
            let run = Int(slots[at].skip)
            slots[at + run].skip = Int32(run - 1)
            if run > 1 { slots[at + 1].skip = Int32(run - 1) }
        }
        var element = element
        element.skip = 0
        for chain in Links.Chain.allCases where onChain(element, chain) {
            // The nearest entry below on this chain: one of those between the formatting element's slot and this
            // one, or what was below the formatting element.
            var below = formerBelow[chain]
            var candidate: Int? = at - 1
            while let current = candidate, current > formerSlot {
                let other = slots[current]
                if onChain(other, chain)
                    && (chain != .name || (other.name == element.name && other.namespace == element.namespace))
                {
                    below = Int32(current)
                    break
                }
                candidate = self.below(current)
            }
            let above = below >= 0 ? slots[Int(below)].above[chain] : lowestOfChain(chain, for: element)
            element.below[chain] = below
            element.above[chain] = above
            if below >= 0 { slots[Int(below)].above[chain] = Int32(at) }
            if above >= 0 {
                slots[Int(above)].below[chain] = Int32(at)
            } else {
                setTopOfChain(chain, for: element, Int32(at))
            }
        }
        slots[at] = element
        reserve(node: Int(element.node))
        slotOfNode[Int(element.node)] = Int32(at)
        liveCount += 1
    }

    /// The lowest entry of `element`'s chain, or -1.
    private func lowestOfChain(_ chain: Links.Chain, for element: OpenElement) -> Int32 {
        var entry = topOfChain(chain, for: element)
        while entry >= 0 && slots[Int(entry)].below[chain] >= 0 { entry = slots[Int(entry)].below[chain] }
        return entry
    }

    /// Builds the stack anew with `element` above `slot`: what `insert` falls back to were there no dead slot to use
    /// (the adoption agency always leaves one).
    private mutating func rebuild(inserting element: OpenElement, above slot: Int) {
        let old = slots
        var fresh = OpenElements()
        for index in old.indices where old[index].node >= 0 {
            fresh.push(old[index])
            if index == slot { fresh.push(element) }
        }
        self = fresh
    }

    /// Moves the live entry in slot `from` to the free slot `to`, with its chains' links.
    private mutating func move(_ from: Int, to: Int) {
        let element = slots[from]
        for chain in Links.Chain.allCases where onChain(element, chain) {
            let below = element.below[chain]
            let above = element.above[chain]
            if below >= 0 { slots[Int(below)].above[chain] = Int32(to) }
            if above >= 0 {
                slots[Int(above)].below[chain] = Int32(to)
            } else {
                setTopOfChain(chain, for: element, Int32(to))
            }
        }
        slots[to] = element
        slotOfNode[Int(element.node)] = Int32(to)
    }

    /// The second element from the bottom (body, in a normal page), or nil.
    var secondSlot: Int? {
        guard !slots.isEmpty else { return nil }
        return above(0)
    }
}
