// What the matching thread hands the printing thread: the matches found in one piece of input, as offsets into a
// snapshot of the bytes they were found in, with their lines, columns and replacements already worked out.

/// The matches found in one piece of input.
///
/// For each match: its groups' ranges, the reported range, its line number (of its first byte) and column; with
/// --lines also the range of its line's text. A line's text never holds its terminator: in `bytes` the line's
/// `\n` (or `\r\n`) follows the text, except after the input's last line when that has none. -v's lines and
/// context lines come as `lineEntries`, in input order among the matches.
struct MatchBatch: Sendable {
    /// The bytes the offsets below refer to (the matching window when the batch was made).
    var bytes: [UInt8] = []
    /// The absolute input offset of `bytes[0]`.
    var base = 0
    /// Groups per match, the whole match included.
    let groupCount: Int
    /// For each match, `groupCount` pairs of start and end offsets into `bytes` (-1 for a group that took no part).
    var groups: [Int] = []
    /// For each match, the start and end of the range reported as `match` (the --group's with --group).
    var reported: [Int] = []
    /// For each match, the line of its first byte (of the reported range), from 1.
    var lines: [Int] = []
    /// For each match, the character of its line it starts at, from 1.
    var columns: [Int] = []
    /// With --lines, for each match the start and end of its line's text in `bytes` (without `\n` or `\r\n`).
    var texts: [Int] = []
    /// With --lines, the lines printed whole (-v's lines, context lines), each placed before a match.
    var lineEntries: [LineEntry] = []
    /// The --replace texts, one after another, and where each ends.
    var replacements: [UInt8] = []
    var replacementEnds: [Int] = []
    /// Matches counted but not printed (--count); with -v, lines selected.
    var counted = 0
    /// Lines in which a match starts that no earlier batch counted (with -v, lines selected), printed or not.
    var newLines = 0
    /// The finder wants no more input: --first or --max-count was reached.
    var finished = false
    /// For the terminal view: `bytes` reach the line break ending the line of an earlier batch's last match.
    var endsLine = false
    /// The source could not be matched; no more batches follow.
    var failure: String?

    init(groupCount: Int) {
        self.groupCount = groupCount
    }

    /// How many matches it holds for printing.
    var count: Int { lines.count }

    var isEmpty: Bool {
        lines.isEmpty && lineEntries.isEmpty && counted == 0 && newLines == 0 && !finished && !endsLine
            && failure == nil
    }

    /// The line of match `index` with --lines.
    func text(of index: Int) -> Range<Int>? {
        texts.isEmpty ? nil : texts[index * 2]..<texts[index * 2 + 1]
    }

    /// The range of group `number` of match `index`, or nil.
    func group(_ number: Int, of index: Int) -> Range<Int>? {
        let at = (index * groupCount + number) * 2
        let start = groups[at]
        return start < 0 ? nil : start..<groups[at + 1]
    }

    /// The range reported for match `index`.
    func reportedRange(of index: Int) -> Range<Int> {
        reported[index * 2]..<reported[index * 2 + 1]
    }

    /// The replacement of match `index`, when there is one.
    func replacement(of index: Int) -> Range<Int>? {
        guard !replacementEnds.isEmpty else { return nil }
        return (index == 0 ? 0 : replacementEnds[index - 1])..<replacementEnds[index]
    }

    /// A line printed whole: a line that -v selected, or a context line.
    struct LineEntry: Sendable {
        /// -v selected it (a `line` record); otherwise it is context (a `context` record).
        let selected: Bool
        let line: Int
        /// Its text's range in `bytes`, without `\n` or `\r\n`.
        let range: Range<Int>
        /// How many of the batch's matches come before it.
        let matchesBefore: Int
    }

}
