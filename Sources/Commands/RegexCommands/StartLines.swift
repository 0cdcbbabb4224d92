// Which lines the matches of a whole-input search start in, for count records' `lines` and for --max-count, which
// counts lines: known from the newlines between one match's start and the next, without numbering every line.
import Bytes

/// Tells whether a match starts in the line of the last one that started a line, looking for a newline after that
/// one's start only as far as the next match (or the text about to be let go) makes necessary.
struct StartLines {
    /// The absolute offset of the last match that started a line; nil before the first match.
    private var lastStart: Int?
    /// The absolute offset of the newline that ends that match's line, once seen.
    private(set) var lineEnd: Int?
    /// Up to where (absolute, exclusive) the bytes after `lastStart` are known to hold no newline.
    private var scanned = 0
    /// The number of that match's line, when the search numbers lines (see `isNewLine(line:)`).
    private var lastLine: Int?

    /// Whether a match starting at absolute offset `start` starts in a line of its own (not in the last one's).
    /// `bytes` holds the input from absolute offset `base`, at least from where the last look ended to `start`.
    mutating func isNewLine(at start: Int, in bytes: Span<UInt8>, base: Int) -> Bool {
        guard lastStart != nil else { return true }
        look(upTo: start, in: bytes, base: base)
        guard let lineEnd else { return false }
        // A match starting at the newline itself is in the line that newline ends.
        return start > lineEnd
    }

    /// Whether a match in line `line` starts a line of its own, for a search that numbers the lines of its matches
    /// anyway (all but --count): the number tells it without a look for a newline.
    func isNewLine(line: Int) -> Bool {
        line != lastLine
    }

    /// A match starting at `start` started a new line; `line`, its number when the search numbers lines.
    mutating func startLine(at start: Int, line: Int?) {
        lastStart = start
        lineEnd = nil
        scanned = start
        lastLine = line
    }

    /// Looks for the end of the last match's line up to absolute `offset` (exclusive): called before the window lets
    /// go of the bytes before `offset`, and to know whether a search has gone past that line.
    mutating func look(upTo offset: Int, in bytes: Span<UInt8>, base: Int) {
        guard lastStart != nil, lineEnd == nil, scanned < offset else { return }
        if let newline = Bytes.firstIndex(of: 0x0A, in: bytes, (scanned - base)..<(offset - base)) {
            lineEnd = base + newline
        } else {
            scanned = offset
        }
    }

    /// Whether a match starting at or after absolute `offset` would be in a later line than the last match's.
    mutating func isPast(_ offset: Int, in bytes: Span<UInt8>, base: Int) -> Bool {
        look(upTo: offset, in: bytes, base: base)
        return lineEnd.map { offset > $0 } ?? false
    }
}
