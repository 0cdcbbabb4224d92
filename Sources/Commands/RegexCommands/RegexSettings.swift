// What tb regex was asked to do, checked once before any input is read.
import PCRE2
import Toolbox

/// The parsed and compiled options of one tb regex run.
struct RegexSettings: Sendable {
    let pattern: PCRE2Pattern
    /// The automaton that finds the matches instead of PCRE2, when the patterns are a set of literals (`pattern` then
    /// only tells their shape: groups, lookbehind, UTF).
    var literals: LiteralSet? = nil
    /// Match each line on its own (--lines) instead of the whole input.
    let lineMode: Bool
    /// Print no matches, only count them: one count record per source (--count), or one source record for the
    /// sources that `listing` lists.
    let countOnly: Bool
    /// -v: select the lines that do not match (with `lineMode`).
    var invert = false
    /// -B and -A: lines shown before and after each selected line (with `lineMode`).
    var before = 0
    var after = 0
    /// -l and --files-without-match: which sources to list.
    var listing: Listing?
    /// --max-count: stop reading a source after this many lines in which a match starts (with -v, lines selected),
    /// as grep and rg do; every match starting in them counts.
    let maxCount: Int?
    /// --first, -l, --files-without-match: stop reading a source at its first match (or line selected, with -v).
    var firstOnly = false
    /// --include-zero: a count record for every file of a directory, not only for those that matched.
    var includeZero = false
    /// Report this group instead of the whole match.
    let group: Int?
    /// The --replace template, checked against the pattern's groups.
    let replacement: [UInt8]?
    /// The longest match that can be found across reads.
    let maxMatchSize: Int
    /// -o: the terminal view prints only the matched parts (records are the matches whatever it says).
    var onlyMatching = false
    /// The terminal view prints each match's whole lines: the window keeps the line the next match may be on, and
    /// a batch brings the end of a line a match left open.
    var showsLines = false
}
