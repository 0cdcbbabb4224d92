// Turns the matcher's current match into a record (or just a count), for one source.
import PCRE2
import Toolbox

/// Reports the matches of one source.
final class MatchReporter {
    let settings: RegexSettings
    let output: Output
    let name: String
    let source: JSONText
    let matcher: PCRE2Matcher
    /// Matches so far (with --group, only those where the group took part).
    private(set) var matches = 0
    private(set) var recordCount = 0
    private var replacement: [UInt8] = []

    init(settings: RegexSettings, output: Output, name: String, matcher: PCRE2Matcher) {
        self.settings = settings
        self.output = output
        self.name = name
        source = JSONText(name)
        self.matcher = matcher
    }

    /// Whether records need line and column numbers.
    var needsPositions: Bool { !settings.countOnly }

    /// Reports the matcher's last match. The subject was `bytes[subject]`, whose first byte is at absolute offset
    /// `base`; `position` gives the line and column of an absolute offset. Returns false once the source needs
    /// no more matches (--first, --max-count).
    func report(bytes: [UInt8], subject: Range<Int>, base: Int, position: (Int) -> (line: Int, column: Int))
        throws -> Bool
    {
        guard let whole = matcher.range(0) else { return true }
        var reported = whole
        if let group = settings.group {
            guard let range = matcher.range(group) else { return true }
            reported = range
        }
        matches += 1
        if !settings.countOnly {
            let (line, column) = position(base + reported.lowerBound)
            var filled: [UInt8]?
            if let template = settings.replacement {
                replacement.removeAll(keepingCapacity: true)
                do {
                    try matcher.appendReplacement(template, subject: bytes.span.extracting(subject), to: &replacement)
                } catch {
                    throw ToolError(
                        "cannot fill in --replace at byte \(base + whole.lowerBound) of '\(name)': \(error.message)")
                }
                filled = replacement
            }
            try output.emit(
                MatchRecord(
                    source: source, line: line, column: column, bytes: bytes, origin: subject.lowerBound, base: base,
                    reported: reported, matcher: matcher, replacement: filled))
            recordCount += 1
        }
        if let maxCount = settings.maxCount, matches >= maxCount { return false }
        return true
    }

    /// Ends the source: with --count, its count record.
    func finish() throws {
        guard settings.countOnly else { return }
        try output.emit(CountRecord(source: name, matches: matches))
        recordCount += 1
    }

    /// A match error as a one-line message naming the source and where it happened.
    func failure(_ error: PCRE2Error, at offset: Int) -> ToolError {
        if error.isResourceLimit {
            return ToolError(
                "the pattern backtracks too much at byte \(offset) of '\(name)' (\(error.message)): "
                    + "make it more specific, e.g. avoid nested quantifiers like (a+)+")
        }
        return ToolError("cannot match at byte \(offset) of '\(name)': \(error.message)")
    }
}
