// The matchers of one search: the pattern, and its variants for going on past the offset the search started from
// (where \G cannot match) and for a window that ends after a newline (where (?m)^ may match once more input comes).
import PCRE2

/// The PCRE2 matchers one MatchFinder needs. Variants exist only for patterns that have `\G` or `^`; a literal set's
/// automaton needs none.
struct PatternMatchers {
    /// The automaton that matches instead of PCRE2 for a set of literals.
    let literal: LiteralMatcher?
    private let plain: PCRE2Matcher
    private let plainAtEnd: PCRE2Matcher?
    private let beyond: PCRE2Matcher?
    private let beyondAtEnd: PCRE2Matcher?

    /// `lineMode`: each line is a whole subject of its own, never cut after a newline, so no `^` variant is needed.
    /// `literals`: the automaton that matches instead of `pattern`, which is then compiled without the JIT. Its
    /// -x `^` is decided at a window's end by the search from there, so it needs no `^` variant either.
    init(_ pattern: PCRE2Pattern, literals: LiteralSet? = nil, lineMode: Bool) throws(PCRE2Error) {
        literal = try literals.map { set throws(PCRE2Error) in try LiteralMatcher(set, unicode: pattern.isUTF) }
        plain = try PCRE2Matcher(pattern)
        beyond = try Self.matcher(pattern.beyondStartOffset)
        plainAtEnd = lineMode || literals != nil ? nil : try Self.matcher(pattern.circumflexAtEnd)
        beyondAtEnd = lineMode ? nil : try Self.matcher(pattern.beyondStartOffset?.circumflexAtEnd)
    }

    private static func matcher(_ pattern: PCRE2Pattern?) throws(PCRE2Error) -> PCRE2Matcher? {
        guard let pattern else { return nil }
        return try PCRE2Matcher(pattern)
    }

    /// The pattern has `\G`: a search that went on past its start offset needs the variant where `\G` fails.
    var hasStartOffsetAssertion: Bool { beyond != nil }

    /// PCRE2's matcher for a search from where a search on the whole input would start (`beyondStart` false), or
    /// from a later place (when there is no `literal`).
    func pcre2(beyondStart: Bool) -> PCRE2Matcher {
        beyondStart ? beyond ?? plain : plain
    }

    /// Its variant where a multiline `^` also matches at the subject's end after a newline; nil without `^`.
    func circumflexAtEnd(beyondStart: Bool) -> PCRE2Matcher? {
        beyondStart && beyond != nil ? beyondAtEnd : plainAtEnd
    }
}
