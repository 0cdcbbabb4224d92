// The matching side of tb regex, run on its own thread: it gets the input in pieces and finds the matches, as one
// subject (a match may span lines) in bounded memory, or line by line with --lines. A window of the input slides
// forward; PCRE2's hard partial matching says when a match might continue past the window's end, and the pattern's
// longest lookbehind says how much text before the next search must be kept.
import Bytes
import PCRE2
import Toolbox

/// Finds the matches of one source and hands them on in batches, one per piece of input.
final class MatchFinder {
    private let settings: RegexSettings
    /// The PCRE2 matchers, which a later finder on the same thread may reuse.
    let matchers: PatternMatchers
    private let name: String
    private let emit: (MatchBatch) -> Bool
    /// The pattern matches UTF-8 characters (by option or by `(*UTF)`): the window never ends inside one, and an
    /// empty match moves the search on by a whole one.
    private let unicode: Bool
    /// Where PCRE2 tries a match after the offset a search starts from: at every byte; with UTF, at every character
    /// (not on a continuation byte, even a stray one); or, for patterns that PCRE2 knows can start only there, at
    /// line starts. It makes a difference with invalid UTF-8 only, but then tb must make the same.
    private enum Place { case byte, character, lineStart }
    private let places: Place
    /// Bytes kept before the next search for lookbehinds, `\b` and multiline `^` (at least one character).
    private let context: Int
    private var window: [UInt8] = []
    /// The absolute input offset of window[0].
    private var windowBase = 0
    /// Where in the window the next search starts.
    private var searchFrom = 0
    /// `searchFrom` was moved on past places where nothing starts, not to where a match ended: the next search
    /// starts where PCRE2, searching on from an earlier offset, would try a match next (see `Place`).
    private var seeksPlace = false
    /// For a pattern with `\G` (kept for those only): the absolute offset a loop calling PCRE2 on the whole input
    /// would search from now (the end of the last match, or the character after an empty one), where `\G` matches.
    /// `searchFrom` moves past it when nothing can start in between.
    private var startOffset = 0
    /// No match can follow (an anchored pattern found none where the search started): the rest is not searched.
    private var exhausted = false
    /// The last match was empty: the next try at the same place must not be empty again.
    private var afterEmptyMatch = false
    /// After a partial match, the window must grow to this size before searching again, so a long match read in
    /// small pieces costs O(n), not O(n²).
    private var rescanAt = 0
    private var position = LinePosition()
    /// --lines: the number of the line that starts at window[lineFrom], the next one to match.
    private var line = 1
    /// --lines: where in the window the next line to match starts (after the lines -B may still show).
    private var lineFrom = 0
    /// -A, -B, -C: the lines shown around the selected ones.
    private var lineContext: LineContext
    /// --max-count was reached, and the lines after the last selected one are still shown (-A).
    private var trailing = false
    private var matches = 0
    /// Lines in which a match starts (with -v, lines selected): what --max-count counts.
    private var matchedLines = 0
    /// --lines: the line of the last match recorded.
    private var lastMatchedLine = 0
    /// The whole input as one subject: where the line of the last match ends, to tell the next match's line.
    private var startLines = StartLines()
    private var batch: MatchBatch
    private var replacement: [UInt8] = []
    /// For the terminal view (`showsLines`), the absolute offset of the last match's last byte while the line break
    /// after it is not in the window yet: the batch that brings it is sent even without matches.
    private var openLine: Int?
    /// For the terminal view: the absolute start of the last line seen, and how far the window was looked at for it.
    private var viewLine = (start: 0, scanned: 0)

    /// `matchers`: those of an earlier finder on this thread, to reuse (making them maps a JIT stack each time).
    init(
        settings: RegexSettings, name: String, matchers: PatternMatchers? = nil,
        emit: @escaping (MatchBatch) -> Bool
    ) throws(ToolError) {
        self.settings = settings
        self.name = name
        unicode = settings.pattern.isUTF
        self.emit = emit
        if let matchers {
            self.matchers = matchers
        } else {
            do {
                self.matchers = try PatternMatchers(
                    settings.pattern, literals: settings.literals, lineMode: settings.lineMode)
            } catch {
                throw ToolError("cannot match '\(name)': \(error.message)")
            }
        }
        places = settings.pattern.startsAfterNewlines ? .lineStart : unicode ? .character : .byte
        context = (settings.pattern.maxLookbehind + 1) * (unicode ? 4 : 1)
        batch = MatchBatch(groupCount: settings.pattern.captureCount + 1)
        lineContext = LineContext(before: settings.before, after: settings.after)
    }

