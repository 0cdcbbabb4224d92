// --parser libxml2 --stream: decides a selector on the stack of open elements alone, for selectors whose answer does
// not depend on anything after the start tag (types, ids, classes, attributes, descendant and child combinators,
// positions so far).

/// A selector list prepared for matching the top of an open-element stack.
public struct StreamMatcher: Sendable {
    private let alternatives: [StreamComplex]
    /// Whether any part looks at attributes (ids and classes included): when none does, the stream need not turn
    /// the attributes of every start tag into Strings.
    public let usesAttributes: Bool

    /// The selector list, or an error naming the first part that needs the whole tree.
    init(_ list: [ComplexSelector]) throws(SelectorError) {
        var alternatives: [StreamComplex] = []
        for complex in list { alternatives.append(try StreamComplex(complex)) }
        self.alternatives = alternatives
        usesAttributes = alternatives.contains { $0.usesAttributes }
    }

    /// Whether the last element of `stack` (the one just opened) matches; the others are its ancestors in order.
    public func matches(_ stack: [OpenElement]) -> Bool {
        guard !stack.isEmpty else { return false }
        for alternative in alternatives where alternative.matches(stack, at: stack.count - 1) { return true }
        return false
    }
}

/// A complex selector of compounds joined by descendant and child combinators only.
private struct StreamComplex: Sendable {
    let compounds: [StreamCompound]
    /// `childOnly[i]` is true when compounds i and i+1 are joined by `>`.
    let childOnly: [Bool]

    init(_ complex: ComplexSelector) throws(SelectorError) {
        var childOnly: [Bool] = []
        for (combinator, position) in complex.combinators {
            switch combinator {
            case .descendant: childOnly.append(false)
            case .child: childOnly.append(true)
            case .nextSibling, .subsequentSibling:
                throw .needsTree(combinator, at: position)
            }
        }
        var compounds: [StreamCompound] = []
        for compound in complex.compounds { compounds.append(try StreamCompound(compound)) }
        self.compounds = compounds
        self.childOnly = childOnly
    }

    var usesAttributes: Bool { compounds.contains { $0.conditions.contains { $0.usesAttributes } } }

    func matches(_ stack: [OpenElement], at position: Int) -> Bool {
        matches(stack, compound: compounds.count - 1, at: position)
    }

    /// Right to left with backtracking over the ancestors for descendant combinators.
    private func matches(_ stack: [OpenElement], compound k: Int, at position: Int) -> Bool {
        guard position >= 0, compounds[k].matches(stack, at: position) else { return false }
        if k == 0 { return true }
        if childOnly[k - 1] { return matches(stack, compound: k - 1, at: position - 1) }
        var ancestor = position - 1
        while ancestor >= 0 {
            if matches(stack, compound: k - 1, at: ancestor) { return true }
            ancestor -= 1
        }
        return false
    }
}

/// One compound: the type names to compare (lower-cased once for HTML elements) and the conditions.
private struct StreamCompound: Sendable {
    let htmlName: String?
    let foreignName: String?
    let conditions: [StreamCondition]

    init(_ compound: CompoundSelector) throws(SelectorError) {
        htmlName = compound.typeName.map(asciiLowercase)
        foreignName = compound.typeName
        var conditions: [StreamCondition] = []
        for condition in compound.conditions { conditions.append(try StreamCondition(condition)) }
        self.conditions = conditions
    }

    func matches(_ stack: [OpenElement], at position: Int) -> Bool {
        let element = stack[position]
        if let htmlName, let foreignName,
            !sameBytes(element.name, element.namespace == .html ? htmlName : foreignName)
        {
            return false
        }
        for condition in conditions where !condition.matches(stack, at: position) { return false }
        return true
    }
}

/// An attribute test with the name and value prepared for one kind of element (HTML or foreign).
private struct AttributeProbe: Sendable {
    let name: String
    let op: AttributeOperator
    /// Lower-cased when `caseless`.
    let value: String
    let caseless: Bool

    init(name: String, _ test: AttributeSelector, caseless: Bool) {
        self.name = name
        self.op = test.op
        self.value = caseless ? asciiLowercase(test.value) : test.value
        self.caseless = caseless
    }

    func matches(_ element: OpenElement) -> Bool {
        for attribute in element.attributes where sameBytes(attribute.name, name) {
            return compare(caseless && op != .exists ? asciiLowercase(attribute.value) : attribute.value)
        }
        return false
    }

