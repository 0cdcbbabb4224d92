// The parsed form of a selector list: complex selectors of compound selectors, as Selectors Level 4 names them.

/// How two compound selectors relate.
enum Combinator: Equatable, Sendable {
    case descendant, child, nextSibling, subsequentSibling

    var symbol: String {
        switch self {
        case .descendant: "descendant (whitespace)"
        case .child: ">"
        case .nextSibling: "+"
        case .subsequentSibling: "~"
        }
    }
}

/// `a > b c`: compounds left to right with the combinators between them. In `:has()` a relative selector also has
/// the combinator that leads to its first compound from the `:has()` element.
struct ComplexSelector: Sendable {
    var compounds: [CompoundSelector]
    /// `combinators[i]` sits between `compounds[i]` and `compounds[i + 1]`.
    var combinators: [(combinator: Combinator, position: Int)]
    /// Relative selectors only: the combinator in front (descendant when none is written).
    var leading: Combinator?
}

/// A type selector (or none, meaning any element) and the conditions written with it: `div.a[href]:first-child`.
struct CompoundSelector: Sendable {
    /// The type name as written, nil for `*` or no type at all.
    var typeName: String?
    var conditions: [Condition]
    var position: Int
}

/// A simple selector other than the type, with where it was written and how (for messages).
struct Condition: Sendable {
    var kind: ConditionKind
    var position: Int
    /// The pseudo-class as written, lower-cased (":last-child"), or a short form of the selector ("[href]").
    var text: String
}

/// `an+b`: matches the positions a·n + b for some n ≥ 0.
struct NthPattern: Equatable, Sendable {
    var a: Int
    var b: Int
}

/// How an attribute value is compared.
enum AttributeOperator: String, Sendable {
    case exists = ""
    case equals = "="
    case includes = "~="
    case dashMatch = "|="
    case prefix = "^="
    case suffix = "$="
    case substring = "*="
}

/// `[name op "value" i]`.
struct AttributeSelector: Sendable {
    var name: String
    var op: AttributeOperator
    var value: String
    /// `i` true, `s` false, nil when not written (then HTML's case-insensitive attributes compare without case).
    var caseInsensitive: Bool?
}

indirect enum ConditionKind: Sendable {
    case id(String)
    case className(String)
    case attribute(AttributeSelector)
    /// `:nth-child()` family; `fromEnd` for the `-last-` ones, `ofType` for the `-of-type` ones.
    case nth(NthPattern, fromEnd: Bool, ofType: Bool)
    case only(ofType: Bool)
    case empty
    case root
    case not([ComplexSelector])
    /// `:is()` and `:where()` (specificity does not matter here).
    case isAny([ComplexSelector])
    /// Relative selectors.
    case has([ComplexSelector])
    case checked, disabled, enabled, required, optional
    /// `:contains("a", "b")`: the text content contains one of them.
    case contains([String])
}