    /// Takes the next piece of input; false once no more is wanted.
    func feed(_ bytes: [UInt8]) throws -> Bool {
        // Read on all the same: stopping would make a program writing to a pipe fail.
        guard !exhausted else {
            if openLine != nil { window.append(contentsOf: bytes) }
            return followOpenLine(final: false)
        }
        if window.isEmpty { window = bytes } else { window.append(contentsOf: bytes) }
        let more: Bool
        if settings.lineMode {
            more = try scanLines(final: false)
        } else {
            more = window.count < rescanAt ? true : try scan(final: false)
        }
        return send(finished: !more) && more
    }

    /// The input ended: the rest of the window is searched as the end of the subject.
    func finish() throws {
        // Where a subject ends inside a UTF-8 character, PCRE2 10.42's JIT reads the byte after it: let that be
        // there, and always the same, a newline (as after every line but the last with --lines).
        window.append(0x0A)
        if !exhausted {
            _ = settings.lineMode ? try scanLines(final: true) : try scan(final: true)
        } else {
            _ = followOpenLine(final: true)
        }
        _ = send(finished: true)
    }

    /// Hands on the batch so far; false when the receiver is gone.
    private func send(finished: Bool) -> Bool {
        batch.finished = finished
        guard !batch.isEmpty else { return true }
        let full = batch
        batch = MatchBatch(groupCount: full.groupCount)
        return emit(full)
    }

    /// The batch's offsets refer to the window as it is now: it keeps this version of it (sharing its storage,
    /// which the next change of the window copies).
    private func attachWindow() {
        guard batch.count > 0 || !batch.lineEntries.isEmpty || batch.endsLine else { return }
        batch.bytes = window
        batch.base = windowBase
    }

    // MARK: The whole input as one subject

    /// Searches the window; false once no more matches are wanted.
    private func scan(final: Bool) throws -> Bool {
        let end = final ? window.count - 1 : safeEnd()
        let partial = try search(upTo: end, final: final)
        closeLine()
        attachWindow()
        guard let partial else { return false }
        if exhausted {
            // The terminal view still wants the end of the last match's line.
            if openLine == nil { window = [] }
            return true
        }
        if !final { compact(partial: partial) }
        if window.count - (settings.showsLines ? max(context, searchFrom) : context) > settings.maxMatchSize {
            throw ToolError(
                "a match in '\(name)' starting at byte \(windowBase + searchFrom) is longer than --max-match-size "
                    + "(\(settings.maxMatchSize) bytes)")
        }
        return true
    }

    /// Runs the matcher over `window[..<end]` from `searchFrom`; nil when no more matches are wanted, otherwise
    /// whether a match may continue past its end. The window is only read here, through a local reference that ends
    /// with the function, so compacting it afterwards never copies it.
    private func search(upTo end: Int, final: Bool) throws -> Bool? {
        // One specialized search per kind of matcher: a call through `any SubjectMatcher` for each match costs
        // a tenth of the time of a search that prints every match.
        if let literal = matchers.literal { return try search(upTo: end, final: final) { _ in literal } }
        return try search(upTo: end, final: final) { matchers.pcre2(beyondStart: $0) }
    }

