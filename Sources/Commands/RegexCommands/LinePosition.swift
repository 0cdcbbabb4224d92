// Line and column of a byte offset, counted incrementally as matches move forward through the input.
import Bytes

/// The line and column at a cursor that only moves forward.
struct LinePosition {
    /// The absolute offset the counts are valid at.
    private(set) var offset = 0
    /// 1-based line at `offset`.
    private(set) var line = 1
    /// Characters between the start of the line and `offset`.
    private(set) var column = 0

    /// Moves the cursor to the absolute `target`; `bytes` holds the input from absolute offset `base`, and must
    /// cover everything between the cursor and the target.
    mutating func advance(to target: Int, in bytes: Span<UInt8>, base: Int) {
        guard target > offset else { return }
        let range = (offset - base)..<(target - base)
        let newlines = Bytes.newlines(in: bytes, range)
        if let last = newlines.last {
            line += newlines.count
            column = Bytes.characters(in: bytes, (last + 1)..<range.upperBound)
        } else {
            column += Bytes.characters(in: bytes, range)
        }
        offset = target
    }
}
