// Streaming on tb's own tree: decides a selector for the element a walk in document order has reached, from what
// the walk knows — the element, its ancestors (the walk's path) and its position among the siblings before it —
// and, for :empty and :contains(), its content once the element is closed. Each element of the path keeps its
// answers for every compound ("this element matches `div > p`", "it or an ancestor matches `div`"), so that an
// element is decided from its parent's answers in O(compounds), however deep the page nests. An answer may be
// "not yet": :contains() on an element still open; the walk then waits for it.
import HTML5

/// A selector list prepared for one stream's tree.
final class WalkMatcher {
    /// A complex selector: its compounds left to right, and whether each joins the next by `>`.
    private struct Row {
        let compounds: [TreeCompound]
        let childOnly: [Bool]
        /// Where its answers start among an element's.
        let firstSlot: Int
    }

    private var rows: [Row] = []
    private var subjects: [Int] = []
    /// The rows of each --extract sub-selector, decided with the list's (StreamWalk.matches(below:)).
    private var subSubjects: [[Int]] = []
    /// How many answers each element keeps: two per compound of every row (matches, and self-or-ancestor matches).
    private(set) var slotCount = 0
    /// How many of them are the list's own, first: the sub-selectors' answers come after, and are not waited for.
    private(set) var listSlotCount = 0
    /// Whether some part of the list reads an element's content (:empty, :contains()), which is known once it is
    /// final. (Sub-selectors read it inside a final match only.)
    private(set) var readsContent = false

    /// Checks that the walk can decide `list`: the parts that look at what comes after an element (sibling
    /// combinators, positions from the end, :has(), form states that read other elements) need the whole tree.
    static func check(_ list: [ComplexSelector]) throws(SelectorError) {
        for complex in list {
            for (combinator, position) in complex.combinators where combinator != .descendant && combinator != .child {
                throw .needsTree(combinator, at: position)
            }
            for compound in complex.compounds {
                for condition in compound.conditions {
                    switch condition.kind {
                    case .id, .className, .attribute, .nth(_, false, _), .empty, .root, .contains: continue
                    case .not(let inner), .isAny(let inner): try check(inner)
                    default:
                        throw .needsTree(condition)
                    }
                }
            }
        }
    }

    /// Checks that a sub-selector of --extract can be decided inside a match the walk hands over: as `check`, and
    /// its content conditions (:empty, :contains()) in its last compound only — further left they may be about an
    /// ancestor of the match, still open.
    static func check(sub list: [ComplexSelector]) throws(SelectorError) {
        try check(list)
        try refuseOpenContent(list)
    }

    /// Throws for a content condition in a compound other than the last of its complex selector.
    private static func refuseOpenContent(_ list: [ComplexSelector], anywhere: Bool = false) throws(SelectorError) {
        for complex in list {
            for (k, compound) in complex.compounds.enumerated() {
                let refused = anywhere || k < complex.compounds.count - 1
                for condition in compound.conditions {
                    switch condition.kind {
                    case .empty, .contains: if refused { throw .readsOpenContent(condition) }
                    case .not(let inner), .isAny(let inner): try refuseOpenContent(inner, anywhere: refused)
                    default: continue
                    }
                }
            }
        }
    }

    /// Prepares `list` and the sub-selectors `subs` (which `check` accepts; nil matches nothing) for `stream`, whose
    /// name tables learn the selectors' names first.
    init(_ list: SelectorList, subs: [SelectorList?] = [], stream: HTMLTreeStream) {
        Self.intern(list.selectors, into: stream)
        for sub in subs { Self.intern(sub?.selectors ?? [], into: stream) }
        let tree = stream.tree
        subjects = list.selectors.map { add($0, tree) }
        listSlotCount = slotCount
        let listReadsContent = readsContent
        subSubjects = subs.map { ($0?.selectors ?? []).map { add($0, tree) } }
        readsContent = listReadsContent
    }

    /// How many sub-selectors it decides.
    var subCount: Int { subSubjects.count }
    /// Whether some sub-selector may match an element (one for a field of the match's own attribute never does).
    var decidesSubs: Bool { subSubjects.contains { !$0.isEmpty } }

    /// Whether the element whose answers are at `base` matches sub-selector `sub`.
    func matches(sub: Int, _ answers: [UInt8], at base: Int) -> Bool {
        subSubjects[sub].contains { subject($0, answers, base) == .yes }
    }

