// The adoption agency algorithm (13.2.6.4.7): what an end tag of a formatting element does when the element is not
// the current node — `<b>1<p>2</b>3</p>` — moving the block into a copy of the formatting element instead of
// closing the block.

extension TreeBuilder {
    /// Runs the algorithm for an end tag named `subject`. Returns true when the caller should act as for "any
    /// other end tag" instead (no formatting element of that name is open after the last marker).
    mutating func adoptionAgency(_ subject: NameID) -> Bool {
        let current = stack.current
        if current.namespace == .html && current.name == subject && formatting.index(of: Int(current.node)) == nil {
            stack.pop()
            return false
        }
        for _ in 0..<8 {
            guard let formattingIndex = formatting.lastIndex(named: subject) else { return true }
            let formattingEntry = formatting[formattingIndex]
            let formattingNode = formattingEntry.node
            guard let formattingSlot = stack.slot(of: formattingNode) else {
                formatting.remove(at: formattingIndex)
                return false
            }
            guard stack.hasInScope(node: formattingNode) else { return false }
            let furthestBlock = self.furthestBlock(above: formattingSlot)
            guard let furthestBlock, reopenBudget > 0 else {
                if furthestBlock != nil { limitReached = true }
                stack.pop(through: formattingSlot)
                formatting.remove(at: formattingIndex)
                return false
            }
            guard let commonAncestor = stack.below(formattingSlot) else { return false }
            let furthestNode = Int(stack[furthestBlock].node)
            // Where the new element goes in the list: before the entry now at `bookmark`.
            var bookmark = formattingIndex
            var nodeSlot = furthestBlock
            var lastNode = furthestNode
            var innerLoopCounter = 0
            var nextSlot = stack.below(nodeSlot)
            while let next = nextSlot {
                innerLoopCounter += 1
                nodeSlot = next
                let node = Int(stack[nodeSlot].node)
                if node == formattingNode { break }
                var listIndex = formatting.index(of: node)
                if innerLoopCounter > 3, let index = listIndex {
                    formatting.remove(at: index)
                    if index < bookmark { bookmark -= 1 }
                    listIndex = nil
                }
                guard let index = listIndex else {
                    nextSlot = stack.below(nodeSlot)
                    stack.remove(at: nodeSlot)
                    continue
                }
                let entry = formatting[index]
                reopenBudget -= Self.reopenCost(entry.attributes)
                reopened += 1
                let copy = createElement(.html, known: entry.name, attributes: entry.attributes)
                formatting.replace(at: index, with: copy)
                stack.replace(at: nodeSlot, with: copy)
                if lastNode == furthestNode { bookmark = index + 1 }
                insert(lastNode, at: .append(copy))
                lastNode = copy
                nextSlot = stack.below(nodeSlot)
            }
            insert(lastNode, at: appropriatePlace(target: commonAncestor))
            reopenBudget -= Self.reopenCost(formattingEntry.attributes)
            reopened += 1
            let element = createElement(.html, known: subject, attributes: formattingEntry.attributes)
            flushText()
            sink.moveChildren(of: furthestNode, to: element)
            sink.append(element, to: furthestNode)
            if let index = formatting.index(of: formattingNode) {
                formatting.remove(at: index)
                if index < bookmark { bookmark -= 1 }
            }
            formatting.insert(
                FormattingEntry(node: element, name: subject, attributes: formattingEntry.attributes), at: bookmark)
            let formerBelow = stack[formattingSlot].below
            stack.remove(at: formattingSlot)
            stack.insert(
                OpenElement(node: element, name: subject, namespace: .html), above: furthestBlock,
                formerSlot: formattingSlot, formerBelow: formerBelow)
        }
        return false
    }

    /// The furthest block: the first special element above the formatting element. The elements passed on the way
    /// are taken off the stack afterwards (all but three), so the walk costs nothing in the long run.
    private func furthestBlock(above formattingSlot: Int) -> Int? {
        var slot = stack.above(formattingSlot)
        while let candidate = slot {
            if stack[candidate].flags.contains(.special) { return candidate }
            slot = stack.above(candidate)
        }
        return nil
    }
}
