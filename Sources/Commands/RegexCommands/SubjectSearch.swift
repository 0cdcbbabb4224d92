// tb regex's search of the whole input as one subject (a match may span lines), in bounded memory: ripgrep's
// multi-line searcher. The window slides forward; PCRE2's hard partial matching says when a match might continue
// past the window's end, and the pattern's longest lookbehind says how much text before the next search must be
// kept. Which line a match starts in is found without numbering every line (`StartLines`, `LinePosition`).
import Bytes
import PCRE2
import Toolbox

/// Finds the matches of one source searched as one subject, batch by batch.
final class SubjectSearch {
    private let window: MatchWindow
    private var settings: RegexSettings { window.settings }
    private var matchers: PatternMatchers { window.matchers }
    /// Bytes kept before the next search for lookbehinds, `\b` and multiline `^` (at least one character).
    private let context: Int
    /// Where in the window the next search starts.
    private var searchFrom = 0
    /// `searchFrom` was moved on past places where nothing starts, not to where a match ended: the next search
    /// starts where PCRE2, searching on from an earlier offset, would try a match next (see `StartPlace`).
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
    /// Where the line of the last match ends, to tell the next match's line.
    private var startLines = StartLines()
    /// For the terminal view (`showsLines`), the absolute offset of the last match's last byte while the line break
    /// after it is not in the window yet: the batch that brings it is sent even without matches.
    private var openLine: Int?
    /// For the terminal view: the absolute start of the last line seen, and how far the window was looked at for it.
    private var viewLine = (start: 0, scanned: 0)

    init(_ window: MatchWindow) {
        self.window = window
        context = (window.settings.pattern.maxLookbehind + 1) * (window.unicode ? 4 : 1)
    }

    /// Takes the next piece of input; false once no more is wanted.
    func feed(_ bytes: [UInt8]) throws(ToolError) -> Bool {
        // Read on all the same: stopping would make a program writing to a pipe fail.
        guard !exhausted else {
            if openLine != nil { window.append(bytes) }
            return followOpenLine(final: false)
        }
        window.append(bytes)
        let more = window.bytes.count < rescanAt ? true : try scan(final: false)
        return window.send(finished: !more) && more
    }

    /// The input ended: the rest of the window is searched as the end of the subject.
    func finish() throws(ToolError) {
        // Where a subject ends inside a UTF-8 character, PCRE2 10.42's JIT reads the byte after it: let that be
        // there, and always the same, a newline (as after every line but the last with --lines).
        window.bytes.append(0x0A)
        if !exhausted {
            _ = try scan(final: true)
        } else {
            _ = followOpenLine(final: true)
        }
        _ = window.send(finished: true)
    }

    /// Searches the window; false once no more matches are wanted.
    private func scan(final: Bool) throws(ToolError) -> Bool {
        let end = final ? window.bytes.count - 1 : safeEnd()
        let partial = try search(upTo: end, final: final)
        closeLine()
        window.attach()
        guard let partial else { return false }
        if exhausted {
            // The terminal view still wants the end of the last match's line.
            if openLine == nil { window.bytes = [] }
            return true
        }
        if !final { compact(partial: partial) }
        if window.bytes.count - (settings.showsLines ? max(context, searchFrom) : context) > settings.maxMatchSize {
            throw ToolError(
                "a match in '\(window.name)' starting at byte \(window.base + searchFrom) is longer than "
                    + "--max-match-size (\(settings.maxMatchSize) bytes)")
        }
        return true
    }

    /// Runs the matcher over `window.bytes[..<end]` from `searchFrom`; nil when no more matches are wanted,
    /// otherwise whether a match may continue past its end.
    private func search(upTo end: Int, final: Bool) throws(ToolError) -> Bool? {
        // One specialized search per kind of matcher: a call through `any SubjectMatcher` for each match costs
        // a tenth of the time of a search that prints every match.
        if let literal = matchers.literal { return try search(upTo: end, final: final) { _ in literal } }
        return try search(upTo: end, final: final) { matchers.pcre2(beyondStart: $0) }
    }

