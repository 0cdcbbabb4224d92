import HTML5

/// A simple selector other than the type, for one tree.
indirect enum TreeCondition {
    case attribute(html: TreeAttributeTest, foreign: TreeAttributeTest)
    case className(NameID, [UInt8])
    case nth(NthPattern, fromEnd: Bool, ofType: Bool)
    case only(ofType: Bool)
    case empty
    case root
    /// Rows of the matcher.
    case not([Int])
    case isAny([Int])
    case has([Int])
    case formState(FormState)
    case contains([[UInt8]])
    case never

    enum FormState { case checked, disabled, enabled, required, optional }

    init(_ kind: ConditionKind, tree: HTMLTree, add: (ComplexSelector) -> Int) {
        switch kind {
        case .id(let id):
            let test = TreeAttributeTest(
                name: "id", AttributeSelector(name: "id", op: .equals, value: id, caseInsensitive: false),
                caseless: false, tree: tree)
            self = .attribute(html: test, foreign: test)
        case .className(let name):
            self = .className(tree.attributeNameID(Array("class".utf8).span) ?? -1, Array(name.utf8))
        case .attribute(let selector):
            let lower = asciiLowercase(selector.name)
            self = .attribute(
                html: TreeAttributeTest(
                    name: lower, selector,
                    caseless: selector.caseInsensitive ?? XPathCompiler.caseInsensitiveAttributes.contains(lower),
                    tree: tree),
                foreign: TreeAttributeTest(
                    name: selector.name, selector, caseless: selector.caseInsensitive ?? false, tree: tree))
        case .nth(let pattern, let fromEnd, let ofType): self = .nth(pattern, fromEnd: fromEnd, ofType: ofType)
        case .only(let ofType): self = .only(ofType: ofType)
        case .empty: self = .empty
        case .root: self = .root
        case .not(let list): self = .not(list.map(add))
        case .isAny(let list): self = .isAny(list.map(add))
        case .has(let list): self = .has(list.map(add))
        case .checked: self = .formState(.checked)
        case .disabled: self = .formState(.disabled)
        case .enabled: self = .formState(.enabled)
        case .required: self = .formState(.required)
        case .optional: self = .formState(.optional)
        case .contains(let texts): self = .contains(texts.map { Array($0.utf8) })
        }
    }

    func matches(_ node: Int, _ matcher: TreeMatcher) -> Bool {
        switch self {
        case .attribute(let html, let foreign):
            return (matcher.tree.namespace(node) == .html ? html : foreign).matches(node, matcher.tree)
        case .className(let name, let word): return Self.hasClass(node, name, word, matcher.tree)
        case .nth(let pattern, let fromEnd, let ofType):
            return Self.isNth(matcher.positions.index(of: node, ofType: ofType, fromEnd: fromEnd), pattern)
        case .only(let ofType): return matcher.positions.count(of: node, ofType: ofType) == 1
        case .empty: return Self.isEmpty(node, matcher.tree)
        case .root: return matcher.parentElement(node) == nil
        case .not(let rows): return !rows.contains { matcher.matches(row: $0, node) }
        case .isAny(let rows): return rows.contains { matcher.matches(row: $0, node) }
        case .has(let rows): return rows.contains { matcher.hasMatch(row: $0, node) }
        case .formState(let state):
            return FormStateTest(tree: matcher.tree, names: matcher.formNames).matches(node, state)
        case .contains(let texts): return Self.textContains(node, texts, matcher.tree)
        case .never: return false
        }
    }

    /// `node`'s class attribute (in no namespace) has `word` among its words.
    static func hasClass(_ node: Int, _ name: NameID, _ word: [UInt8], _ tree: HTMLTree) -> Bool {
        guard let index = tree.attributeIndex(node, name), tree.attributeNamespace(node, index) == .none else {
            return false
        }
        return tree.withAttributeValue(node, index) { containsWord($0, word, caseless: false) }
    }

    /// `node` has no element child and no text (comments do not count).
    static func isEmpty(_ node: Int, _ tree: HTMLTree) -> Bool {
        var child = tree.firstChild(node)
        while let current = child {
            if tree.kind(current) == .element || tree.kind(current) == .text { return false }
            child = tree.nextSibling(current)
        }
        return true
    }

    static func isNth(_ index: Int, _ pattern: NthPattern) -> Bool {
        let (a, b) = (pattern.a, pattern.b)
        if a == 0 { return index == b }
        let steps = index - b
        return steps % a == 0 && steps / a >= 0
    }

    /// `word` is one of the whitespace-separated words of `value` (XPath's normalize-space whitespace).
    static func containsWord(_ value: Span<UInt8>, _ word: [UInt8], caseless: Bool) -> Bool {
        guard !word.isEmpty, !word.contains(where: isSpace) else { return false }
        var start = 0
        while start < value.count {
            while start < value.count, isSpace(value[start]) { start += 1 }
            var end = start
            while end < value.count, !isSpace(value[end]) { end += 1 }
            if end - start == word.count, TreeAttributeTest.equal(value, start, word, caseless) { return true }
            start = end
        }
        return false
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The element's text (all the text below it, in order) contains one of `texts`.
    static func textContains(_ node: Int, _ texts: [[UInt8]], _ tree: HTMLTree) -> Bool {
        let text = tree.textBelow(node)
        return texts.contains { want in
            if want.isEmpty { return true }
            guard text.count >= want.count else { return false }
            for start in 0...(text.count - want.count) where text[start..<start + want.count].elementsEqual(want) {
                return true
            }
            return false
        }
    }
}
