// tb regex's search line by line (--lines, and grep's flags: -v, -A/-B/-C, --max-count counting lines): ripgrep's
// line searcher. Each line that has its newline is a subject of its own, so `^` and `$` are at line breaks and
// no match is partial; the window keeps the unfinished last line and the lines -B may still show.
import Bytes
import PCRE2
import Toolbox

/// Finds the matches of one source line by line, batch by batch.
final class LineSearch {
    private let window: MatchWindow
    private var settings: RegexSettings { window.settings }
    private var matchers: PatternMatchers { window.matchers }
    /// The number of the line that starts at window[lineFrom], the next one to match.
    private var line = 1
    /// Where in the window the next line to match starts (after the lines -B may still show).
    private var lineFrom = 0
    /// -A, -B, -C: the lines shown around the selected ones.
    private var lineContext: LineContext
    /// --max-count was reached, and the lines after the last selected one are still shown (-A).
    private var trailing = false
    /// The line of the last match recorded.
    private var lastMatchedLine = 0
    /// The column of the last match recorded: its line's start and its own (absolute offsets), and the characters
    /// between them. The next match on that line counts on from there: counting from the line's start for every
    /// match took quadratic time on a long line with many matches (6 s for 40,000 on one of 400 KB).
    private var lastColumn = (lineStart: -1, offset: 0, characters: 0)

    init(_ window: MatchWindow) {
        self.window = window
        lineContext = LineContext(before: window.settings.before, after: window.settings.after)
    }

    /// Takes the next piece of input; false once no more is wanted.
    func feed(_ bytes: [UInt8]) throws(ToolError) -> Bool {
        window.append(bytes)
        let more = try scan(final: false)
        return window.send(finished: !more) && more
    }

    /// The input ended: the last line is matched, with or without its newline.
    func finish() throws(ToolError) {
        // A newline after the input's end, as after every other line: PCRE2 10.42's JIT reads the byte after a
        // subject that ends inside a UTF-8 character.
        window.bytes.append(0x0A)
        _ = try scan(final: true)
        _ = window.send(finished: true)
    }

    /// Matches every line that has its newline (all of them at the end); false once no more are wanted.
    private func scan(final: Bool) throws(ToolError) -> Bool {
        let start = try matchLines(final: final)
        window.attach()
        guard let start else { return false }
        if !final {
            // Lines that -B may still show stay in the window.
            let keep = min(start, (lineContext.keptFrom ?? Int.max) - window.base)
            window.drop(keep)
            lineFrom = start - keep
        }
        if window.bytes.count - lineFrom > settings.maxMatchSize {
            throw ToolError(
                "line \(line) of '\(window.name)' is longer than --max-match-size (\(settings.maxMatchSize) bytes)")
        }
        return true
    }

    /// Returns where the unfinished last line starts, or nil when no more matches are wanted. Its reference to the
    /// window ends with it, so removing the lines afterwards never copies.
    private func matchLines(final: Bool) throws(ToolError) -> Int? {
        let bytes = window.bytes
        let span = bytes.span
        let length = final ? bytes.count - 1 : bytes.count  // without the newline finish() added
        var start = lineFrom
        while start < length {
            let newline = Bytes.firstIndex(of: 0x0A, in: span, start..<length)
            guard let end = newline ?? (final ? length : nil) else { break }
            // A line's text ends before its terminator, \n or \r\n; it is matched with its \r, as grep and rg match
            // it (x$ does not match x\r\n).
            let textEnd = newline != nil && end > start && span[end - 1] == 0x0D ? end - 1 : end
            guard try selectLine(span.extracting(start..<end), origin: start, textEnd: textEnd) else { return nil }
            line += 1
            start = end + 1
        }
        return min(start, bytes.count)
    }

    /// Matches one line and records what it shows: its matches, or itself with -v, and the context around it;
    /// false once no more are wanted. `textEnd`: where its text ends in the window (before a \r that ends it).
    private func selectLine(_ subject: Span<UInt8>, origin: Int, textEnd: Int) throws(ToolError) -> Bool {
        let here = LineContext.Line(number: line, start: window.base + origin, end: window.base + textEnd)
        // --max-count was reached: only the context after the last selected line is still shown, as grep does.
        if trailing {
            guard lineContext.pass(here) else { return false }
            showLine(here, selected: false)
            return lineContext.isShowingAfter
        }
        let matchesBefore = window.batch.count
        let found = window.matches
        var wanted: Bool
        if settings.invert {
            wanted = true
            if try !lineMatches(subject, origin: origin) {
                window.matches += 1
                window.matchedLines += 1
                window.batch.newLines += 1
                if settings.countOnly { window.batch.counted += 1 } else { showLine(here, selected: true) }
                wanted = !settings.firstOnly && window.isBelowMaxCount
            }
        } else {
            wanted = try matchLine(subject, origin: origin, textEnd: textEnd)
        }
        guard lineContext.isActive else { return wanted }
        if window.matches > found {
            showContext(before: matchesBefore)
        } else if lineContext.pass(here) {
            showLine(here, selected: false)
        }
        if !wanted && lineContext.isShowingAfter {
            trailing = true
            return true
        }
        return wanted
    }