    /// `search(upTo:final:)` with `matcher(beyondStart)` giving the matcher for a search from the start offset or
    /// past it.
    private func search<Matcher: SubjectMatcher>(
        upTo end: Int, final: Bool, matcher pick: (Bool) -> Matcher
    ) throws -> Bool? {
        let bytes = window
        let subject = bytes.span.extracting(0..<end)
        // A multiline ^ fails at the subject's end after a newline, and does not make the match partial: where the
        // pattern answers otherwise when ^ matches there, the answer waits for more input.
        let endsAfterNewline = !final && end > 0 && subject[end - 1] == 0x0A
        // Where a search starts only: moveOn, which sets seeksPlace, ends a search.
        if seeksPlace {
            switch places {
            case .byte: break
            case .character:
                while searchFrom < end && subject[searchFrom] & 0xC0 == 0x80 { searchFrom += 1 }
                // Whether the byte after the window continues a character is not known yet.
                guard searchFrom < end || end < bytes.count || final else { return false }
            case .lineStart:
                // (A place moved on to is never window[0]: `context` bytes stay before it.)
                if subject[searchFrom - 1] != 0x0A {
                    guard let newline = Bytes.firstIndex(of: 0x0A, in: subject, searchFrom..<end) else {
                        searchFrom = end
                        return false
                    }
                    searchFrom = newline + 1
                }
            }
            seeksPlace = false
        }
        while true {
            var options: PCRE2Matcher.Options = final ? [] : .partial
            if windowBase > 0 { options.insert(.notBeginningOfLine) }
            if afterEmptyMatch { options.insert(.notEmptyAtStart) }
            let beyondStart = matchers.hasStartOffsetAssertion && windowBase + searchFrom != startOffset
            let matcher = pick(beyondStart)
            var outcome = try match(
                subject, from: searchFrom, options: options, at: windowBase + searchFrom, with: matcher)
            var found = matcher.range(0)
            if endsAfterNewline, let atEnd = matchers.circumflexAtEnd(beyondStart: beyondStart) {
                let other = try match(
                    subject, from: searchFrom, options: options, at: windowBase + searchFrom, with: atEnd)
                let groups = 0...settings.pattern.captureCount
                if other != outcome || groups.contains(where: { atEnd.range($0) != matcher.range($0) }) {
                    found = min(found?.lowerBound ?? end, atEnd.range(0)?.lowerBound ?? end)..<end
                    outcome = .partial
                }
            }
            // An empty match at the window's end waits for more input, to be found again by the next search from
            // there. PCRE2 10.42's JIT decides \b and \B at the subject's end after an invalid UTF-8 byte instead
            // of reporting a partial match.
            if !final && outcome == .match && found == end..<end { outcome = .partial }
            if afterEmptyMatch, outcome == .noMatch || found?.lowerBound != searchFrom {
                let next = nextCharacter(after: searchFrom, in: subject)
                // More input may still continue that character.
                guard next < end || final else { return false }
                afterEmptyMatch = false
                searchFrom = min(next, end)
                if matchers.hasStartOffsetAssertion { startOffset = windowBase + searchFrom }
                guard next <= end else { return false }
                guard outcome == .match, stands(found, from: next) else { continue }
            }
            switch outcome {
            case .match:
                guard let found else { return false }
                if final && found == end..<end && isAfterLastLine(end, in: subject) { return false }
                afterEmptyMatch = found.isEmpty
                searchFrom = found.upperBound
                if matchers.hasStartOffsetAssertion { startOffset = windowBase + searchFrom }
                guard try record(matcher, subject: subject, origin: 0, textEnd: nil) else { return nil }
            case .partial:
                // No match starts before the partial one.
                moveOn(to: found?.lowerBound ?? searchFrom)
                if isPastLastLine(found?.lowerBound ?? searchFrom, in: subject) { return nil }
                return true
            case .noMatch:
                if isPastLastLine(end, in: subject) { return nil }
                // An anchored pattern is tried where the search starts only, and that was it (unless that is the
                // window's end: PCRE2 reports no partial match for a try there that looked at nothing).
                if settings.pattern.isAnchored && (searchFrom < end || final) {
                    exhausted = true
                    return false
                }
                // None starts before `end` either (one that might would have been partial).
                moveOn(to: end)
                return false
            }
        }
    }

    /// Whether window offset `end`, the input's end, is after its last line: the input is empty or ends with a
    /// newline. No line is there, so an empty match there is on no line, and neither grep nor rg reports it.
    private func isAfterLastLine(_ end: Int, in subject: Span<UInt8>) -> Bool {
        end == 0 ? windowBase == 0 : subject[end - 1] == 0x0A
    }

    /// --max-count was reached and no match can start before window offset `offset`: whether that is past the line
    /// of the last match counted, so that no more matches are wanted.
    private func isPastLastLine(_ offset: Int, in subject: Span<UInt8>) -> Bool {
        guard let limit = settings.maxCount, matchedLines >= limit else { return false }
        return startLines.isPast(windowBase + offset, in: subject, base: windowBase)
    }

