// Compiles a parsed selector list to one XPath 1.0 expression for libxml2: an absolute path (whatever the context
// node) that returns every matching element in document order, each once.
//
// The subject is found by one `descendant::` scan and every combinator becomes a predicate that looks back from it
// (ancestor, parent, preceding siblings), as browsers match right to left: each element is visited once by the scan,
// a predicate stops at its first hit, and a selector list is one scan with an `or` rather than a union of scans.
// Positions come from the tb: functions (O(1) each), never from counting preceding siblings.
// The next sibling is `*[1]/self::E[…]`, not `*[1][self::E …]`: libxml2 stops an axis early only when the step's
// last predicate is the position, and otherwise walks all preceding siblings of every element (quadratic).

/// Builds the XPath text; `foreignContent` false means the document has no SVG or MathML elements.
struct XPathCompiler {
    let foreignContent: Bool

    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let mathNamespace = "http://www.w3.org/1998/Math/MathML"

    /// Attributes whose values HTML compares without case in selectors (HTML, "Case-sensitivity of selectors").
    static let caseInsensitiveAttributes: Set<String> = [
        "accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked", "clear", "codetype",
        "color", "compact", "declare", "defer", "dir", "direction", "disabled", "enctype", "face", "frame",
        "hreflang", "http-equiv", "lang", "language", "link", "media", "method", "multiple", "nohref", "noresize",
        "noshade", "nowrap", "readonly", "rel", "rev", "rules", "scope", "scrolling", "selected", "shape", "target",
        "text", "type", "valign", "valuetype", "vlink",
    ]

    func expression(for list: [ComplexSelector]) -> String {
        if list.count == 1, let subject = list[0].compounds.last {
            let (test, folded) = nameTest(subject.typeName)
            let conjuncts =
                conditions(of: subject, typeTest: !folded) + relations(list[0], before: list[0].compounds.count - 1)
            return "/descendant::\(test)" + predicate(conjuncts)
        }
        let alternatives = list.map(matchExpression)
        if alternatives.contains("true()") { return "/descendant::*" }
        return "/descendant::*[\(joinBalanced(alternatives, "or"))]"
    }

    // MARK: Complex selectors

    /// A boolean expression true when the context element matches the complex selector.
    func matchExpression(_ complex: ComplexSelector) -> String {
        guard let subject = complex.compounds.last else { return "false()" }
        let conjuncts =
            conditions(of: subject, typeTest: true) + relations(complex, before: complex.compounds.count - 1)
        return conjuncts.isEmpty ? "true()" : joinBalanced(conjuncts, "and")
    }

    /// The conditions on the elements left of `compounds[k]`, seen from it.
    private func relations(_ complex: ComplexSelector, before k: Int) -> [String] {
        guard k > 0 else { return [] }
        let previous = complex.compounds[k - 1]
        let (test, folded) = nameTest(previous.typeName)
        // Worked out once and shared with the sibling shortcut: computing it there again doubled the work at every
        // `~`, and a fuzzed selector of 40 combinators took seconds to compile.
        let left = relations(complex, before: k - 1)
        let inner = conditions(of: previous, typeTest: !folded) + left
        switch complex.combinators[k - 1].combinator {
        case .descendant: return ["ancestor::\(test)" + predicate(inner)]
        case .child: return ["parent::\(test)" + predicate(inner)]
        case .subsequentSibling:
            if let shortcut = earlierSibling(complex, before: k, shared: left) { return shortcut }
            return ["preceding-sibling::\(test)" + predicate(inner)]
        case .nextSibling: return ["preceding-sibling::*[1]/self::\(test)" + predicate(inner)]
        }
    }

    /// `E ~ F` where E is only a type (or `*`) and what lies left of E is about its ancestors, which F shares: then
    /// some earlier sibling is an E exactly when the first E among the siblings comes before F. `preceding-sibling::E`
    /// would walk back from every F (all of 100,000 siblings after one heading, quadratic); this costs the position
    /// of the first E (`../E[1]` stops there), or nothing for `* ~ F` and `E ~ E`.
    /// `shared` holds the relations left of E.
    private func earlierSibling(_ complex: ComplexSelector, before k: Int, shared: [String]) -> [String]? {
        let previous = complex.compounds[k - 1]
        guard !foreignContent, previous.conditions.isEmpty else { return nil }
        if k >= 2, [.nextSibling, .subsequentSibling].contains(complex.combinators[k - 2].combinator) { return nil }
        guard let name = previous.typeName else { return ["tb:child-index()>1"] + shared }
        let lower = asciiLowercase(name)
        guard isNCName(lower) else { return nil }
        if let subject = complex.compounds[k].typeName, asciiLowercase(subject) == lower {
            return ["tb:type-index()>1"] + shared
        }
        return ["../\(lower)[1]", "count(../\(lower)[1]/preceding-sibling::*)<tb:child-index()-1"] + shared
    }

