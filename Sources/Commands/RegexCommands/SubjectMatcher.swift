// What MatchFinder asks of a matcher: PCRE2's own, or a literal set's, which answers as PCRE2 would.
import PCRE2

/// Finds the first match in a subject from an offset, as `pcre2_match` does (hard partial matching with `.partial`).
protocol SubjectMatcher: AnyObject {
    /// Looks for the first match at or after `offset`; bytes before it are still seen by lookbehinds.
    func match(_ subject: Span<UInt8>, from offset: Int, options: PCRE2Matcher.Options) throws(PCRE2Error)
        -> PCRE2Matcher.Outcome
    /// The range of group `number` after `.match`, or of the partial match after `.partial` (group 0 only).
    func range(_ number: Int) -> Range<Int>?
    /// Appends the --replace text of the last match to `output`.
    func appendReplacement(_ replacement: [UInt8], subject: Span<UInt8>, to output: inout [UInt8])
        throws(PCRE2Error)
}

extension PCRE2Matcher: SubjectMatcher {}