    private static func intern(_ list: [ComplexSelector], into stream: HTMLTreeStream) {
        for complex in list {
            for compound in complex.compounds {
                if let name = compound.typeName {
                    _ = stream.elementNameID(interning: name)
                    _ = stream.elementNameID(interning: asciiLowercase(name))
                }
                for condition in compound.conditions {
                    switch condition.kind {
                    case .id: _ = stream.attributeNameID(interning: "id")
                    case .className: _ = stream.attributeNameID(interning: "class")
                    case .attribute(let test):
                        _ = stream.attributeNameID(interning: test.name)
                        _ = stream.attributeNameID(interning: asciiLowercase(test.name))
                    case .not(let inner), .isAny(let inner): intern(inner, into: stream)
                    default: continue
                    }
                }
            }
        }
    }

    /// Numbers `complex`, after the selectors inside its conditions (so that their answers come first).
    private func add(_ complex: ComplexSelector, _ tree: HTMLTree) -> Int {
        let compounds = complex.compounds.map { TreeCompound($0, tree: tree, add: { add($0, tree) }) }
        for compound in compounds {
            for condition in compound.conditions {
                switch condition {
                case .empty, .contains: readsContent = true
                default: continue
                }
            }
        }
        rows.append(
            Row(
                compounds: compounds, childOnly: complex.combinators.map { $0.combinator == .child },
                firstSlot: slotCount))
        slotCount += 2 * compounds.count
        return rows.count - 1
    }

    /// Where an element stands, as the walk counted: among its parent's element children so far, and among those
    /// of its name.
    struct Position {
        var child: Int
        var type: Int
    }

    /// Decides element `node` and writes its answers at `answers[at..<at + slotCount]`; its parent element's are at
    /// `parent` (nil for the root element). `closed`: the element has all its content (StreamWalk.isFinal). Says whether the element
    /// matches the list.
    func decide(
        _ node: Int, in tree: HTMLTree, position: Position, closed: Bool, answers: inout [UInt8], at base: Int,
        parent: Int?
    ) -> WalkAnswer {
        for row in rows {
            for k in row.compounds.indices {
                var value = compound(row.compounds[k], node, tree, position, closed, answers, base)
                if value != .no && k > 0 {
                    if let parent {
                        let slot = parent + row.firstSlot + 2 * (k - 1) + (row.childOnly[k - 1] ? 0 : 1)
                        value = min(value, WalkAnswer(stored: answers[slot]))
                    } else {
                        value = .no
                    }
                }
                let slot = base + row.firstSlot + 2 * k
                answers[slot] = value.rawValue
                let above = parent.map { WalkAnswer(stored: answers[$0 + row.firstSlot + 2 * k + 1]) } ?? .no
                answers[slot + 1] = max(value, above).rawValue
            }
        }
        var answer = WalkAnswer.no
        for row in subjects { answer = max(answer, subject(row, answers, base)) }
        return answer
    }

    /// Whether the element whose answers are at `base` matches the whole of row `row`.
    private func subject(_ row: Int, _ answers: [UInt8], _ base: Int) -> WalkAnswer {
        WalkAnswer(stored: answers[base + rows[row].firstSlot + 2 * (rows[row].compounds.count - 1)])
    }

    private func compound(
        _ compound: TreeCompound, _ node: Int, _ tree: HTMLTree, _ position: Position, _ closed: Bool,
        _ answers: [UInt8], _ base: Int
    ) -> WalkAnswer {
        if let type = compound.type {
            let name = tree.namespace(node) == .html ? type.html : type.foreign
            guard tree.nameID(node) == name else { return .no }
        }
        var answer = WalkAnswer.yes
        for condition in compound.conditions {
            answer = min(answer, self.condition(condition, node, tree, position, closed, answers, base))
            if answer == .no { return .no }
        }
        return answer
    }

    private func condition(
        _ condition: TreeCondition, _ node: Int, _ tree: HTMLTree, _ position: Position, _ closed: Bool,
        _ answers: [UInt8], _ base: Int
    ) -> WalkAnswer {
        switch condition {
        case .attribute(let html, let foreign):
            return WalkAnswer((tree.namespace(node) == .html ? html : foreign).matches(node, tree))
        case .className(let name, let word): return WalkAnswer(TreeCondition.hasClass(node, name, word, tree))
        case .nth(let pattern, _, let ofType):
            return WalkAnswer(TreeCondition.isNth(ofType ? position.type : position.child, pattern))
        case .root: return WalkAnswer(tree.parent(node).map { tree.kind($0) != .element } ?? true)
        case .empty: return closed ? WalkAnswer(TreeCondition.isEmpty(node, tree)) : .notYet
        case .contains(let texts): return closed ? WalkAnswer(TreeCondition.textContains(node, texts, tree)) : .notYet
        case .not(let inner):
            return inner.reduce(WalkAnswer.no) { max($0, subject($1, answers, base)) }.negated
        case .isAny(let inner): return inner.reduce(WalkAnswer.no) { max($0, subject($1, answers, base)) }
        case .only, .has, .formState, .never:
            // `check` refuses these: the tree decides them.
            return .no
        }
    }
}