    /// A line was selected: the lines -B shows before it go before its matches (or before itself, with -v: it is
    /// the last entry), `matchesBefore` being the batch's matches before them.
    private func showContext(before matchesBefore: Int) {
        let position = settings.invert ? window.batch.lineEntries.count - 1 : window.batch.lineEntries.count
        let base = window.base
        let shown = lineContext.select().map { line in
            MatchBatch.LineEntry(
                selected: false, line: line.number, range: (line.start - base)..<(line.end - base),
                matchesBefore: matchesBefore)
        }
        window.batch.lineEntries.insert(contentsOf: shown, at: position)
    }

    /// Adds a line printed whole to the batch.
    private func showLine(_ line: LineContext.Line, selected: Bool) {
        let entry = MatchBatch.LineEntry(
            selected: selected, line: line.number, range: (line.start - window.base)..<(line.end - window.base),
            matchesBefore: window.batch.count)
        window.batch.lineEntries.append(entry)
    }

    /// Whether the pattern matches anywhere in the line (-v).
    private func lineMatches(_ subject: Span<UInt8>, origin: Int) throws(ToolError) -> Bool {
        let at = window.base + origin
        if let literal = matchers.literal {
            return try window.match(subject, from: 0, options: [], at: at, with: literal) == .match
        }
        let matcher = matchers.pcre2(beyondStart: false)
        return try window.match(subject, from: 0, options: [], at: at, with: matcher) == .match
    }

    /// Records every match in one line; false once no more are wanted.
    private func matchLine(_ subject: Span<UInt8>, origin: Int, textEnd: Int) throws(ToolError) -> Bool {
        // One specialized loop per kind of matcher, not calls through `any SubjectMatcher`.
        if let literal = matchers.literal { return try matchLine(subject, origin: origin, textEnd: textEnd, literal) }
        return try matchLine(subject, origin: origin, textEnd: textEnd, matchers.pcre2(beyondStart: false))
    }

    /// `matchLine` specialized for one kind of matcher.
    private func matchLine<Matcher: SubjectMatcher>(
        _ subject: Span<UInt8>, origin: Int, textEnd: Int, _ matcher: Matcher
    ) throws(ToolError) -> Bool {
        var from = 0
        var afterEmpty = false
        while from <= subject.count {
            let outcome = try window.match(
                subject, from: from, options: afterEmpty ? .notEmptyAtStart : [], at: window.base + origin + from,
                with: matcher)
            let found = outcome == .match ? matcher.range(0) : nil
            if afterEmpty, found?.lowerBound != from {
                afterEmpty = false
                from = window.nextCharacter(after: from, in: subject)
                guard window.stands(found, from: from) else { continue }
            }
            guard let found else { break }
            afterEmpty = found.isEmpty
            from = found.upperBound
            guard try record(matcher, subject: subject, origin: origin, textEnd: textEnd) else { return false }
        }
        // --max-count counts lines: the line that reaches it is the last one read (-A's lines after it aside).
        return window.isBelowMaxCount
    }

    /// Adds `matcher`'s last match (in `subject`, the line that starts at window index `origin` and whose text
    /// ends at window index `textEnd`) to the batch; false once no more matches are wanted.
    private func record(_ matcher: some SubjectMatcher, subject: Span<UInt8>, origin: Int, textEnd: Int)
        throws(ToolError) -> Bool
    {
        guard let reported = window.reported(by: matcher) else { return true }  // the --group took no part
        // A new line, or that of the last match: --max-count N takes every match of N lines.
        if line != lastMatchedLine {
            guard window.countLine() else { return false }
            lastMatchedLine = line
        }
        window.matches += 1
        if settings.countOnly {
            window.batch.counted += 1
        } else {
            window.batch.texts.append(origin)
            window.batch.texts.append(textEnd)
            let lineStart = window.base + origin
            let offset = lineStart + reported.lowerBound
            let from =
                lastColumn.lineStart == lineStart && lastColumn.offset <= offset
                ? lastColumn : (lineStart: lineStart, offset: lineStart, characters: 0)
            let characters =
                from.characters + Bytes.characters(in: subject, (from.offset - lineStart)..<reported.lowerBound)
            lastColumn = (lineStart, offset, characters)
            try window.add(
                matcher, subject: subject, origin: origin, reported: reported, line: line, column: characters + 1)
        }
        return !settings.firstOnly
    }
}
