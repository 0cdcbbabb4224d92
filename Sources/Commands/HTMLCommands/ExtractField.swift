// One --extract NAME=SUBSEL of tb html: a named value of each matched element, read from a sub-selector's matches
// among its descendants — their text (`td.name`), an attribute (`a@href`), every match as a list (`li.tag[]`) — or
// from an attribute of the element itself (`@id`).
import Toolbox

/// A field every record of the run carries in `fields`.
struct ExtractField: Sendable {
    /// The field's name: the key in `fields`, and `fields.NAME` for --fields and templates.
    let name: String
    /// The sub-selector; nil for `@ATTR` alone (the matched element's own attribute).
    let selectors: SelectorList?
    /// The attribute to take (`SEL@ATTR`, `@ATTR`); nil for the text.
    let attribute: String?
    /// `SEL[]`: every match, as a list; otherwise the first one's value.
    let list: Bool

    /// Parses `NAME=SUBSEL[@ATTR][[]]` or `NAME=@ATTR[[]]`. A bad sub-selector's message points at the position in
    /// the whole argument.
    init(parsing argument: String) throws(UsageError) {
        func bad(_ why: String) -> UsageError { UsageError("bad --extract '\(argument)': \(why)") }
        guard let equals = argument.firstIndex(of: "=") else {
            throw bad("expected NAME=SUBSELECTOR (name=td.price, link=a@href, tags=li[])")
        }
        name = String(argument[..<equals])
        guard Self.isValidName(name) else {
            throw bad("a name is a letter or _, then letters, digits, _ or - (it is a key in fields, and fields.NAME)")
        }
        var rest = Substring(argument[argument.index(after: equals)...])
        list = rest.hasSuffix("[]")
        if list { rest = rest.dropLast(2) }
        var selectorText = rest
        var attribute: String?
        if let at = Self.attributeMark(in: rest) {
            let attributeName = rest[rest.index(after: at)...]
            guard !attributeName.isEmpty, !attributeName.contains(where: Self.endsAttributeName) else {
                throw bad("expected an attribute name after '@'")
            }
            attribute = String(attributeName)
            selectorText = rest[..<at]
        }
        self.attribute = attribute
        if selectorText.allSatisfy(\.isWhitespace) {
            guard attribute != nil, selectorText.isEmpty else {
                throw bad("expected a sub-selector after '=' (or @ATTR for the element's own attribute)")
            }
            selectors = nil
            return
        }
        do {
            selectors = try SelectorList(parsing: String(selectorText))
        } catch {
            throw bad(error.shifted(by: name.unicodeScalars.count + 1).message)
        }
    }

    /// `@` between the selector and the attribute: the last one outside brackets, parentheses and quotes (a selector
    /// has none elsewhere).
    private static func attributeMark(in text: Substring) -> Substring.Index? {
        var depth = 0
        var quote: Character?
        var escaped = false
        var mark: Substring.Index?
        for index in text.indices {
            let character = text[index]
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "\"", "'":
                if quote == nil { quote = character } else if quote == character { quote = nil }
            case "[", "(": if quote == nil { depth += 1 }
            case "]", ")": if quote == nil { depth -= 1 }
            case "@": if quote == nil && depth == 0 { mark = index }
            default: break
            }
        }
        return mark
    }

    private static func endsAttributeName(_ character: Character) -> Bool {
        character.isWhitespace || "\"'>/=@[]()".contains(character)
    }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || isASCIILetter(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "-" || isASCIILetter($0) || ("0"..."9").contains($0)
        }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// The fields of `arguments` (the values of --extract), each name once.
    static func all(_ arguments: [String]) throws(UsageError) -> [ExtractField] {
        var fields: [ExtractField] = []
        for argument in arguments {
            let field = try ExtractField(parsing: argument)
            if fields.contains(where: { $0.name == field.name }) {
                throw UsageError("--extract names '\(field.name)' twice: each field needs a name of its own")
            }
            fields.append(field)
        }
        return fields
    }

    /// The names of `arguments` that parse, for the record schema (errors are said when the command is made).
    static func names(_ arguments: [String]) -> [String] {
        var names: [String] = []
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "=") else { continue }
            let name = String(argument[..<equals])
            if isValidName(name) && !names.contains(name) { names.append(name) }
        }
        return names
    }
}
