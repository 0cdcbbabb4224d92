// tb html's streaming on its own HTML5 parser: a walk in document order over the tree while the parser grows it.
// The walk passes an element once nothing can change it any more, and decides it then (WalkMatcher), from its
// ancestors and the siblings passed before it; a match is given to the printer when it is closed, before the walk
// goes into it — so matches come in document order, each outer one before those inside it, as the tree gives them.
//
// The walk waits in front of what the parser may still change: an open formatting element, table or select (the
// adoption agency and foster parenting move what is in them, and put content before a table), an open head (a
// <link> after </head> still goes into it, and <base href> must be known before a URL is resolved), the body while
// a <frameset> may replace it, and a match still open. Everything it has passed, it no longer needs: the tree drops
// it (HTMLTreeStream.compact), so memory holds what the walk waits for, not the page.
import HTML5

/// A walk over one HTMLTreeStream's tree.
final class StreamWalk {
    /// One element the walk is inside (the document first), and how far it has gone among its children.
    private struct Level {
        var node: Int32
        /// The last child passed, -1 before the first.
        var lastChild: Int32 = -1
        /// How many element children have been passed.
        var elements: Int32 = 0
        /// Where this level's counts of children by type start in `typeCounts`.
        var typeStart: Int32
        /// Where this element's path ends in `pathBytes`.
        var pathEnd: Int32
        /// Its position among its siblings, to decide it again.
        var child: Int32
        var type: Int32

        var position: WalkMatcher.Position { .init(child: Int(child), type: Int(type)) }
    }

    let stream: HTMLTreeStream
    private let matcher: WalkMatcher
    private let writesPaths: Bool
    private var levels: [Level]
    /// The element children of each level passed so far, by type (name and namespace), a level's after its parent's.
    private var typeCounts: [(type: Int32, count: Int32)] = []
    /// For the levels with many types of children, where each type's count is in `typeCounts`: looking along the
    /// list would be quadratic on a page of a million differently named siblings.
    private var manyTypes: [Int: [Int32: Int]] = [:]
    /// Each element level's answers (WalkMatcher), `matcher.slotCount` of them, the root element's first.
    private var answers: [UInt8] = []
    /// The first level with an answer not known yet (:contains() on an open element): it and all below it are
    /// decided again when the walk resumes, and nothing in it is dropped.
    private var firstWaiting: Int?
    private var pathBytes: [UInt8] = []
    /// The first level whose element was found final (everything below it is), or nil.
    private var finalFrom: Int?
    /// The nodes passed since the tree last dropped them: it drops them when they are half of it.
    private var passed = 0
    /// Told when the walk goes into the head, which is then whole (the printer reads <base href> from it).
    var enteringHead: ((HTMLTree) -> Void)?

    /// The numbers of the names head and body.
    private let head: NameID
    private let body: NameID

    /// `subs`: the sub-selectors of --extract (nil for a field of the match's own attribute, which matches nothing
    /// below), whose matches below each match `matches(below:)` gives.
    init(stream: HTMLTreeStream, selectors: SelectorList, subs: [SelectorList?] = [], writesPaths: Bool) {
        self.stream = stream
        head = stream.elementNameID(interning: "head")
        body = stream.elementNameID(interning: "body")
        matcher = WalkMatcher(selectors, subs: subs, stream: stream)
        self.writesPaths = writesPaths
        levels = [Level(node: 0, typeStart: 0, pathEnd: 0, child: 0, type: 0)]
    }

    /// Walks as far as the tree allows, giving `body` each match (a node of the tree as it is now, and its path)
    /// until it returns false; says whether it did not.
    func run(_ body: (_ node: Int, _ path: String) throws -> Bool) rethrows -> Bool {
        let tree = stream.tree
        decideWaitingAgain(tree)
        while true {
            let top = levels.count - 1
            let level = levels[top]
            let following =
                level.lastChild < 0 ? tree.firstChild(Int(level.node)) : tree.nextSibling(Int(level.lastChild))
            guard let next = following else {
                if top == 0 || stream.isOpen(Int(level.node)) { return true }
                leave()
                continue
            }
            guard tree.kind(next) == .element else {
                levels[top].lastChild = Int32(next)
                passed += 1
                continue
            }
            let open = stream.isOpen(next)
            if mustWait(before: next, open: open, tree) { return true }
            let type = Self.type(next, tree)
            let typeSlot = slot(of: type, at: top)
            let position = WalkMatcher.Position(
                child: Int(level.elements) + 1, type: Int(typeSlot.map { typeCounts[$0].count } ?? 0) + 1)
            let base = answers.count
            answers.append(contentsOf: repeatElement(0, count: matcher.slotCount))
            let final = !open && matcher.readsContent ? isFinal(next, tree) : nil
            let answer = matcher.decide(
                next, in: tree, position: position, closed: final ?? false, answers: &answers, at: base,
                parent: top > 0 ? base - matcher.slotCount : nil)
            if answer == .notYet || (answer == .yes && !(final ?? (!open && isFinal(next, tree)))) {
                answers.removeLast(matcher.slotCount)
                return true
            }
            if finalFrom == nil, final == true || answer == .yes { finalFrom = levels.count }
            levels[top].elements += 1
            if let typeSlot { typeCounts[typeSlot].count += 1 } else { addType(type, at: top) }
            enter(next, position: position, tree)
            if firstWaiting == nil, answers[base..<base + matcher.listSlotCount].contains(WalkAnswer.notYet.rawValue) {
                firstWaiting = levels.count - 1
            }
            if answer == .yes {
                let path = writesPaths ? String(decoding: pathBytes, as: UTF8.self) : ""
                guard try body(next, path) else { return false }
            }
        }
    }

