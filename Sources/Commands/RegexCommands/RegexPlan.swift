// What tb regex's arguments ask for before its patterns are read: the -f files are read, the patterns compiled and
// --group and --replace checked against them when the command runs, so that an unreadable pattern file fails as
// any other file does (status 2) while a pattern PCRE2 refuses stays a usage error.
import PCRE2
import Toolbox

struct RegexPlan: Sendable {
    /// PATTERN or the -e patterns; the lines of `patternFiles` follow them.
    let patterns: PatternList
    let patternFiles: [String]
    let options: PCRE2Pattern.Options
    /// --group as given: a number or a name.
    let group: String?
    /// --replace as given.
    let replacement: String?
    let lineMode: Bool
    let countOnly: Bool
    let invert: Bool
    let before: Int
    let after: Int
    let listing: Listing?
    /// --max-count: lines, not matches.
    let maxCount: Int?
    let firstOnly: Bool
    let includeZero: Bool
    let maxMatchSize: Int
    /// -S: caseless when no pattern has an uppercase letter (decided once the -f files are read).
    var smartCase = false
    /// -o, kept for the terminal view.
    var onlyMatching = false

    /// Reads the pattern files and compiles everything into the settings a search runs with.
    func settings() throws -> RegexSettings {
        var list = patterns
        for path in patternFiles { list.patterns += try PatternList.lines(ofFile: path) }
        var options = options
        if smartCase, SmartCase.isCaseless(list.patterns, fixed: list.fixed, extended: options.contains(.extended)) {
            options.insert(.caseless)
        }
        // Literals go through an automaton; PCRE2 still checks them first (UTF-8 in UTF mode), without its JIT.
        let literals = list.literalStrings(options: options)
        var compiled = try list.compile(options: options, jit: literals == nil)
        let set = literals.flatMap { LiteralSet.make($0, options: options, boundary: list.literalBoundary) }
        if literals != nil && set == nil { compiled = try list.compile(options: options) }
        return RegexSettings(
            pattern: compiled, literals: set, lineMode: lineMode, countOnly: countOnly, invert: invert, before: before,
            after: after, listing: listing, maxCount: maxCount, firstOnly: firstOnly, includeZero: includeZero,
            group: try groupNumber(in: compiled), replacement: try checkedReplacement(against: compiled),
            maxMatchSize: maxMatchSize, onlyMatching: onlyMatching)
    }

    /// The number of the group --group names.
    private func groupNumber(in compiled: PCRE2Pattern) throws(UsageError) -> Int? {
        guard let group else { return nil }
        if let number = Int(group) {
            guard number >= 0 && number <= compiled.captureCount else {
                throw UsageError("--group \(number): the pattern has \(compiled.captureCount) groups")
            }
            return number
        }
        guard let number = compiled.groupNumber(named: group) else {
            throw UsageError(
                "--group '\(group)': the pattern has no group of that name"
                    + Suggestion.didYouMean(group, among: compiled.groups.map(\.name)))
        }
        return number
    }

    private func checkedReplacement(against compiled: PCRE2Pattern) throws(UsageError) -> [UInt8]? {
        guard let replacement else { return nil }
        try ReplacementTemplate.check(replacement, against: compiled)
        return Array(replacement.utf8)
    }
}
