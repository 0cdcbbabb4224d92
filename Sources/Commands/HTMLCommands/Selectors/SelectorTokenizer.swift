// The CSS Syntax Level 3 tokenizer as far as selectors need it: identifiers, hashes and strings with escapes,
// comments dropped, whitespace kept (it is the descendant combinator).

/// Splits a selector into tokens; never fails (malformed parts become tokens the parser rejects).
struct SelectorTokenizer {
    private let text: [Unicode.Scalar]
    private var index = 0

    init(_ scalars: [Unicode.Scalar]) { text = scalars }

    static func tokens(of scalars: [Unicode.Scalar]) -> [SelectorToken] {
        var tokenizer = SelectorTokenizer(scalars)
        var tokens: [SelectorToken] = []
        while true {
            let token = tokenizer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func at(_ offset: Int) -> Unicode.Scalar? { offset < text.count ? text[offset] : nil }

    mutating func next() -> SelectorToken {
        skipComments()
        let start = index
        guard let c = at(index) else { return SelectorToken(kind: .end, offset: start, endOffset: start) }
        let kind: SelectorToken.Kind
        if Self.isWhitespace(c) {
            while let w = at(index), Self.isWhitespace(w) { index += 1 }
            // Comments between whitespace leave one whitespace token.
            while startsComment(index) {
                skipComments()
                while let w = at(index), Self.isWhitespace(w) { index += 1 }
            }
            kind = .whitespace
        } else if c == "\"" || c == "'" {
            index += 1
            kind = consumeString(until: c)
        } else if c == "#" {
            if let n = at(index + 1), Self.isNameCharacter(n) || isValidEscape(index + 1) {
                index += 1
                let isIdentifier = startsIdentifier(index)
                kind = .hash(consumeName(), isIdentifier: isIdentifier)
            } else {
                index += 1
                kind = .delim(c)
            }
        } else if startsNumber(index) {
            kind = consumeNumber()
        } else if startsIdentifier(index) {
            let name = consumeName()
            if at(index) == "(" {
                index += 1
                kind = .function(name)
            } else {
                kind = .ident(name)
            }
        } else {
            index += 1
            switch c {
            case ":": kind = .colon
            case ",": kind = .comma
            case "[": kind = .openBracket
            case "]": kind = .closeBracket
            case "(": kind = .openParen
            case ")": kind = .closeParen
            default: kind = .delim(c)
            }
        }
        return SelectorToken(kind: kind, offset: start, endOffset: index)
    }

    // MARK: Code point classes (CSS Syntax §4.2)

    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    private static func isNewline(_ c: Unicode.Scalar) -> Bool { c == "\n" || c == "\r" || c == "\u{0C}" }

    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" || c.value >= 0x80 || c.value == 0
    }

    static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
        isNameStart(c) || isDigit(c) || c == "-"
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    private static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": c.value - 48
        case "a"..."f": c.value - 87
        case "A"..."F": c.value - 55
        default: nil
        }
    }

    // MARK: Checks that look ahead

    private func isValidEscape(_ offset: Int) -> Bool {
        guard at(offset) == "\\" else { return false }
        guard let next = at(offset + 1) else { return true }  // "\" at the end: U+FFFD
        return !Self.isNewline(next)
    }

    private func startsIdentifier(_ offset: Int) -> Bool {
        guard let c = at(offset) else { return false }
        if c == "-" {
            guard let n = at(offset + 1) else { return false }
            return Self.isNameStart(n) || n == "-" || isValidEscape(offset + 1)
        }
        return Self.isNameStart(c) || isValidEscape(offset)
    }

    private func startsNumber(_ offset: Int) -> Bool {
        guard let c = at(offset) else { return false }
        if Self.isDigit(c) { return true }
        if c == "." { return at(offset + 1).map(Self.isDigit) ?? false }
        if c == "+" || c == "-" {
            guard let n = at(offset + 1) else { return false }
            if Self.isDigit(n) { return true }
            return n == "." && (at(offset + 2).map(Self.isDigit) ?? false)
        }
        return false
    }

    private func startsComment(_ offset: Int) -> Bool { at(offset) == "/" && at(offset + 1) == "*" }

    // MARK: Consuming

    private mutating func skipComments() {
        while startsComment(index) {
            index += 2
            while index < text.count, !(text[index] == "*" && at(index + 1) == "/") { index += 1 }
            index = min(index + 2, text.count)
        }
    }

    /// After the backslash of a valid escape.
    private mutating func consumeEscape() -> Unicode.Scalar {
        guard let c = at(index) else { return "\u{FFFD}" }
        guard var value = Self.hexValue(c) else {
            index += 1
            return c.value == 0 ? "\u{FFFD}" : c
        }
        index += 1
        var digits = 1
        while digits < 6, let h = at(index), let v = Self.hexValue(h) {
            value = value &* 16 &+ v
            index += 1
            digits += 1
        }
        if let w = at(index), Self.isWhitespace(w) {
            index += 1
            if w == "\r", at(index) == "\n" { index += 1 }
        }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private mutating func consumeName() -> String {
        var name = String.UnicodeScalarView()
        while let c = at(index) {
            if Self.isNameCharacter(c) {
                name.append(c.value == 0 ? "\u{FFFD}" : c)
                index += 1
            } else if isValidEscape(index) {
                index += 1
                name.append(consumeEscape())
            } else {
                break
            }
        }
        return String(name)
    }

    private mutating func consumeString(until quote: Unicode.Scalar) -> SelectorToken.Kind {
        var value = String.UnicodeScalarView()
        while let c = at(index) {
            if c == quote {
                index += 1
                return .string(String(value))
            }
            if Self.isNewline(c) { return .badString }  // the newline is left for the next token
            if c == "\\" {
                guard let n = at(index + 1) else {
                    index += 1
                    continue
                }
                if Self.isNewline(n) {
                    index += 2
                    if n == "\r", at(index) == "\n" { index += 1 }
                    continue
                }
                index += 1
                value.append(consumeEscape())
                continue
            }
            value.append(c.value == 0 ? "\u{FFFD}" : c)
            index += 1
        }
        return .string(String(value))  // an unterminated string ends with the selector, as CSS says
    }

    private mutating func consumeNumber() -> SelectorToken.Kind {
        let start = index
        if at(index) == "+" || at(index) == "-" { index += 1 }
        while let c = at(index), Self.isDigit(c) { index += 1 }
        if at(index) == ".", let d = at(index + 1), Self.isDigit(d) {
            index += 1
            while let c = at(index), Self.isDigit(c) { index += 1 }
        }
        if startsIdentifier(index) {
            _ = consumeName()
        } else if at(index) == "%" {
            index += 1
        }
        return .number(String(String.UnicodeScalarView(text[start..<index])))
    }
}
