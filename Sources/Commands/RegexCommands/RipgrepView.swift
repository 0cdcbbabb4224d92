// tb regex for people (--format human, the default on a terminal): lines as `rg --heading -n` prints them, byte
// for byte, in ripgrep's default colours when colour is on. One view per run; RipgrepSource groups each source's.
import Bytes
import Toolbox

/// ripgrep's output of one run: headings, line numbers, separators and colours.
final class RipgrepView {
    private let output: Output
    private let color: Bool
    /// Each source's lines go under its name: set for several SOURCEs and for a directory, as rg decides.
    var headings: Bool
    /// Counts of 0 are printed too (--include-zero); otherwise, as `rg -c`, a source without a match prints nothing.
    var includeZero = false
    /// -o: only the matched parts, each line of them on its own line.
    var onlyMatching = false
    /// -A, -B or -C: groups of lines that do not follow each other are parted by `--`.
    private let showsContext: Bool
    /// The source whose lines were printed last: lines of another one start under its heading again.
    private var current: Int?
    private var sources = 0
    private var printedLines = false
    private var buffer: [UInt8] = []

    /// rg's default colours, each opened after a reset and closed with one, as rg writes them.
    private static let reset = Array("\u{1B}[0m".utf8)
    private static let pathColor = Array("\u{1B}[0m\u{1B}[35m".utf8)
    private static let numberColor = Array("\u{1B}[0m\u{1B}[32m".utf8)
    private static let matchColor = Array("\u{1B}[0m\u{1B}[1m\u{1B}[31m".utf8)

    /// The view of a run, or nil when its output is not for people (`--format human`, the default on a terminal).
    convenience init?(output: Output, sources: Int, settings: RegexSettings) {
        guard case .human = output.settings.style else { return nil }
        self.init(output: output, headings: sources > 1, showsContext: settings.before > 0 || settings.after > 0)
        includeZero = settings.includeZero
        onlyMatching = settings.onlyMatching
    }

    init(output: Output, headings: Bool, showsContext: Bool) {
        self.output = output
        color = output.settings.color
        self.headings = headings
        self.showsContext = showsContext
    }

    /// A number for a new source, which its lines name.
    func newSource() -> Int {
        sources += 1
        return sources
    }

    /// Before a group of lines of `source` starting at line `number`: its heading when another source printed last,
    /// and `--` after a gap between context groups.
    func startLines(of source: RipgrepSource, at number: Int) {
        if current != source.id {
            current = source.id
            source.lastLine = nil
            if headings {
                if printedLines { buffer.append(0x0A) }
                appendPath(source.name)
                buffer.append(0x0A)
            }
        } else if showsContext, let last = source.lastLine, number > last + 1 {
            buffer.append(contentsOf: "--\n".utf8)
        }
        printedLines = true
    }

    /// A match's part of a line (relative to the line), and what --replace puts in its place.
    struct Mark {
        let range: Range<Int>
        var replacement: [UInt8]?
    }

    /// One line: its number, `:` for a matching line or `-` for context, and its text with the marked ranges
    /// coloured (or replaced, with --replace, as `rg -r` does).
    func appendLine(number: Int, separator: UInt8, text: Span<UInt8>, marks: [Mark]) {
        if color { buffer.append(contentsOf: Self.numberColor) }
        buffer.append(contentsOf: String(number).utf8)
        if color { buffer.append(contentsOf: Self.reset) }
        buffer.append(separator)
        var at = 0
        // Matches that touch share one coloured stretch, as in rg.
        var open = false
        for mark in marks where mark.range.lowerBound >= at {
            guard mark.replacement != nil || (color && !mark.range.isEmpty) else { continue }
            let colored = color && !(mark.replacement?.isEmpty ?? mark.range.isEmpty)
            if open && (mark.range.lowerBound > at || !colored) {
                buffer.append(contentsOf: Self.reset)
                open = false
            }
            append(text, at..<mark.range.lowerBound)
            if colored && !open {
                buffer.append(contentsOf: Self.matchColor)
                open = true
            }
            if let replacement = mark.replacement {
                buffer.append(contentsOf: replacement)
            } else {
                append(text, mark.range)
            }
            at = mark.range.upperBound
        }
        if open { buffer.append(contentsOf: Self.reset) }
        append(text, at..<text.count)
        buffer.append(0x0A)
    }

    /// -c: the count of a source, after its name when there are headings (`rg -c` prints `path:count`).
    func appendCount(_ count: Int, of name: String) {
        guard count > 0 || includeZero else { return }
        if headings {
            appendPath(name)
            buffer.append(UInt8(ascii: ":"))
        }
        buffer.append(contentsOf: String(count).utf8)
        buffer.append(0x0A)
    }

    /// -l and --files-without-match: the name of a source.
    func appendListed(_ name: String) {
        appendPath(name)
        buffer.append(0x0A)
    }

    /// Writes out what was appended; on a terminal it is shown at once.
    func flush() throws(OutputError) {
        guard !buffer.isEmpty else { return }
        let bytes = buffer
        buffer.removeAll(keepingCapacity: true)
        try output.write(bytes.span)
        if output.settings.interactive { try output.flush() }
    }

    /// A source's name as rg shows it: stdin is `<stdin>`.
    private func appendPath(_ name: String) {
        if color { buffer.append(contentsOf: Self.pathColor) }
        buffer.append(contentsOf: (name == "-" ? "<stdin>" : name).utf8)
        if color { buffer.append(contentsOf: Self.reset) }
    }

    private func append(_ text: Span<UInt8>, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        Bytes.append(text.extracting(range), to: &buffer)
    }
}
