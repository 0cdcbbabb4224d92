// -A, -B and -C of tb regex: which lines around the selected ones are shown as context, each line at most once
// however the contexts overlap, decided line by line in input order on the matching thread.

/// The context lines around the selected lines of one source.
struct LineContext {
    /// A line that may be shown, by absolute input offsets (its terminator, `\n` or `\r\n`, excluded).
    struct Line {
        let number: Int
        let start: Int
        let end: Int
    }

    /// -B: lines shown before each selected line.
    let before: Int
    /// -A: lines shown after each selected line.
    let after: Int
    /// The last unshown lines, at most `before`, as a ring: once full, the oldest is at `oldest`.
    private var ring: [Line] = []
    private var oldest = 0
    /// Lines after the last selected one still to be shown.
    private var afterLeft = 0

    init(before: Int, after: Int) {
        self.before = before
        self.after = after
    }

    /// Whether any context is asked for.
    var isActive: Bool { before > 0 || after > 0 }

    /// Whether lines after the last selected one are still to be shown (grep shows them after --max-count too).
    var isShowingAfter: Bool { afterLeft > 0 }

    /// Where the input must be kept from: the start of the earliest line that a selected line could still bring.
    var keptFrom: Int? { ring.isEmpty ? nil : ring[ring.count < before ? 0 : oldest].start }

    /// A line is selected: the unshown lines before it to show first, oldest first; the `after` lines that follow
    /// it are context.
    mutating func select() -> [Line] {
        let shown = Array(ring[oldest...] + ring[..<oldest])
        ring.removeAll(keepingCapacity: true)
        oldest = 0
        afterLeft = after
        return shown
    }

    /// A line is not selected: whether it is shown as context after a selected one. If not, it is kept in case a
    /// selected line follows soon enough.
    mutating func pass(_ line: Line) -> Bool {
        if afterLeft > 0 {
            afterLeft -= 1
            return true
        }
        guard before > 0 else { return false }
        if ring.count < before {
            ring.append(line)
        } else {
            ring[oldest] = line
            oldest = (oldest + 1) % before
        }
        return false
    }
}
