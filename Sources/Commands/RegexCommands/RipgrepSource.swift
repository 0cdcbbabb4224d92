// One source in tb regex's ripgrep view: matches are gathered by the lines they are on, and each line is printed once,
// whole and with every match on it marked, when its end is known (a later batch may bring it).
import Bytes
import Toolbox

/// The lines of one source as ripgrep prints them.
final class RipgrepSource {
    private let view: RipgrepView
    let id: Int
    let name: String
    /// The last line printed, for `--` between context groups.
    var lastLine: Int?
    /// The lines of the matches not printed yet.
    private var group: LineGroup?

    init(view: RipgrepView, name: String) {
        self.view = view
        id = view.newSource()
        self.name = name
    }

    /// Lines holding matches, from the start of the first to the line break ending the last, in the bytes of the
    /// batch that last brought some of them; offsets are absolute.
    private struct LineGroup {
        var bytes: [UInt8]
        var base: Int
        var start: Int
        let line: Int
        /// The matches' ranges, with their --replace texts.
        var marks: [RipgrepView.Mark] = []
        /// Where the line break ending the group is looked for: the last matched byte (or an empty match's place).
        var last: Int
        /// That line break, once the bytes reach it.
        var end: Int?
        /// Until it is found: how far the bytes were looked at for it (each byte is looked at once).
        var scanned = 0

        /// Takes the bytes of a later batch, which go on from where these end (the group's start is kept when the
        /// batch dropped it), and looks for the end again.
        mutating func extend(with batch: MatchBatch) {
            guard !batch.bytes.isEmpty else { return }
            if batch.base <= start {
                bytes = batch.bytes
                base = batch.base
            } else if batch.base <= base + bytes.count {
                bytes = Array(bytes[(start - base)..<(batch.base - base)]) + batch.bytes
                base = start
            } else {
                // Not a batch that follows these bytes (never expected): print from where it starts.
                bytes = batch.bytes
                base = batch.base
                start = batch.base
            }
            findEnd()
        }

        mutating func findEnd() {
            let from = max(last, start, scanned) - base
            guard from < bytes.count else { return end = nil }
            end = Bytes.firstIndex(of: 0x0A, in: bytes.span, from..<bytes.count).map { $0 + base }
            if end == nil { scanned = base + bytes.count }
        }
    }

    /// Prints the matches and whole lines of one batch, in input order.
    func show(_ batch: MatchBatch) throws(OutputError) {
        if group?.end == nil { group?.extend(with: batch) }
        var entry = 0
        for index in 0..<batch.count {
            while entry < batch.lineEntries.count && batch.lineEntries[entry].matchesBefore == index {
                showLine(batch.lineEntries[entry], of: batch)
                entry += 1
            }
            mark(index, of: batch)
        }
        while entry < batch.lineEntries.count {
            showLine(batch.lineEntries[entry], of: batch)
            entry += 1
        }
        try view.flush()
    }

    /// The source ended: the lines still held are printed (to the end of the bytes, when it broke off).
    func finish() throws(OutputError) {
        printGroup()
        try view.flush()
    }

    /// -c: the source's count.
    func count(_ count: Int) throws(OutputError) {
        view.appendCount(count, of: name)
        try view.flush()
    }

    /// -l, --files-without-match: the source's name.
    func list() throws(OutputError) {
        view.appendListed(name)
        try view.flush()
    }