    /// Whether the walk must stop in front of element `node`: the parser may still change it or what is in it.
    private func mustWait(before node: Int, open: Bool, _ tree: HTMLTree) -> Bool {
        if isHTML(node, body, tree) && stream.bodyMayBeReplaced { return true }
        guard open else { return false }
        return tree.mayMoveContent(node) || isHTML(node, head, tree)
    }

    /// Whether `node` is the HTML element whose name is numbered `name`.
    private func isHTML(_ node: Int, _ name: NameID, _ tree: HTMLTree) -> Bool {
        tree.nameID(node) == name && tree.namespace(node) == .html
    }

    /// Whether element `node` and all in it are closed: its content is whole. (Closed is not enough: the adoption
    /// agency leaves open elements inside closed ones, and content goes before an open table wherever it stands.)
    /// Inside a final element everything is final, and known so without a look (`finalFrom`): nested matches are
    /// not each walked through again.
    private func isFinal(_ node: Int, _ tree: HTMLTree, depth: Int? = nil) -> Bool {
        if let from = finalFrom, from <= depth ?? levels.count { return true }
        var current: Int? = node
        while let element = current {
            if tree.kind(element) == .element && stream.isOpen(element) { return false }
            current = tree.next(after: element, within: node)
        }
        return true
    }

    /// A type is a name in a namespace: the same name in SVG and in HTML are two types.
    private static func type(_ node: Int, _ tree: HTMLTree) -> Int32 {
        tree.nameID(node) << 2 | Int32(tree.namespace(node).rawValue)
    }

    /// Where the count of children of `type` is for level `depth`, if it has had one.
    private func slot(of type: Int32, at depth: Int) -> Int? {
        if !manyTypes.isEmpty, let index = manyTypes[depth] { return index[type] }
        let start = Int(levels[depth].typeStart)
        return typeCounts[start...].firstIndex { $0.type == type }
    }

    private func addType(_ type: Int32, at depth: Int) {
        typeCounts.append((type, 1))
        let start = Int(levels[depth].typeStart)
        if !manyTypes.isEmpty && manyTypes[depth] != nil {
            manyTypes[depth]?[type] = typeCounts.count - 1
        } else if typeCounts.count - start > 16 {
            var index: [Int32: Int] = [:]
            for slot in start..<typeCounts.count { index[typeCounts[slot].type] = slot }
            manyTypes[depth] = index
        }
    }

    private func enter(_ node: Int, position: WalkMatcher.Position, _ tree: HTMLTree) {
        if writesPaths { writeStep(node, typeIndex: position.type, tree) }
        if levels.count == 2, isHTML(node, head, tree) { enteringHead?(tree) }
        levels.append(
            Level(
                node: Int32(node), typeStart: Int32(typeCounts.count), pathEnd: Int32(pathBytes.count),
                child: Int32(position.child), type: Int32(position.type)))
    }

    private func leave() {
        let level = levels.removeLast()
        typeCounts.removeLast(typeCounts.count - Int(level.typeStart))
        if !manyTypes.isEmpty { manyTypes[levels.count] = nil }
        answers.removeLast(matcher.slotCount)
        pathBytes.removeLast(pathBytes.count - Int(levels[levels.count - 1].pathEnd))
        levels[levels.count - 1].lastChild = level.node
        passed += 1
        if let waiting = firstWaiting, waiting >= levels.count { firstWaiting = nil }
        if let from = finalFrom, from >= levels.count { finalFrom = nil }
    }

    /// Decides again the levels from the first that waits, now that more of the page is known.
    private func decideWaitingAgain(_ tree: HTMLTree) {
        guard let first = firstWaiting else { return }
        firstWaiting = nil
        for depth in first..<levels.count {
            let node = Int(levels[depth].node)
            let base = (depth - 1) * matcher.slotCount
            _ = matcher.decide(
                node, in: tree, position: levels[depth].position, closed: isFinal(node, tree, depth: depth),
                answers: &answers,
                at: base, parent: depth > 1 ? base - matcher.slotCount : nil)
            if firstWaiting == nil,
                answers[base..<base + matcher.listSlotCount].contains(WalkAnswer.notYet.rawValue)
            {
                firstWaiting = depth
            }
        }
    }

    // MARK: Sub-selectors