    /// No match starts between `searchFrom` and `target`: the next search starts at `target`. With `\G` in the
    /// pattern, only once `target` is far enough past `startOffset` that no lookbehind from there reaches back to
    /// it; until then searches go on starting at `startOffset`, where `\G` has its meaning.
    private func moveOn(to target: Int) {
        guard target > searchFrom else { return }
        if matchers.hasStartOffsetAssertion && windowBase + target - startOffset < context { return }
        searchFrom = target
        seeksPlace = true
    }

    /// After an empty match at some place, PCRE2 was asked for a non-empty one from there (not anchored: the JIT
    /// cannot anchor, and the interpreter is slower). An answer starting elsewhere says there is none: the search
    /// goes on from the next character, `next`. Whether that answer is also what the search from `next` finds: yes
    /// when it starts there or later (where both tried the same places), unless the pattern has `\G`, which the
    /// answer saw at the old place. A pattern that starts after newlines only is tried at `next` by that search
    /// alone.
    private func stands(_ found: Range<Int>?, from next: Int) -> Bool {
        guard let found, !matchers.hasStartOffsetAssertion else { return false }
        return places == .lineStart ? found.lowerBound == next : found.lowerBound >= next
    }

    /// No match can follow, but the terminal view waits for the end of the last one's line: the batch that holds it
    /// is sent (up to --max-match-size of line; beyond that the line is cut); false when the receiver is gone.
    private func followOpenLine(final: Bool) -> Bool {
        guard openLine != nil else { return true }
        closeLine()
        if batch.endsLine || final || window.count > settings.maxMatchSize {
            batch.endsLine = true
            attachWindow()
            openLine = nil
            window = []
            return final || send(finished: false)
        }
        return true
    }

    /// Whether the window now holds the line break after the last match (for the terminal view).
    private func closeLine() {
        guard let from = openLine else { return }
        let bytes = window
        let start = max(from - windowBase, 0)
        if start < bytes.count, Bytes.firstIndex(of: 0x0A, in: bytes.span, start..<bytes.count) != nil {
            openLine = nil
            batch.endsLine = true
        } else {
            // None up to here: the next look starts where this one ended.
            openLine = windowBase + bytes.count
        }
    }

    /// Drops what no future match can need, keeping `context` bytes before `searchFrom` (and for the terminal view
    /// the start of its line, unless that is more than --max-match-size back).
    private func compact(partial: Bool) {
        var drop = max(0, searchFrom - context)
        if settings.showsLines && drop > 0 { drop = min(drop, lineStart(before: searchFrom)) }
        if drop > 0 {
            if !settings.countOnly { advancePosition(to: windowBase + drop) }
            lookForLineEnd(upTo: windowBase + drop)
            window.removeFirst(drop)
            windowBase += drop
            searchFrom -= drop
        }
        // The next search waits until the unfinished match's text has doubled: small ones go on at once, long ones
        // are not searched again after every small piece.
        rescanAt = partial ? window.count + max(window.count - searchFrom, 1) : 0
    }

    /// Where the line holding window[index] starts, or `index` when that is more than --max-match-size back. The
    /// window is looked at once: from where the last call looked up to.
    private func lineStart(before index: Int) -> Int {
        let bytes = window
        var from = max(viewLine.scanned - windowBase, 0)
        while from < index, let newline = Bytes.firstIndex(of: 0x0A, in: bytes.span, from..<index) {
            viewLine.start = windowBase + newline + 1
            from = newline + 1
        }
        viewLine.scanned = max(viewLine.scanned, windowBase + index)
        let start = viewLine.start - windowBase
        return start < 0 || index - start > settings.maxMatchSize ? index : start
    }

    /// Counts lines up to an absolute offset in the window (a function of its own, so its reference to the window
    /// ends before the window changes).
    private func advancePosition(to offset: Int) {
        let bytes = window
        position.advance(to: offset, in: bytes.span, base: windowBase)
    }

    /// Looks for the end of the last match's line in the bytes before `offset`, which the window lets go of.
    private func lookForLineEnd(upTo offset: Int) {
        let bytes = window
        startLines.look(upTo: offset, in: bytes.span, base: windowBase)
    }

