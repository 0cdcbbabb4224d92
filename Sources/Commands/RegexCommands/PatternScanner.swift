// The walk over a PCRE2 pattern that -S/--smart-case makes to find its literal characters (see SmartCase).

/// A walk over one PCRE2 pattern that hands its literal characters to `Literals` and steps over the rest. It need
/// not judge whether the pattern is valid (PCRE2 does that): an unclosed construct ends the scan.
struct PatternScanner {
    let scalars: [Unicode.Scalar]
    var index = 0
    /// (?x) or --extended: white space and #-comments are not part of the pattern.
    var extended: Bool

    init(_ scalars: [Unicode.Scalar], extended: Bool) {
        self.scalars = scalars
        self.extended = extended
    }

    func at(_ position: Int) -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    /// Moves to just after the next `close`, or to the end.
    mutating func skip(past close: Unicode.Scalar) {
        while index < scalars.count {
            index += 1
            if scalars[index - 1] == close { return }
        }
    }

    /// The digits of `radix` from `index` on, at most `limit` of them, as a number (nil when there are none).
    mutating func number(radix: UInt32, limit: Int = .max) -> UInt32? {
        var value: UInt32?
        var count = 0
        while count < limit, let scalar = at(index), let digit = Character(scalar).hexDigitValue, digit < radix {
            value = min((value ?? 0) * radix + UInt32(digit), 0x11_0000)
            index += 1
            count += 1
        }
        return value
    }

    mutating func scan(into found: inout Literals) {
        while let scalar = at(index) {
            switch scalar {
            case "\\": escape(into: &found)
            case "[": characterClass(into: &found)
            case "(": group()
            case "#" where extended: skip(past: "\n")
            case _ where extended && scalar.properties.isPatternWhitespace: index += 1
            case "{":
                // A quantifier's numbers are not literals; a { that starts none is.
                let start = index
                index += 1
                while let next = at(index), next == "," || ("0"..."9").contains(next) { index += 1 }
                if at(index) == "}" && index > start + 1 {
                    index += 1
                } else {
                    index = start + 1
                    found.add("{")
                }
            case ".", "^", "$", "|", ")", "*", "+", "?": index += 1
            default:
                found.add(scalar)
                index += 1
            }
        }
    }

    /// At a `\`.
    mutating func escape(into found: inout Literals) {
        index += 1
        guard let letter = at(index) else { return }
        index += 1
        switch letter {
        case "Q":
            while let scalar = at(index) {
                if scalar == "\\" && at(index + 1) == "E" {
                    index += 2
                    return
                }
                found.add(scalar)
                index += 1
            }
        case "x":
            let braced = at(index) == "{"
            if braced { index += 1 }
            let value = number(radix: 16, limit: braced ? .max : 2) ?? 0
            if braced { skip(past: "}") }
            if let character = Unicode.Scalar(value) { found.add(character) }
        case "o":
            guard at(index) == "{" else { return }
            index += 1
            let value = number(radix: 8)
            skip(past: "}")
            if let value, let character = Unicode.Scalar(value) { found.add(character) }
        case "0":
            // \0, \01, \012: octal, at most two more digits.
            if let character = Unicode.Scalar(number(radix: 8, limit: 2) ?? 0) { found.add(character) }
        case "N":
            guard at(index) == "{" else { return }
            index += 1
            if at(index) == "U" && at(index + 1) == "+" {
                index += 2
                let value = number(radix: 16)
                if let value, let character = Unicode.Scalar(value) { found.add(character) }
            }
            skip(past: "}")
        case "p", "P":
            if at(index) == "{" { skip(past: "}") } else { index += 1 }
        case "g", "k":
            switch at(index) {
            case "{": skip(past: "}")
            case "<": skip(past: ">")
            case "'":
                index += 1
                skip(past: "'")
            default:
                if at(index) == "+" || at(index) == "-" { index += 1 }
                _ = number(radix: 10)
            }
        case "c":
            // \cX: a control character, not the letter.
            found.add("\u{01}")
            index += 1
        case "1"..."9":
            // A back reference: its digits name a group.
            _ = number(radix: 10)
        case "n", "t", "r", "f", "e", "a": found.add("\u{01}")
        default:
            // \w \W \s \S \d \D \b \B \A \z \Z \G \h \H \v \V \R \X \C \K \E and the like stand for no character;
            // anything else escaped is itself (\. \* \\ \é).
            let isClass = letter.isASCII && (letter.properties.isAlphabetic || ("0"..."9").contains(letter))
            if !isClass { found.add(letter) }
        }
    }

    /// At a `[`: its literal characters, ranges' ends included; [:name:] classes step over.
    mutating func characterClass(into found: inout Literals) {
        index += 1
        if at(index) == "^" { index += 1 }
        // A ] first is a literal.
        if at(index) == "]" {
            found.add("]")
            index += 1
        }
        while let scalar = at(index) {
            switch scalar {
            case "]":
                index += 1
                return
            case "[" where at(index + 1) == ":":
                var end = index + 2
                while end + 1 < scalars.count && !(scalars[end] == ":" && scalars[end + 1] == "]") { end += 1 }
                guard end + 1 < scalars.count else {
                    found.add(scalar)
                    index += 1
                    continue
                }
                index = end + 2
            case "\\": escape(into: &found)
            case "-": index += 1
            default:
                found.add(scalar)
                index += 1
            }
        }
    }

    /// At a `(`: a group's syntax steps over (names, verbs, flags, conditions); its contents are scanned on.
    mutating func group() {
        index += 1
        if at(index) == "*" {
            // (*pla:…) and the other alpha assertions hold a pattern; (*UTF), (*MARK:NAME), (*SKIP)… do not.
            var end = index + 1
            while let scalar = at(end), scalar.properties.isLowercase || scalar == "_" { end += 1 }
            if end > index + 1, at(end) == ":" {
                index = end + 1
            } else {
                skip(past: ")")
            }
            return
        }
        guard at(index) == "?" else { return }
        index += 1
        guard let kind = at(index) else { return }
        switch kind {
        case "#", "&", "C", "R": skip(past: ")")
        case "<":
            if at(index + 1) == "=" || at(index + 1) == "!" {
                index += 2
            } else {
                skip(past: ">")
            }
        case "P":
            if at(index + 1) == "<" { skip(past: ">") } else { skip(past: ")") }
        case "'":
            index += 1
            skip(past: "'")
        case "(":
            index += 1
            // (?(?=…)…) and (?(*pla:…)…) start with an assertion, scanned as a group; (?(1)…), (?(<name>)…),
            // (?('name')…), (?(R&name)…), (?(DEFINE)…) with a name.
            if at(index) == "?" || at(index) == "*" {
                index -= 1
            } else {
                skip(past: ")")
            }
        case "0"..."9": skip(past: ")")
        case _ where (kind == "+" || kind == "-") && at(index + 1).map({ ("0"..."9").contains($0) }) == true:
            // (?+1), (?-1): a relative recursion.
            skip(past: ")")
        case "|", ":", ">", "=", "!": index += 1
        default:
            // Inline flags: (?i), (?-x:…), (?^), (?J)…
            var on = true
            while let flag = at(index), flag != ")" && flag != ":" {
                if flag == "-" { on = false } else if flag == "^" { on = true } else if flag == "x" { extended = on }
                index += 1
            }
            index += 1
        }
    }
}