    /// Adds match `index` to the lines held, or prints those and holds the match's.
    private func mark(_ index: Int, of batch: MatchBatch) {
        let reported = batch.reportedRange(of: index)
        let range = (batch.base + reported.lowerBound)..<(batch.base + reported.upperBound)
        // The empty match at the end of a subject that ends with a line break is on no line (rg shows none there).
        if batch.finished && range.isEmpty && reported.lowerBound == batch.bytes.count - 1
            && (reported.lowerBound == 0 || batch.bytes[reported.lowerBound - 1] == 0x0A)
        {
            return
        }
        let last = range.isEmpty ? range.lowerBound : range.upperBound - 1
        let mark = RipgrepView.Mark(
            range: range, replacement: batch.replacement(of: index).map { Array(batch.replacements[$0]) })
        if view.onlyMatching { return printOnly(mark, line: batch.lines[index], of: batch) }
        if var held = group, range.lowerBound <= held.end ?? Int.max {
            // Taken out while it grows: with `group` still holding it, every append copied the marks (a long line
            // with 40,000 matches took 6 s).
            group = nil
            held.marks.append(mark)
            held.last = max(held.last, last)
            // A match that goes on past the line break: its lines are the group's too.
            if let end = held.end, last > end {
                held.end = nil
                held.extend(with: batch)
            } else if held.end == nil {
                held.extend(with: batch)
            }
            group = held
            return
        }
        printGroup()
        var start = reported.lowerBound
        while start > 0 && batch.bytes[start - 1] != 0x0A { start -= 1 }
        var held = LineGroup(
            bytes: batch.bytes, base: batch.base, start: batch.base + start, line: batch.lines[index], marks: [mark],
            last: last)
        held.findEnd()
        group = held
    }

    /// Prints the lines held, each with the parts of the matches on it marked.
    private func printGroup() {
        guard let held = group else { return }
        group = nil
        let span = held.bytes.span
        let end = (held.end ?? held.base + held.bytes.count) - held.base
        var from = held.start - held.base
        var number = held.line
        view.startLines(of: self, at: number)
        while true {
            let stop = Bytes.firstIndex(of: 0x0A, in: span, from..<end) ?? end
            let lineStart = held.base + from
            let marks = held.marks.compactMap { mark -> RipgrepView.Mark? in
                let lower = max(mark.range.lowerBound, lineStart)
                let upper = min(mark.range.upperBound, held.base + stop)
                // An empty match is marked (for --replace) on its own line only.
                guard lower < upper || (mark.range.isEmpty && lower == upper && lower == mark.range.lowerBound)
                else { return nil }
                // The replacement goes where the match starts; the match's other lines lose their part.
                let replacement =
                    mark.range.lowerBound < lineStart ? mark.replacement.map { _ in [] } : mark.replacement
                return RipgrepView.Mark(range: (lower - lineStart)..<(upper - lineStart), replacement: replacement)
            }
            view.appendLine(
                number: number, separator: UInt8(ascii: ":"), text: span.extracting(from..<stop), marks: marks)
            lastLine = number
            guard stop < end else { break }
            from = stop + 1
            number += 1
        }
    }

    /// -o: the match alone, each of its lines numbered.
    private func printOnly(_ mark: RipgrepView.Mark, line: Int, of batch: MatchBatch) {
        guard !mark.range.isEmpty else { return }
        let span = batch.bytes.span
        var from = mark.range.lowerBound - batch.base
        let end = mark.range.upperBound - batch.base
        var number = line
        view.startLines(of: self, at: number)
        while from < end {
            let stop = Bytes.firstIndex(of: 0x0A, in: span, from..<end) ?? end
            let whole = RipgrepView.Mark(range: 0..<(stop - from), replacement: mark.replacement)
            view.appendLine(
                number: number, separator: UInt8(ascii: ":"), text: span.extracting(from..<stop), marks: [whole])
            lastLine = number
            from = stop + 1
            number += 1
        }
    }

    /// A line -v selected (`:`) or a context line (`-`), printed whole: a `\r` before its line break stays, as in rg.
    private func showLine(_ entry: MatchBatch.LineEntry, of batch: MatchBatch) {
        printGroup()
        let span = batch.bytes.span
        let stop =
            Bytes.firstIndex(of: 0x0A, in: span, entry.range.upperBound..<batch.bytes.count) ?? batch.bytes.count
        view.startLines(of: self, at: entry.line)
        view.appendLine(
            number: entry.line, separator: UInt8(ascii: entry.selected ? ":" : "-"),
            text: span.extracting(entry.range.lowerBound..<stop), marks: [])
        lastLine = entry.line
    }
}