    /// The window's end, moved back before a UTF-8 character that is not complete yet: PCRE2 must not see half a
    /// character while more input may complete it.
    private func safeEnd() -> Int {
        guard unicode else { return window.count }
        var index = window.count
        while index > 0 && window.count - index < 4 {
            index -= 1
            let byte = window[index]
            if byte & 0xC0 == 0x80 { continue }
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            return index + length > window.count ? index : window.count
        }
        return window.count
    }

    private func nextCharacter(after index: Int, in subject: Span<UInt8>) -> Int {
        var next = index + 1
        if unicode {
            while next < subject.count && subject[next] & 0xC0 == 0x80 { next += 1 }
        }
        return next
    }

    // MARK: Line by line

    /// Matches every line that has its newline (all of them at the end); false once no more are wanted.
    private func scanLines(final: Bool) throws -> Bool {
        let start = try matchLines(final: final)
        attachWindow()
        guard let start else { return false }
        if !final {
            // Lines that -B may still show stay in the window.
            let keep = min(start, (lineContext.keptFrom ?? Int.max) - windowBase)
            window.removeFirst(keep)
            windowBase += keep
            lineFrom = start - keep
        }
        if window.count - lineFrom > settings.maxMatchSize {
            throw ToolError(
                "line \(line) of '\(name)' is longer than --max-match-size (\(settings.maxMatchSize) bytes)")
        }
        return true
    }