    /// `search(upTo:final:)` with `matcher(beyondStart)` giving the matcher for a search from the start offset or
    /// past it. The window is only read here, through a local reference that ends with the function, so compacting
    /// it afterwards never copies it.
    private func search<Matcher: SubjectMatcher>(
        upTo end: Int, final: Bool, matcher pick: (Bool) -> Matcher
    ) throws(ToolError) -> Bool? {
        let bytes = window.bytes
        let subject = bytes.span.extracting(0..<end)
        guard seekPlace(in: subject, end: end, cut: end < bytes.count || final) else { return false }
        // A multiline ^ fails at the subject's end after a newline, and does not make the match partial: where the
        // pattern answers otherwise when ^ matches there, the answer waits for more input.
        let endsAfterNewline = !final && end > 0 && subject[end - 1] == 0x0A
        // Chosen once here rather than for every match: the per-match work is what a count pays above PCRE2's.
        var baseOptions: PCRE2Matcher.Options = final ? [] : .partial
        if window.base > 0 { baseOptions.insert(.notBeginningOfLine) }
        let hasStartOffsetAssertion = matchers.hasStartOffsetAssertion
        // Changed only when the kind of search changes: a matcher chosen per match was retained and released per
        // match (a twentieth of a count's time).
        var matcher = pick(false)
        var matcherIsBeyondStart = false
        while true {
            var options = baseOptions
            if afterEmptyMatch { options.insert(.notEmptyAtStart) }
            let beyondStart = hasStartOffsetAssertion && window.base + searchFrom != startOffset
            if beyondStart != matcherIsBeyondStart {
                matcher = pick(beyondStart)
                matcherIsBeyondStart = beyondStart
            }
            let at = window.base + searchFrom
            var outcome = try window.match(subject, from: searchFrom, options: options, at: at, with: matcher)
            var found = matcher.range(0)
            if endsAfterNewline, let atEnd = matchers.circumflexAtEnd(beyondStart: beyondStart) {
                let other = try window.match(subject, from: searchFrom, options: options, at: at, with: atEnd)
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
                let next = window.nextCharacter(after: searchFrom, in: subject)
                // More input may still continue that character.
                guard next < end || final else { return false }
                afterEmptyMatch = false
                searchFrom = min(next, end)
                if matchers.hasStartOffsetAssertion { startOffset = window.base + searchFrom }
                guard next <= end else { return false }
                guard outcome == .match, window.stands(found, from: next) else { continue }
            }
            switch outcome {
            case .match:
                guard let found else { return false }
                if final && found == end..<end && isAfterLastLine(end, in: subject) { return false }
                afterEmptyMatch = found.isEmpty
                searchFrom = found.upperBound
                if matchers.hasStartOffsetAssertion { startOffset = window.base + searchFrom }
                guard try record(matcher, subject: subject) else { return nil }
            case .partial:
                // No match starts before the partial one.
                moveOn(to: found?.lowerBound ?? searchFrom)
                return isPastLastLine(found?.lowerBound ?? searchFrom, in: subject) ? nil : true
            case .noMatch:
                return try noMatch(upTo: end, in: subject, final: final)
            }
        }
    }

