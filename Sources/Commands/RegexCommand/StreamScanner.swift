// Matching across the whole input as one subject (a match may span lines) in bounded memory: a window of the
// input slides forward; PCRE2's hard partial matching says when a match might continue past the window's end,
// and the pattern's longest lookbehind says how much text before the next search must be kept.
import Bytes
import PCRE2
import Toolbox

/// Finds the matches of one source, read piece by piece.
final class StreamScanner: InputHandler {
    private let reporter: MatchReporter
    private let matcher: PCRE2Matcher
    private let settings: RegexSettings
    private let unicode: Bool
    /// Bytes kept before the next search for lookbehinds, `\b` and multiline `^` (at least one character).
    private let context: Int
    private var window: [UInt8] = []
    /// The absolute input offset of window[0].
    private var windowBase = 0
    /// Where in the window the next search starts.
    private var searchFrom = 0
    /// The last match was empty: the next try at the same place must not be empty again.
    private var afterEmptyMatch = false
    /// After a partial match, the window must grow to this size before searching again, so a long match read
    /// in small pieces costs O(n log n), not O(n²).
    private var rescanAt = 0
    private var position = LinePosition()

    var recordCount: Int { reporter.recordCount }

    init(reporter: MatchReporter, settings: RegexSettings, unicode: Bool) {
        self.reporter = reporter
        matcher = reporter.matcher
        self.settings = settings
        self.unicode = unicode
        context = (settings.pattern.maxLookbehind + 1) * (unicode ? 4 : 1)
    }

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        Bytes.append(bytes, to: &window)
        if window.count < rescanAt { return true }
        return try scan(final: false)
    }

    func finish() throws {
        if try scan(final: true) { try reporter.finish() }
    }

    /// Searches the window; returns false when the reporter wants no more matches.
    private func scan(final: Bool) throws -> Bool {
        let end = final ? window.count : safeEnd()
        var keepFrom = end
        var partial = false
        let bytes = window
        let subject = bytes.span.extracting(0..<end)
        search: while true {
            var options: PCRE2Matcher.Options = final ? [] : .partial
            if windowBase > 0 { options.insert(.notBeginningOfLine) }
            if afterEmptyMatch { options.formUnion([.notEmptyAtStart, .anchored]) }
            let outcome: PCRE2Matcher.Outcome
            do {
                outcome = try matcher.match(subject, from: searchFrom, options: options)
            } catch {
                throw reporter.failure(error, at: windowBase + searchFrom)
            }
            switch outcome {
            case .match:
                guard let range = matcher.range(0) else { break search }
                let more = try reporter.report(bytes: bytes, subject: 0..<end, base: windowBase) { offset in
                    self.locate(offset, in: bytes)
                }
                guard more else { return false }
                afterEmptyMatch = range.isEmpty
                searchFrom = range.upperBound
            case .partial:
                keepFrom = matcher.range(0)?.lowerBound ?? searchFrom
                partial = true
                break search
            case .noMatch:
                guard afterEmptyMatch else { break search }
                // No non-empty match here: move one character on and search normally.
                afterEmptyMatch = false
                searchFrom = nextCharacter(after: searchFrom, in: subject)
                if searchFrom > end {
                    searchFrom = end
                    break search
                }
            }
        }
        if final { return true }
        compact(keeping: min(keepFrom, searchFrom), partial: partial)
        return true
    }

    /// Drops what no future match can need, keeping `context` bytes before `keep`.
    private func compact(keeping keep: Int, partial: Bool) {
        let drop = max(0, keep - context)
        if drop > 0 {
            if reporter.needsPositions {
                let bytes = window
                position.advance(to: windowBase + drop, in: bytes.span, base: windowBase)
            }
            window.removeFirst(drop)
            windowBase += drop
            searchFrom -= drop
        }
        rescanAt = partial ? window.count + max(window.count - (keep - drop), 4096) : 0
    }

    /// The line and column of an absolute offset inside the current window.
    private func locate(_ offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        position.advance(to: offset, in: bytes.span, base: windowBase)
        return (position.line, position.column + 1)
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

    /// Checked after every piece: a window this large means one match is longer than allowed.
    func checkSize() throws {
        if window.count - context > settings.maxMatchSize {
            throw ToolError(
                "a match in '\(reporter.name)' starting at byte \(windowBase + searchFrom) is longer than "
                    + "--max-match-size (\(settings.maxMatchSize) bytes)")
        }
    }
}