    /// A relative selector of `:has()` as a path from the `:has()` element: left to right, so the whole match stays
    /// inside its scope.
    private func relativePath(_ complex: ComplexSelector) -> String {
        var steps: [String] = []
        for (k, compound) in complex.compounds.enumerated() {
            let combinator = k == 0 ? complex.leading ?? .descendant : complex.combinators[k - 1].combinator
            let (test, folded) = nameTest(compound.typeName)
            let own = conditions(of: compound, typeTest: !folded)
            switch combinator {
            case .descendant: steps.append("descendant::\(test)" + predicate(own))
            case .child: steps.append("child::\(test)" + predicate(own))
            case .subsequentSibling: steps.append("following-sibling::\(test)" + predicate(own))
            case .nextSibling: steps.append("following-sibling::*[1]/self::\(test)" + predicate(own))
            }
        }
        return steps.joined(separator: "/")
    }

    // MARK: Compound selectors

    private func predicate(_ conjuncts: [String]) -> String {
        let useful = conjuncts.filter { $0 != "true()" }
        return useful.isEmpty ? "" : "[\(joinBalanced(useful, "and"))]"
    }

    private func conditions(of compound: CompoundSelector, typeTest: Bool) -> [String] {
        var conjuncts: [String] = []
        if typeTest, let name = compound.typeName { conjuncts.append(self.typeTest(name)) }
        for condition in compound.conditions { conjuncts.append(self.condition(condition.kind)) }
        return conjuncts
    }

    /// The node test of a step for a type selector, and whether it does the whole type test.
    private func nameTest(_ name: String?) -> (test: String, folded: Bool) {
        guard let name else { return ("*", true) }
        let lower = asciiLowercase(name)
        if !foreignContent && isNCName(lower) { return (lower, true) }
        return ("*", false)
    }

    /// HTML elements (no namespace, lower-case names) compare with the lower-cased name, SVG and MathML ones exactly.
    private func typeTest(_ name: String) -> String {
        let lower = asciiLowercase(name)
        let html = isNCName(lower) ? "self::\(lower)" : "local-name()=\(literal(lower)) and namespace-uri()=''"
        guard foreignContent else { return isNCName(lower) ? html : "local-name()=\(literal(lower))" }
        let foreign =
            isNCName(name)
            ? "self::svg:\(name) or self::math:\(name)"
            : "local-name()=\(literal(name)) and (namespace-uri()='\(Self.svgNamespace)'"
                + " or namespace-uri()='\(Self.mathNamespace)')"
        return "\(html) or \(foreign)"
    }

    // MARK: Simple selectors

    private func condition(_ kind: ConditionKind) -> String {
        switch kind {
        case .id(let id): return "@id=\(literal(id))"
        case .className(let name): return includes("@class", name)
        case .attribute(let selector): return attributeTest(selector)
        case .nth(let pattern, let fromEnd, let ofType):
            let index = ofType ? "tb:type-index()" : "tb:child-index()"
            let count = ofType ? "tb:type-count()" : "tb:child-count()"
            return nth(fromEnd ? "(\(count)-\(index)+1)" : index, pattern)
        case .only(let ofType): return ofType ? "tb:type-count()=1" : "tb:child-count()=1"
        case .empty: return "not(*) and not(text())"
        case .root: return "not(parent::*)"
        case .not(let list): return "not(\(joinBalanced(list.map(matchExpression), "or")))"
        case .isAny(let list): return joinBalanced(list.map(matchExpression), "or")
        case .has(let list): return joinBalanced(list.map(relativePath), "or")
        case .checked: return FormStates.checked
        case .disabled: return FormStates.disabled
        case .enabled: return FormStates.enabled
        case .required: return FormStates.required
        case .optional: return FormStates.optional
        case .contains(let texts): return joinBalanced(texts.map { "contains(string(.),\(literal($0)))" }, "or")
        }
    }

    /// Position `index` is a·n + b for some n ≥ 0 (positions start at 1).
    private func nth(_ index: String, _ pattern: NthPattern) -> String {
        let (a, b) = (pattern.a, pattern.b)
        if a == 0 { return b >= 1 ? "\(index)=\(b)" : "false()" }
        if a > 0 {
            if a == 1 { return b <= 1 ? "true()" : "\(index)>=\(b)" }
            let offset = b <= 0 ? "+\(-b)" : "-\(b)"
            let multiple = "(\(index)\(offset)) mod \(a)=0"
            return b <= 1 ? multiple : "\(index)>=\(b) and \(multiple)"
        }
        if b < 1 { return "false()" }
        if a == -1 { return "\(index)<=\(b)" }
        return "\(index)<=\(b) and (\(b)-\(index)) mod \(-a)=0"
    }

