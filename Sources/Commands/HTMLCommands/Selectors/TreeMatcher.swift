// A selector list matched natively on an HTMLTree, right to left as browsers match: for each element, its last
// compound first, then the combinators towards the left. Every answer about an element and a prefix of a complex
// selector is remembered ("some ancestor of this node matches `div div`"), so `div div div` on 6,000 nested divs
// asks each question of each element once: O(nodes × compounds), where trying every ancestor again for every element
// would be O(nodes × depth^compounds). Walks up and along the tree are loops, not recursion: pages nest 10^6 deep.
import HTML5

/// Finds the elements of one HTMLTree that a selector list matches.
final class TreeMatcher {
    let page: TreePage
    let tree: HTMLTree
    var positions: TreePositions { page.positions }
    /// Every complex selector, the list's own and those inside :not(), :is(), :where() and :has(), numbered.
    private(set) var rows: [Row] = []
    /// The list's own rows.
    private var subjects: [Int] = []
    /// Memo tables by `slot(row, compound, relation)`: 0 not known, 1 no, 2 yes; made when first asked.
    private var memo: [[UInt8]] = []
    /// The names the form-state pseudo-classes look at.
    private(set) lazy var formNames = FormNames(tree)

    /// A complex selector with its names looked up in the tree.
    struct Row {
        let compounds: [TreeCompound]
        let combinators: [Combinator]
        /// For a relative selector (:has), the combinator from the :has() element to the first compound.
        let leading: Combinator?
        /// Where the row's memo tables start.
        let firstSlot: Int
    }

    /// The questions remembered, per compound of a row.
    private enum Question: Int, CaseIterable {
        /// The element matches compounds 0...k, k as the subject.
        case matches
        /// The element or an ancestor of it does.
        case selfOrAncestor
        /// The element or an earlier element sibling of it does.
        case selfOrEarlierSibling
        /// Relative selectors: the element matches compounds k...n-1 of a :has() argument, k leftmost.
        case relative
        /// The element or one of its descendants does.
        case relativeSelfOrDescendant
        /// The element or a later element sibling of it does.
        case relativeSelfOrLaterSibling
    }

    init(_ list: SelectorList, page: TreePage) {
        self.page = page
        tree = page.tree
        subjects = list.selectors.map { add($0) }
    }

    /// Numbers `complex` and the selectors inside its conditions.
    private func add(_ complex: ComplexSelector) -> Int {
        let compounds = complex.compounds.map { TreeCompound($0, tree: tree, add: add) }
        let row = Row(
            compounds: compounds, combinators: complex.combinators.map(\.combinator), leading: complex.leading,
            firstSlot: memo.count)
        memo += Array(repeating: [], count: compounds.count * Question.allCases.count)
        rows.append(row)
        return rows.count - 1
    }

    // MARK: Results

    /// The matching elements in document order, the root element included, each once.
    func matches() -> [Int] {
        var found: [Int] = []
        forEachMatch {
            found.append($0)
            return true
        }
        return found
    }

    /// Calls `body` with each matching element in document order until it returns false.
    func forEachMatch(_ body: (Int) throws -> Bool) rethrows {
        var node = tree.firstChild(HTMLTree.document)
        while let current = node {
            if tree.kind(current) == .element, subjects.contains(where: { matches(row: $0, current) }) {
                guard try body(current) else { return }
            }
            node = tree.next(after: current, within: HTMLTree.document)
        }
    }

    /// The elements below `root` that match, in document order (an --extract sub-selector's, below a match).
    func matches(below root: Int) -> [Int] {
        var found: [Int] = []
        var node = tree.firstChild(root)
        while let current = node {
            if tree.kind(current) == .element, subjects.contains(where: { matches(row: $0, current) }) {
                found.append(current)
            }
            node = tree.next(after: current, within: root)
        }
        return found
    }

    /// Whether `node` matches the whole of `row`, its last compound as the subject.
    func matches(row: Int, _ node: Int) -> Bool {
        matches(row, rows[row].compounds.count - 1, node)
    }

    // MARK: Right to left

    private func known(_ row: Int, _ k: Int, _ question: Question, _ node: Int) -> Bool? {
        let table = rows[row].firstSlot + k * Question.allCases.count + question.rawValue
        if memo[table].isEmpty { return nil }
        let value = memo[table][node]
        return value == 0 ? nil : value == 2
    }

    private func remember(_ row: Int, _ k: Int, _ question: Question, _ node: Int, _ value: Bool) {
        let table = rows[row].firstSlot + k * Question.allCases.count + question.rawValue
        if memo[table].isEmpty { memo[table] = Array(repeating: 0, count: tree.count) }
        memo[table][node] = value ? 2 : 1
    }

    /// `node` matches compounds 0...k of `row`, k as the subject.
    private func matches(_ row: Int, _ k: Int, _ node: Int) -> Bool {
        if let value = known(row, k, .matches, node) { return value }
        var value = rows[row].compounds[k].matches(node, self)
        if value && k > 0 {
            switch rows[row].combinators[k - 1] {
            case .child: value = parentElement(node).map { matches(row, k - 1, $0) } ?? false
            case .descendant: value = parentElement(node).map { selfOrAncestor(row, k - 1, $0) } ?? false
            case .nextSibling: value = previousElement(node).map { matches(row, k - 1, $0) } ?? false
            case .subsequentSibling: value = previousElement(node).map { selfOrEarlierSibling(row, k - 1, $0) } ?? false
            }
        }
        remember(row, k, .matches, node, value)
        return value
    }