    /// Code point comparisons, as XPath makes them (Swift's String compares canonical equivalents as equal), on
    /// the UTF-8 views: nothing is allocated per element.
    private func compare(_ text: String) -> Bool {
        let (have, want) = (text.utf8, value.utf8)
        switch op {
        case .exists: return true
        case .equals: return sameBytes(text, value)
        case .includes: return StreamCondition.containsWord(text, value)
        case .dashMatch:
            guard have.count >= want.count, have.starts(with: want) else { return false }
            let rest = have.dropFirst(want.count)
            return rest.isEmpty || rest.first == UInt8(ascii: "-")
        case .prefix: return !want.isEmpty && have.starts(with: want)
        case .suffix: return !want.isEmpty && have.count >= want.count && have.suffix(want.count).elementsEqual(want)
        case .substring:
            guard !want.isEmpty else { return false }
            var start = have.startIndex
            while have.distance(from: start, to: have.endIndex) >= want.count {
                if have[start...].starts(with: want) { return true }
                have.formIndex(after: &start)
            }
            return false
        }
    }
}

private func sameBytes(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
}

private indirect enum StreamCondition: Sendable {
    case attribute(html: AttributeProbe, foreign: AttributeProbe)
    case className(String)
    case position(NthPattern, ofType: Bool)
    case root
    case not([StreamComplex])
    case isAny([StreamComplex])

    init(_ condition: Condition) throws(SelectorError) {
        switch condition.kind {
        case .id(let id):
            let test = AttributeSelector(name: "id", op: .equals, value: id, caseInsensitive: false)
            let probe = AttributeProbe(name: "id", test, caseless: false)
            self = .attribute(html: probe, foreign: probe)
        case .className(let name): self = .className(name)
        case .attribute(let test):
            let lower = asciiLowercase(test.name)
            let htmlCaseless = test.caseInsensitive ?? XPathCompiler.caseInsensitiveAttributes.contains(lower)
            self = .attribute(
                html: AttributeProbe(name: lower, test, caseless: htmlCaseless),
                foreign: AttributeProbe(name: test.name, test, caseless: test.caseInsensitive ?? false))
        case .nth(let pattern, false, let ofType): self = .position(pattern, ofType: ofType)
        case .root: self = .root
        case .not(let list), .isAny(let list):
            var complexes: [StreamComplex] = []
            for complex in list { complexes.append(try StreamComplex(complex)) }
            if case .not = condition.kind { self = .not(complexes) } else { self = .isAny(complexes) }
        default:
            throw .needsTree(condition)
        }
    }

    var usesAttributes: Bool {
        switch self {
        case .attribute, .className: true
        case .position, .root: false
        case .not(let list), .isAny(let list): list.contains { $0.usesAttributes }
        }
    }

    func matches(_ stack: [OpenElement], at position: Int) -> Bool {
        let element = stack[position]
        switch self {
        case .attribute(let html, let foreign):
            return (element.namespace == .html ? html : foreign).matches(element)
        case .className(let name):
            for attribute in element.attributes where attribute.name == "class" {
                return Self.containsWord(attribute.value, name)
            }
            return false
        case .position(let pattern, let ofType):
            return Self.isNth(ofType ? element.typeIndex : element.childIndex, pattern)
        case .root: return position == 0
        case .not(let list):
            for complex in list where complex.matches(stack, at: position) { return false }
            return true
        case .isAny(let list):
            for complex in list where complex.matches(stack, at: position) { return true }
            return false
        }
    }

    static func isNth(_ index: Int, _ pattern: NthPattern) -> Bool {
        let (a, b) = (pattern.a, pattern.b)
        if a == 0 { return index == b }
        let steps = index - b
        return steps % a == 0 && steps / a >= 0
    }

    /// `word` is one of the whitespace-separated words of `value`; compares UTF-8 bytes without allocating.
    static func containsWord(_ value: String, _ word: String) -> Bool {
        let wanted = word.utf8
        guard !wanted.isEmpty, !word.unicodeScalars.contains(where: SelectorTokenizer.isWhitespace) else {
            return false
        }
        let bytes = value.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            while start < bytes.endIndex, isSpace(bytes[start]) { start = bytes.index(after: start) }
            var end = start
            while end < bytes.endIndex, !isSpace(bytes[end]) { end = bytes.index(after: end) }
            if start < end, bytes[start..<end].elementsEqual(wanted) { return true }
            start = end
        }
        return false
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
