// Parses a selector list (Selectors Level 4 grammar, the features tb html supports) from the tokens of
// SelectorTokenizer; every error names what was found and its position.

/// The recursive-descent parser; functional pseudo-classes nest at most `maximumNesting` deep.
struct SelectorParser {
    /// Deeper nesting is refused: the parser, the compiler and libxml2's XPath evaluation all recurse. Each
    /// functional pseudo-class and each combinator counts a level (a combinator nests a predicate in the XPath).
    static let maximumNesting = 64

    private let scalars: [Unicode.Scalar]
    private let tokens: [SelectorToken]
    private var index = 0
    private var depth = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        tokens = SelectorTokenizer.tokens(of: scalars)
    }

    /// The whole input as a selector list.
    mutating func parseSelectorList() throws(SelectorError) -> [ComplexSelector] {
        skipWhitespace()
        if current.kind == .end { throw SelectorError(message: "empty selector", position: 1) }
        let list = try parseList(relative: false)
        guard current.kind == .end else { throw unexpected(current) }
        return list
    }

    // MARK: Tokens

    private var current: SelectorToken { tokens[index] }

    private func peek(_ ahead: Int = 1) -> SelectorToken { tokens[min(index + ahead, tokens.count - 1)] }

    private mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    private mutating func skipWhitespace() {
        while current.kind == .whitespace { advance() }
    }

    private func describe(_ token: SelectorToken) -> String {
        switch token.kind {
        case .end: return "end of selector"
        case .whitespace: return "whitespace"
        case .badString: return "unterminated string"
        default:
            let raw = String(String.UnicodeScalarView(scalars[token.offset..<token.endOffset]))
            return "'\(raw)'"
        }
    }

    private func tooDeep(at position: Int) -> SelectorError {
        SelectorError(
            "selector nested too deeply (more than \(Self.maximumNesting) combinators and pseudo-classes)", at: position
        )
    }

    private func unexpected(_ token: SelectorToken) -> SelectorError {
        SelectorError("unexpected \(describe(token))", at: token.position)
    }

    // MARK: Lists and complex selectors

    /// Complex (or relative) selectors separated by commas, up to the end or a ")" (left for the caller).
    private mutating func parseList(relative: Bool) throws(SelectorError) -> [ComplexSelector] {
        var list: [ComplexSelector] = []
        while true {
            skipWhitespace()
            if current.kind == .end || current.kind == .closeParen || current.kind == .comma {
                throw SelectorError(
                    list.isEmpty ? "expected a selector, found \(describe(current))" : "empty selector after ','",
                    at: current.position)
            }
            list.append(try parseComplex(relative: relative))
            skipWhitespace()
            guard current.kind == .comma else { return list }
            advance()
        }
    }

    private mutating func parseComplex(relative: Bool) throws(SelectorError) -> ComplexSelector {
        var leading: Combinator?
        if relative {
            leading = .descendant
            if let explicit = combinator(current) {
                leading = explicit
                advance()
                skipWhitespace()
            }
        }
        var selector = ComplexSelector(compounds: [try parseCompound()], combinators: [], leading: leading)
        let outerDepth = depth
        defer { depth = outerDepth }
        while true {
            let sawWhitespace = current.kind == .whitespace
            skipWhitespace()
            let position = current.position
            var next: Combinator
            if let explicit = combinator(current) {
                next = explicit
                advance()
                skipWhitespace()
            } else if sawWhitespace, startsCompound(current) {
                next = .descendant
            } else {
                return selector
            }
            depth += 1
            guard depth <= Self.maximumNesting else { throw tooDeep(at: position) }
            selector.combinators.append((next, position))
            selector.compounds.append(try parseCompound())
        }
    }

    private func combinator(_ token: SelectorToken) -> Combinator? {
        switch token.kind {
        case .delim(">"): .child
        case .delim("+"): .nextSibling
        case .delim("~"): .subsequentSibling
        default: nil
        }
    }

    private func startsCompound(_ token: SelectorToken) -> Bool {
        switch token.kind {
        case .ident, .hash, .colon, .openBracket, .delim("*"), .delim("."), .delim("|"): true
        default: false
        }
    }

    // MARK: Compound selectors

    private mutating func parseCompound() throws(SelectorError) -> CompoundSelector {
        var compound = CompoundSelector(typeName: nil, conditions: [], position: current.position)
        var empty = true
        switch current.kind {
        case .ident(let name):
            try rejectNamespace(after: current)
            compound.typeName = name
            advance()
            empty = false
        case .delim("*"):
            try rejectNamespace(after: current)
            advance()
            empty = false
        case .delim("|"):
            throw namespaceError(current)
        default:
            break
        }
        while true {
            let token = current
            switch token.kind {
            case .hash(let name, let isIdentifier):
                guard isIdentifier else {
                    throw SelectorError("invalid ID selector \(describe(token))", at: token.position)
                }
                compound.conditions.append(Condition(kind: .id(name), position: token.position, text: "#\(name)"))
                advance()
            case .delim("."):
                advance()
                guard case .ident(let name) = current.kind else {
                    throw SelectorError(
                        "expected a class name after '.', found \(describe(current))", at: current.position)
                }
                compound.conditions.append(
                    Condition(kind: .className(name), position: token.position, text: ".\(name)"))
                advance()
            case .openBracket:
                compound.conditions.append(try parseAttribute())
            case .colon:
                compound.conditions.append(try parsePseudoClass())
            case .ident, .delim("*"):
                throw SelectorError("a type selector must come first in \(describe(token))", at: token.position)
            default:
                if empty && compound.conditions.isEmpty {
                    throw SelectorError("expected a selector, found \(describe(token))", at: token.position)
                }
                return compound
            }
            empty = false
        }
    }

    /// `ns|E`, `*|E` and `|E` are CSS namespace syntax, which tb html does not support.
    private func rejectNamespace(after token: SelectorToken) throws(SelectorError) {
        let next = peek()
        if next.kind == .delim("|"), peek(2).kind != .delim("=") { throw namespaceError(token) }
    }

    private func namespaceError(_ token: SelectorToken) -> SelectorError {
        SelectorError("namespace prefixes ('ns|name') are not supported", at: token.position)
    }

    private mutating func parseAttribute() throws(SelectorError) -> Condition {
        let open = current
        advance()
        skipWhitespace()
        let name: String
        switch current.kind {
        case .ident(let ident):
            try rejectNamespace(after: current)
            name = ident
        case .delim("*"), .delim("|"):
            throw namespaceError(current)
        default:
            throw SelectorError("expected an attribute name, found \(describe(current))", at: current.position)
        }
        advance()
        skipWhitespace()
        var selector = AttributeSelector(name: name, op: .exists, value: "", caseInsensitive: nil)
        if current.kind == .end { throw SelectorError("missing ']'", at: current.position) }
        if current.kind != .closeBracket {
            let opToken = current
            switch current.kind {
            case .delim("="):
                selector.op = .equals
            case .delim(let c) where peek().kind == .delim("="):
                switch c {
                case "~": selector.op = .includes
                case "|": selector.op = .dashMatch
                case "^": selector.op = .prefix
                case "$": selector.op = .suffix
                case "*": selector.op = .substring
                default: throw unexpected(opToken)
                }
                advance()
            default:
                throw SelectorError("expected an operator or ']', found \(describe(opToken))", at: opToken.position)
            }
            advance()
            skipWhitespace()
            switch current.kind {
            case .ident(let value), .string(let value): selector.value = value
            default: throw SelectorError("expected a value, found \(describe(current))", at: current.position)
            }
            advance()
            skipWhitespace()
            if case .ident(let flag) = current.kind {
                switch asciiLowercase(flag) {
                case "i": selector.caseInsensitive = true
                case "s": selector.caseInsensitive = false
                default: throw SelectorError("unknown attribute flag \(describe(current))", at: current.position)
                }
                advance()
                skipWhitespace()
            }
        }
        guard current.kind == .closeBracket else {
            if current.kind == .end { throw SelectorError("missing ']'", at: current.position) }
            throw unexpected(current)
        }
        let text = String(String.UnicodeScalarView(scalars[open.offset..<current.endOffset]))
        advance()
        return Condition(kind: .attribute(selector), position: open.position, text: text)
    }

    // MARK: Pseudo-classes

    private mutating func parsePseudoClass() throws(SelectorError) -> Condition {
        let colon = current
        advance()
        let simple: [String: ConditionKind] = [
            "first-child": .nth(NthPattern(a: 0, b: 1), fromEnd: false, ofType: false),
            "last-child": .nth(NthPattern(a: 0, b: 1), fromEnd: true, ofType: false),
            "only-child": .only(ofType: false),
            "first-of-type": .nth(NthPattern(a: 0, b: 1), fromEnd: false, ofType: true),
            "last-of-type": .nth(NthPattern(a: 0, b: 1), fromEnd: true, ofType: true),
            "only-of-type": .only(ofType: true),
            "empty": .empty, "root": .root, "checked": .checked, "disabled": .disabled, "enabled": .enabled,
            "required": .required, "optional": .optional,
        ]
        switch current.kind {
        case .colon:
            let name = peek().kind == .end ? "" : describe(peek())
            throw SelectorError("pseudo-elements are not supported ('::\(name.trimmingQuotes)')", at: colon.position)
        case .ident(let written):
            let name = asciiLowercase(written)
            advance()
            if let kind = simple[name] { return Condition(kind: kind, position: colon.position, text: ":\(name)") }
            if ["before", "after", "first-line", "first-letter"].contains(name) {
                throw SelectorError("pseudo-elements are not supported (':\(name)')", at: colon.position)
            }
            if ["not", "is", "where", "has", "contains", "nth-child"].contains(name) {
                throw SelectorError("':\(name)' needs an argument in parentheses", at: colon.position)
            }
            throw SelectorError("unknown pseudo-class ':\(written)'", at: colon.position)
        case .function(let written):
            let name = asciiLowercase(written)
            advance()
            let kind = try parseFunctionalPseudoClass(name, written: written, colon: colon)
            guard current.kind == .closeParen else {
                if current.kind == .end { throw SelectorError("missing ')'", at: current.position) }
                throw unexpected(current)
            }
            advance()
            return Condition(kind: kind, position: colon.position, text: ":\(name)()")
        default:
            throw SelectorError(
                "expected a pseudo-class name after ':', found \(describe(current))", at: current.position)
        }
    }

    /// The argument, up to (not including) the closing parenthesis.
    private mutating func parseFunctionalPseudoClass(
        _ name: String, written: String, colon: SelectorToken
    ) throws(SelectorError) -> ConditionKind {
        switch name {
        case "not", "is", "where", "matches", "any", "has":
            depth += 1
            guard depth <= Self.maximumNesting else { throw tooDeep(at: colon.position) }
            defer { depth -= 1 }
            let list = try parseList(relative: name == "has")
            switch name {
            case "not": return .not(list)
            case "has": return .has(list)
            default: return .isAny(list)
            }
        case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
            let pattern = try parseNth()
            return .nth(pattern, fromEnd: name.contains("last"), ofType: name.hasSuffix("of-type"))
        case "contains", "-soup-contains":
            var texts: [String] = []
            while true {
                skipWhitespace()
                switch current.kind {
                case .string(let text), .ident(let text): texts.append(text)
                default: throw SelectorError("expected a string, found \(describe(current))", at: current.position)
                }
                advance()
                skipWhitespace()
                guard current.kind == .comma else { return .contains(texts) }
                advance()
            }
        case "first-child", "last-child", "only-child", "first-of-type", "last-of-type", "only-of-type", "empty",
            "root", "checked", "disabled", "enabled", "required", "optional":
            throw SelectorError("':\(name)' takes no argument", at: colon.position)
        default:
            throw SelectorError("unknown pseudo-class ':\(written)()'", at: colon.position)
        }
    }

    /// `an+b` (CSS Syntax §6), read from the raw text of the argument: `odd`, `even`, `-n+3`, `+5`, `2n + 1`.
    private mutating func parseNth() throws(SelectorError) -> NthPattern {
        let start = current.offset
        while current.kind != .closeParen && current.kind != .end {
            if case .ident(let word) = current.kind, asciiLowercase(word) == "of" {
                throw SelectorError("':nth-…(An+B of S)' is not supported", at: current.position)
            }
            advance()
        }
        let raw = Array(scalars[start..<current.offset])
        var i = 0
        func skip() { while i < raw.count, SelectorTokenizer.isWhitespace(raw[i]) { i += 1 } }
        func sign() -> Int? {
            guard i < raw.count, raw[i] == "+" || raw[i] == "-" else { return nil }
            defer { i += 1 }
            return raw[i] == "-" ? -1 : 1
        }
        func digits() -> Int? {
            var value: Int?
            while i < raw.count, SelectorTokenizer.isDigit(raw[i]) {
                value = min((value ?? 0) * 10 + Int(raw[i].value - 48), 1_000_000_000)
                i += 1
            }
            return value
        }
        let invalid = SelectorError("invalid an+b expression", at: start + 1)
        skip()
        let word = asciiLowercase(String(String.UnicodeScalarView(raw[i...]))).trimmingWhitespace
        if word == "odd" { return NthPattern(a: 2, b: 1) }
        if word == "even" { return NthPattern(a: 2, b: 0) }
        let first = sign() ?? 1
        let number = digits()
        var pattern: NthPattern
        if i < raw.count, raw[i] == "n" || raw[i] == "N" {
            i += 1
            pattern = NthPattern(a: first * (number ?? 1), b: 0)
            skip()
            if let second = sign() {
                skip()
                guard let b = digits() else { throw invalid }
                pattern.b = second * b
            } else if i < raw.count, SelectorTokenizer.isDigit(raw[i]) {
                throw invalid
            }
        } else {
            guard let b = number else { throw invalid }
            pattern = NthPattern(a: 0, b: first * b)
        }
        skip()
        guard i == raw.count else { throw invalid }
        return pattern
    }
}

/// ASCII lower case: what CSS and HTML mean by case-insensitive names.
func asciiLowercase(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) else { return text }
    return String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
}

extension String {
    fileprivate var trimmingWhitespace: String {
        let scalars = Array(unicodeScalars)
        var start = 0
        var end = scalars.count
        while start < end, SelectorTokenizer.isWhitespace(scalars[start]) { start += 1 }
        while end > start, SelectorTokenizer.isWhitespace(scalars[end - 1]) { end -= 1 }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    fileprivate var trimmingQuotes: String {
        hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