    /// `node` or an ancestor element of it matches compounds 0...k.
    private func selfOrAncestor(_ row: Int, _ k: Int, _ node: Int) -> Bool {
        walk(row, k, .selfOrAncestor, from: node, step: parentElement) { matches(row, k, $0) }
    }

    /// `node` or an earlier element sibling of it matches compounds 0...k.
    private func selfOrEarlierSibling(_ row: Int, _ k: Int, _ node: Int) -> Bool {
        walk(row, k, .selfOrEarlierSibling, from: node, step: previousElement) { matches(row, k, $0) }
    }

    /// Whether `test` holds for `node` or one of the elements `step` leads to from it, one after another. Walks
    /// until an answer is known (remembered, or `test` true), then remembers it for every element passed: each
    /// element is passed once per question.
    private func walk(
        _ row: Int, _ k: Int, _ question: Question, from node: Int, step: (Int) -> Int?, test: (Int) -> Bool
    ) -> Bool {
        var passed: [Int] = []
        var current: Int? = node
        var value = false
        while let element = current {
            if let known = known(row, k, question, element) {
                value = known
                break
            }
            passed.append(element)
            if test(element) {
                value = true
                break
            }
            current = step(element)
        }
        for element in passed { remember(row, k, question, element, value) }
        return value
    }

    // MARK: :has(), left to right from the :has() element

    /// Whether some element related to `node` as relative selector `row` says matches it.
    func hasMatch(row: Int, _ node: Int) -> Bool {
        related(node, by: rows[row].leading ?? .descendant, row, 0)
    }

    /// Whether an element related to `node` by `combinator` matches compounds k... of relative selector `row`.
    private func related(_ node: Int, by combinator: Combinator, _ row: Int, _ k: Int) -> Bool {
        switch combinator {
        case .child, .descendant:
            var child = firstElement(in: node)
            while let element = child {
                let found =
                    combinator == .child ? relative(row, k, element) : relativeSelfOrDescendant(row, k, element)
                if found { return true }
                child = nextElement(element)
            }
            return false
        case .nextSibling: return nextElement(node).map { relative(row, k, $0) } ?? false
        case .subsequentSibling: return nextElement(node).map { relativeSelfOrLaterSibling(row, k, $0) } ?? false
        }
    }

    /// `node` matches compounds k...n-1 of relative selector `row`, compound k being `node`.
    private func relative(_ row: Int, _ k: Int, _ node: Int) -> Bool {
        if let value = known(row, k, .relative, node) { return value }
        let compounds = rows[row].compounds
        var value = compounds[k].matches(node, self)
        if value && k + 1 < compounds.count { value = related(node, by: rows[row].combinators[k], row, k + 1) }
        remember(row, k, .relative, node, value)
        return value
    }

    /// `node` or an element below it matches compounds k... of relative selector `row`. The subtree is walked in
    /// document order, each element's answer remembered once its subtree is done (a stack, not recursion).
    private func relativeSelfOrDescendant(_ row: Int, _ k: Int, _ node: Int) -> Bool {
        if let value = known(row, k, .relativeSelfOrDescendant, node) { return value }
        // Post-order: an element is answered after its children.
        var stack: [(element: Int, childrenPushed: Bool)] = [(node, false)]
        while let (element, childrenPushed) = stack.popLast() {
            if known(row, k, .relativeSelfOrDescendant, element) != nil { continue }
            if !childrenPushed {
                if relative(row, k, element) {
                    remember(row, k, .relativeSelfOrDescendant, element, true)
                    continue
                }
                stack.append((element, true))
                var child = firstElement(in: element)
                while let current = child {
                    stack.append((current, false))
                    child = nextElement(current)
                }
                continue
            }
            var value = false
            var child = firstElement(in: element)
            while let current = child, !value {
                value = known(row, k, .relativeSelfOrDescendant, current) ?? false
                child = nextElement(current)
            }
            remember(row, k, .relativeSelfOrDescendant, element, value)
        }
        return known(row, k, .relativeSelfOrDescendant, node) ?? false
    }

    /// `node` or a later element sibling of it matches compounds k... of relative selector `row`.
    private func relativeSelfOrLaterSibling(_ row: Int, _ k: Int, _ node: Int) -> Bool {
        walk(row, k, .relativeSelfOrLaterSibling, from: node, step: nextElement) { relative(row, k, $0) }
    }

    // MARK: Elements

    func parentElement(_ node: Int) -> Int? {
        guard let parent = tree.parent(node), tree.kind(parent) == .element else { return nil }
        return parent
    }

    func previousElement(_ node: Int) -> Int? {
        var sibling = tree.previousSibling(node)
        while let current = sibling, tree.kind(current) != .element { sibling = tree.previousSibling(current) }
        return sibling
    }

    func nextElement(_ node: Int) -> Int? {
        var sibling = tree.nextSibling(node)
        while let current = sibling, tree.kind(current) != .element { sibling = tree.nextSibling(current) }
        return sibling
    }

    func firstElement(in node: Int) -> Int? {
        guard let child = tree.firstChild(node) else { return nil }
        return tree.kind(child) == .element ? child : nextElement(child)
    }
}