    /// Where a search starts, after `moveOn` moved `searchFrom` past places where nothing starts: the next place
    /// PCRE2 would try (see `StartPlace`). False when there is none before `end`, or whether there is one is not known
    /// yet; `cut`: the window goes on after `end`, or the input ends there.
    private func seekPlace(in subject: Span<UInt8>, end: Int, cut: Bool) -> Bool {
        guard seeksPlace else { return true }
        switch window.places {
        case .byte: break
        case .character:
            while searchFrom < end && subject[searchFrom] & 0xC0 == 0x80 { searchFrom += 1 }
            // Whether the byte after the window continues a character is not known yet.
            guard searchFrom < end || cut else { return false }
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
        return true
    }

    /// No match starts from `searchFrom` up to `end`: nil when no more matches are wanted, otherwise false (none
    /// may continue past `end`).
    private func noMatch(upTo end: Int, in subject: Span<UInt8>, final: Bool) throws(ToolError) -> Bool? {
        if isPastLastLine(end, in: subject) { return nil }
        // An anchored pattern is tried where the search starts only, and that was it (unless that is the window's
        // end: PCRE2 reports no partial match for a try there that looked at nothing).
        if settings.pattern.isAnchored && (searchFrom < end || final) {
            exhausted = true
            return false
        }
        // None starts before `end` either (one that might would have been partial).
        moveOn(to: end)
        return false
    }

    /// Whether window offset `end`, the input's end, is after its last line: the input is empty or ends with a
    /// newline. No line is there, so an empty match there is on no line, and neither grep nor rg reports it.
    private func isAfterLastLine(_ end: Int, in subject: Span<UInt8>) -> Bool {
        end == 0 ? window.base == 0 : subject[end - 1] == 0x0A
    }

    /// --max-count was reached and no match can start before window offset `offset`: whether that is past the line
    /// of the last match counted, so that no more matches are wanted.
    private func isPastLastLine(_ offset: Int, in subject: Span<UInt8>) -> Bool {
        guard !window.isBelowMaxCount else { return false }
        return startLines.isPast(window.base + offset, in: subject, base: window.base)
    }

    /// No match starts between `searchFrom` and `target`: the next search starts at `target`. With `\G` in the
    /// pattern, only once `target` is far enough past `startOffset` that no lookbehind from there reaches back to
    /// it; until then searches go on starting at `startOffset`, where `\G` has its meaning.
    private func moveOn(to target: Int) {
        guard target > searchFrom else { return }
        if matchers.hasStartOffsetAssertion && window.base + target - startOffset < context { return }
        searchFrom = target
        seeksPlace = true
    }

    /// Adds `matcher`'s last match to the batch; false once no more matches are wanted.
    private func record(_ matcher: some SubjectMatcher, subject: Span<UInt8>) throws(ToolError) -> Bool {
        guard let reported = window.reported(by: matcher) else { return true }  // the --group took no part
        // The line it starts in: a new one, or that of the last match. --max-count N takes every match of N lines.
        let start = window.base + reported.lowerBound
        let isNewLine: Bool
        if settings.countOnly {
            isNewLine = startLines.isNewLine(at: start, in: subject, base: window.base)
        } else {
            position.advance(to: start, in: subject, base: window.base)
            isNewLine = startLines.isNewLine(line: position.line)
        }
        if isNewLine {
            guard window.countLine() else { return false }
            startLines.startLine(at: start, line: settings.countOnly ? nil : position.line)
        }
        window.matches += 1
        if settings.countOnly {
            window.batch.counted += 1
        } else {
            try window.add(
                matcher, subject: subject, origin: 0, reported: reported, line: position.line,
                column: position.column + 1)
            if settings.showsLines {
                openLine = window.base + (reported.isEmpty ? reported.lowerBound : reported.upperBound - 1)
            }
        }
        return !settings.firstOnly
    }

    // MARK: The window

    /// Drops what no future match can need, keeping `context` bytes before `searchFrom` (and for the terminal view
    /// the start of its line, unless that is more than --max-match-size back).
    private func compact(partial: Bool) {
        var drop = max(0, searchFrom - context)
        if settings.showsLines && drop > 0 { drop = min(drop, lineStart(before: searchFrom)) }
        if drop > 0 {
            if !settings.countOnly { advancePosition(to: window.base + drop) }
            lookForLineEnd(upTo: window.base + drop)
            window.drop(drop)
            searchFrom -= drop
        }
        // The next search waits until the unfinished match's text has doubled: small ones go on at once, long ones
        // are not searched again after every small piece.
        rescanAt = partial ? window.bytes.count + max(window.bytes.count - searchFrom, 1) : 0
    }

    /// Counts lines up to an absolute offset in the window (a function of its own, so its reference to the window
    /// ends before the window changes).
    private func advancePosition(to offset: Int) {
        let bytes = window.bytes
        position.advance(to: offset, in: bytes.span, base: window.base)
    }

    /// Looks for the end of the last match's line in the bytes before `offset`, which the window lets go of.
    private func lookForLineEnd(upTo offset: Int) {
        let bytes = window.bytes
        startLines.look(upTo: offset, in: bytes.span, base: window.base)
    }

    /// The window's end, moved back before a UTF-8 character that is not complete yet: PCRE2 must not see half a
    /// character while more input may complete it.
    private func safeEnd() -> Int {
        let count = window.bytes.count
        guard window.unicode else { return count }
        var index = count
        while index > 0 && count - index < 4 {
            index -= 1
            let byte = window.bytes[index]
            if byte & 0xC0 == 0x80 { continue }
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            return index + length > count ? index : count
        }
        return count
    }

    // MARK: The terminal view's line

    /// No match can follow, but the terminal view waits for the end of the last one's line: the batch that holds it
    /// is sent (up to --max-match-size of line; beyond that the line is cut); false when the receiver is gone.
    private func followOpenLine(final: Bool) -> Bool {
        guard openLine != nil else { return true }
        closeLine()
        if window.batch.endsLine || final || window.bytes.count > settings.maxMatchSize {
            window.batch.endsLine = true
            window.attach()
            openLine = nil
            window.bytes = []
            return final || window.send(finished: false)
        }
        return true
    }

    /// Whether the window now holds the line break after the last match (for the terminal view).
    private func closeLine() {
        guard let from = openLine else { return }
        let bytes = window.bytes
        let start = max(from - window.base, 0)
        if start < bytes.count, Bytes.firstIndex(of: 0x0A, in: bytes.span, start..<bytes.count) != nil {
            openLine = nil
            window.batch.endsLine = true
        } else {
            // None up to here: the next look starts where this one ended.
            openLine = window.base + bytes.count
        }
    }

    /// Where the line holding window[index] starts, or `index` when that is more than --max-match-size back. The
    /// window is looked at once: from where the last call looked up to.
    private func lineStart(before index: Int) -> Int {
        let bytes = window.bytes
        var from = max(viewLine.scanned - window.base, 0)
        while from < index, let newline = Bytes.firstIndex(of: 0x0A, in: bytes.span, from..<index) {
            viewLine.start = window.base + newline + 1
            from = newline + 1
        }
        viewLine.scanned = max(viewLine.scanned, window.base + index)
        let start = viewLine.start - window.base
        return start < 0 || index - start > settings.maxMatchSize ? index : start
    }
}