    private func attributeTest(_ selector: AttributeSelector) -> String {
        let lower = asciiLowercase(selector.name)
        let html = valueTest(
            attributeNode(lower), selector,
            caseInsensitive: selector.caseInsensitive ?? Self.caseInsensitiveAttributes.contains(lower))
        guard foreignContent else { return html }
        let foreign = valueTest(
            attributeNode(selector.name), selector, caseInsensitive: selector.caseInsensitive ?? false)
        if html == foreign { return html }
        return "(namespace-uri()='' and \(parenthesized(html)) or namespace-uri()!='' and \(parenthesized(foreign)))"
    }

    private func attributeNode(_ name: String) -> String {
        isNCName(name) ? "@\(name)" : "@*[local-name()=\(literal(name)) and namespace-uri()='']"
    }

    private func valueTest(_ node: String, _ selector: AttributeSelector, caseInsensitive: Bool) -> String {
        let value = caseInsensitive ? asciiLowercase(selector.value) : selector.value
        let text = caseInsensitive ? "tb:lower(\(node))" : node
        // tb:lower() of a missing attribute is "", which must not match [a="" i].
        let present = caseInsensitive ? "\(node) and " : ""
        switch selector.op {
        case .exists: return node
        case .equals: return "\(present)\(text)=\(literal(value))"
        case .includes: return includes(text, value)
        case .dashMatch:
            let either = "\(text)=\(literal(value)) or starts-with(\(text),\(literal(value + "-")))"
            return caseInsensitive ? "\(present)(\(either))" : either
        case .prefix: return value.isEmpty ? "false()" : "starts-with(\(text),\(literal(value)))"
        case .substring: return value.isEmpty ? "false()" : "contains(\(text),\(literal(value)))"
        case .suffix:
            guard !value.isEmpty else { return "false()" }
            let length = value.unicodeScalars.count
            return "substring(\(text),string-length(\(text))-\(length - 1))=\(literal(value))"
        }
    }

    /// `~=` and classes: one of the whitespace-separated words is `word`.
    private func includes(_ text: String, _ word: String) -> String {
        if word.isEmpty || word.unicodeScalars.contains(where: SelectorTokenizer.isWhitespace) { return "false()" }
        return "contains(concat(' ',normalize-space(\(text)),' '),\(literal(" \(word) ")))"
    }

    // MARK: Text

    /// `a or b or …` as a balanced tree, so that libxml2's recursive evaluation stays shallow for long lists.
    private func joinBalanced(_ parts: [String], _ op: String) -> String {
        if parts.count == 1 { return parts[0] }
        if parts.count <= 8 { return parts.map(parenthesized).joined(separator: " \(op) ") }
        let middle = parts.count / 2
        let (left, right) = (joinBalanced(Array(parts[..<middle]), op), joinBalanced(Array(parts[middle...]), op))
        return "(\(left)) \(op) (\(right))"
    }

    /// Parentheses around an expression with `and` or `or` outside brackets, parentheses and literals.
    private func parenthesized(_ expression: String) -> String {
        var nesting = 0
        var quote: Character?
        var previous: Character = " "
        var word = ""
        for c in expression {
            if let open = quote {
                if c == open { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "(" || c == "[" {
                nesting += 1
            } else if c == ")" || c == "]" {
                nesting -= 1
            } else if nesting == 0 {
                if c == " " {
                    if word == "and" || word == "or" { return "(\(expression))" }
                    word = ""
                } else if previous == " " || !word.isEmpty {
                    word.append(c)
                }
            }
            previous = c
        }
        return expression
    }
}

/// An XPath 1.0 string literal (it has no escapes: a value with both quotes is a concat()). Characters XML does not
/// allow, which libxml2's XPath parser rejects and no parsed document holds, become U+FFFD.
func literal(_ text: String) -> String {
    var clean = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        let v = scalar.value
        let allowed = v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v != 0xFFFE && v != 0xFFFF)
        clean.append(allowed ? scalar : "\u{FFFD}")
    }
    // Quotes are looked for among scalars, not Characters: a combining mark after a quote makes one Character of
    // the two, which equals no quote (a fuzzed `[a="'\u{35A}"]` compiled to a literal its own quote ended).
    let value = String(clean)
    if !clean.contains("'") { return "'\(value)'" }
    if !clean.contains("\"") { return "\"\(value)\"" }
    let pieces = clean.split(separator: "'", omittingEmptySubsequences: false).map {
        "'" + String(String.UnicodeScalarView($0)) + "'"
    }
    return "concat(" + pieces.joined(separator: ",\"'\",") + ")"
}

/// ASCII names that are XML NCNames: safe as XPath name tests. Other names are compared with local-name().
func isNCName(_ name: String) -> Bool {
    guard let first = name.utf8.first else { return false }
    func letter(_ c: UInt8) -> Bool { (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95 }
    guard letter(first) else { return false }
    return name.utf8.allSatisfy { letter($0) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 46 }
}