    /// Returns where the unfinished last line starts, or nil when no more matches are wanted. Its reference to the
    /// window ends with it, so removing the lines afterwards never copies.
    private func matchLines(final: Bool) throws -> Int? {
        let bytes = window
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
    private func selectLine(_ subject: Span<UInt8>, origin: Int, textEnd: Int) throws -> Bool {
        let here = LineContext.Line(number: line, start: windowBase + origin, end: windowBase + textEnd)
        // --max-count was reached: only the context after the last selected line is still shown, as grep does.
        if trailing {
            guard lineContext.pass(here) else { return false }
            showLine(here, selected: false)
            return lineContext.isShowingAfter
        }
        let matchesBefore = batch.count
        let found = matches
        var wanted: Bool
        if settings.invert {
            wanted = true
            if try !lineMatches(subject, origin: origin) {
                matches += 1
                matchedLines += 1
                batch.newLines += 1
                if settings.countOnly { batch.counted += 1 } else { showLine(here, selected: true) }
                wanted = !settings.firstOnly && settings.maxCount.map { matchedLines < $0 } ?? true
            }
        } else {
            wanted = try matchLine(subject, origin: origin, textEnd: textEnd)
        }
        guard lineContext.isActive else { return wanted }
        if matches > found {
            // The lines before it go before its matches (or before itself, with -v: it is the last entry).
            let position = settings.invert ? batch.lineEntries.count - 1 : batch.lineEntries.count
            let shown = lineContext.select().map { line in
                MatchBatch.LineEntry(
                    selected: false, line: line.number,
                    range: (line.start - windowBase)..<(line.end - windowBase), matchesBefore: matchesBefore)
            }
            batch.lineEntries.insert(contentsOf: shown, at: position)
        } else if lineContext.pass(here) {
            showLine(here, selected: false)
        }
        if !wanted && lineContext.isShowingAfter {
            trailing = true
            return true
        }
        return wanted
    }

    /// Adds a line printed whole to the batch.
    private func showLine(_ line: LineContext.Line, selected: Bool) {
        batch.lineEntries.append(
            MatchBatch.LineEntry(
                selected: selected, line: line.number, range: (line.start - windowBase)..<(line.end - windowBase),
                matchesBefore: batch.count))
    }

    /// Whether the pattern matches anywhere in the line (-v).
    private func lineMatches(_ subject: Span<UInt8>, origin: Int) throws -> Bool {
        if let literal = matchers.literal {
            return try match(subject, from: 0, options: [], at: windowBase + origin, with: literal) == .match
        }
        let matcher = matchers.pcre2(beyondStart: false)
        return try match(subject, from: 0, options: [], at: windowBase + origin, with: matcher) == .match
    }

    /// Records every match in one line; false once no more are wanted.
    private func matchLine(_ subject: Span<UInt8>, origin: Int, textEnd: Int) throws -> Bool {
        if let literal = matchers.literal { return try matchLine(subject, origin: origin, textEnd: textEnd, literal) }
        return try matchLine(subject, origin: origin, textEnd: textEnd, matchers.pcre2(beyondStart: false))
    }

    /// `matchLine` specialized for one kind of matcher.
    private func matchLine<Matcher: SubjectMatcher>(
        _ subject: Span<UInt8>, origin: Int, textEnd: Int, _ matcher: Matcher
    ) throws -> Bool {
        var from = 0
        var afterEmpty = false
        while from <= subject.count {
            let outcome = try match(
                subject, from: from, options: afterEmpty ? .notEmptyAtStart : [], at: windowBase + origin + from,
                with: matcher)
            let found = outcome == .match ? matcher.range(0) : nil
            if afterEmpty, found?.lowerBound != from {
                afterEmpty = false
                from = nextCharacter(after: from, in: subject)
                guard stands(found, from: from) else { continue }
            }
            guard let found else { break }
            afterEmpty = found.isEmpty
            from = found.upperBound
            guard try record(matcher, subject: subject, origin: origin, textEnd: textEnd) else { return false }
        }
        // --max-count counts lines: the line that reaches it is the last one read (-A's lines after it aside).
        return settings.maxCount.map { matchedLines < $0 } ?? true
    }

    // MARK: Recording

    /// One match attempt with `matcher`.
    private func match(
        _ subject: Span<UInt8>, from offset: Int, options: PCRE2Matcher.Options, at position: Int,
        with matcher: some SubjectMatcher
    ) throws -> PCRE2Matcher.Outcome {
        do {
            return try matcher.match(subject, from: offset, options: options)
        } catch {
            if error.isResourceLimit {
                throw ToolError(
                    "the pattern backtracks too much at byte \(position) of '\(name)' (\(error.message)): make it "
                        + "more specific, e.g. avoid nested quantifiers like (a+)+")
            }
            throw ToolError("cannot match at byte \(position) of '\(name)': \(error.message)")
        }
    }

    /// Adds `matcher`'s last match (in `subject`, which starts at window index `origin`; with --lines, its line,
    /// whose text ends at window index `textEnd`) to the batch; false once no more matches are wanted.
    private func record(_ matcher: some SubjectMatcher, subject: Span<UInt8>, origin: Int, textEnd: Int?) throws
        -> Bool
    {
        var reported = matcher.range(0)
        if let group = settings.group { reported = matcher.range(group) }
        guard let reported else { return true }  // the --group took no part
        // The line it starts in: a new one, or that of the last match. --max-count N takes every match of N lines.
        let start = windowBase + origin + reported.lowerBound
        let newLine =
            settings.lineMode ? line != lastMatchedLine : startLines.isNewLine(at: start, in: subject, base: windowBase)
        if newLine {
            if let limit = settings.maxCount, matchedLines >= limit { return false }
            matchedLines += 1
            batch.newLines += 1
            if settings.lineMode { lastMatchedLine = line } else { startLines.startLine(at: start) }
        }
        matches += 1
        if settings.countOnly {
            batch.counted += 1
        } else {
            for number in 0..<batch.groupCount {
                if let range = matcher.range(number) {
                    batch.groups.append(origin + range.lowerBound)
                    batch.groups.append(origin + range.upperBound)
                } else {
                    batch.groups.append(-1)
                    batch.groups.append(-1)
                }
            }
            batch.reported.append(origin + reported.lowerBound)
            batch.reported.append(origin + reported.upperBound)
            if let textEnd {
                batch.texts.append(origin)
                batch.texts.append(textEnd)
                batch.lines.append(line)
                batch.columns.append(Bytes.characters(in: subject, 0..<reported.lowerBound) + 1)
            } else {
                position.advance(to: windowBase + reported.lowerBound, in: subject, base: windowBase)
                batch.lines.append(position.line)
                batch.columns.append(position.column + 1)
                if settings.showsLines {
                    openLine = windowBase + (reported.isEmpty ? reported.lowerBound : reported.upperBound - 1)
                }
            }
            if let template = settings.replacement {
                do {
                    try matcher.appendReplacement(template, subject: subject, to: &batch.replacements)
                } catch {
                    throw ToolError(
                        "cannot fill in --replace at byte \(windowBase + origin + reported.lowerBound) of '\(name)': "
                            + error.message)
                }
                batch.replacementEnds.append(batch.replacements.count)
            }
        }
        return !settings.firstOnly
    }
}