    /// For each sub-selector, the elements below `match` it matches, in document order; only while `run` gives
    /// `match` to its body (the walk has just entered it, and holds the answers of it and its ancestors). The match
    /// is final, so all below it is decided at once, from `match`'s answers down, positions counted among siblings
    /// that are all there.
    func matches(below match: Int) -> [[Int]] {
        guard matcher.decidesSubs else { return [[Int]](repeating: [], count: matcher.subCount) }
        let tree = stream.tree
        var found = [[Int]](repeating: [], count: matcher.subCount)
        let slots = matcher.slotCount
        // The match's answers first, then one set per element of the path below it.
        var scratch = Array(answers[(answers.count - slots)...])
        /// An element of the path below the match: how many element children passed, and how many of each type.
        struct Frame {
            let node: Int
            var elements = 0
            var types: [Int32: Int] = [:]
        }
        var frames = [Frame(node: match)]
        var next = tree.firstChild(match)
        while true {
            guard let current = next else {
                guard frames.count > 1 else { break }
                let frame = frames.removeLast()
                scratch.removeLast(slots)
                next = tree.nextSibling(frame.node)
                continue
            }
            guard tree.kind(current) == .element else {
                next = tree.nextSibling(current)
                continue
            }
            let top = frames.count - 1
            let type = Self.type(current, tree)
            frames[top].elements += 1
            frames[top].types[type, default: 0] += 1
            let position = WalkMatcher.Position(child: frames[top].elements, type: frames[top].types[type] ?? 1)
            let base = scratch.count
            scratch.append(contentsOf: repeatElement(0, count: slots))
            _ = matcher.decide(
                current, in: tree, position: position, closed: true, answers: &scratch, at: base, parent: base - slots)
            for sub in found.indices where matcher.matches(sub: sub, scratch, at: base) { found[sub].append(current) }
            frames.append(Frame(node: current))
            next = tree.firstChild(current)
        }
        return found
    }

    // MARK: Paths

    /// Writes the step to `node`, as TreeNode.path does: `/name[n]`, no position for the root element and the root's
    /// head and body, a prefix for SVG and MathML elements.
    private func writeStep(_ node: Int, typeIndex: Int, _ tree: HTMLTree) {
        pathBytes.append(UInt8(ascii: "/"))
        switch tree.namespace(node) {
        case .html: break
        case .svg: pathBytes += "svg:".utf8
        case .mathml: pathBytes += "math:".utf8
        }
        tree.withName(node) { name in
            for index in 0..<name.count { pathBytes.append(name[index]) }
        }
        if levels.count == 1 { return }
        if levels.count == 2, isHTML(node, head, tree) || isHTML(node, body, tree) {
            return
        }
        pathBytes.append(UInt8(ascii: "["))
        TreeNode.writeDecimal(typeIndex, into: &pathBytes)
        pathBytes.append(UInt8(ascii: "]"))
    }

    // MARK: Memory

    /// Drops from the tree what the walk has passed, once that is half of it: what is left is what the walk is
    /// inside, what it has not reached, and all of a level that waits.
    /// The bytes the tree held after the last drop: it drops again once it holds twice as many (and 1 MiB), however
    /// few nodes were passed — a page may be one long text.
    private var bytesAtDrop = 0

    /// Whether `dropPassed` would drop nodes now.
    var wouldDrop: Bool {
        (passed >= 2_048 && passed * 2 >= stream.nodeCount) || stream.byteCount >= max(1 << 20, 2 * bytesAtDrop)
    }

    func dropPassed() {
        // The marks are made on a copy of the tree, which must be gone before the stream changes the tree.
        guard let live = liveNodes() else { return }
        let map = stream.compact(keeping: live)
        for depth in levels.indices {
            levels[depth].node = map[Int(levels[depth].node)]
            let last = levels[depth].lastChild
            levels[depth].lastChild = last < 0 ? -1 : map[Int(last)]
        }
        passed = 0
        bytesAtDrop = stream.byteCount
    }

    /// Marks the nodes to keep, or nil when too few are passed to be worth dropping (a page the walk must hold is
    /// not copied again and again for nothing).
    private func liveNodes() -> [Bool]? {
        guard wouldDrop else { return nil }
        let tree = stream.tree
        var live = [Bool](repeating: false, count: tree.count)
        live[0] = true
        func keepSubtree(_ root: Int) {
            var node: Int? = root
            while let current = node {
                live[current] = true
                node = tree.next(after: current, within: root)
            }
        }
        for (depth, level) in levels.enumerated() {
            live[Int(level.node)] = true
            var sibling: Int?
            if depth + 1 < levels.count {
                sibling = tree.nextSibling(Int(levels[depth + 1].node))
            } else if level.lastChild < 0 {
                sibling = tree.firstChild(Int(level.node))
            } else {
                sibling = tree.nextSibling(Int(level.lastChild))
            }
            while let current = sibling {
                keepSubtree(current)
                sibling = tree.nextSibling(current)
            }
        }
        if let waiting = firstWaiting { keepSubtree(Int(levels[waiting].node)) }
        // Elements the parser made and holds but has not put in the tree (or took out of it).
        for node in 1..<tree.count where !live[node] && tree.parent(node) == nil && stream.isOpen(node) {
            keepSubtree(node)
        }
        return live
    }
}
