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
    private let matcher: PCRE2Matcher
    private let name: String
    private let emit: (MatchBatch) -> Bool
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
    /// After a partial match, the window must grow to this size before searching again, so a long match read in
    /// small pieces costs O(n), not O(n²).
    private var rescanAt = 0
    private var position = LinePosition()
    /// --lines: the line number of window[0].
    private var line = 1
    private var matches = 0
    private var batch: MatchBatch
    private var replacement: [UInt8] = []

    init(settings: RegexSettings, name: String, unicode: Bool, emit: @escaping (MatchBatch) -> Bool) throws(ToolError) {
        self.settings = settings
        self.name = name
        self.unicode = unicode
        self.emit = emit
        do {
            matcher = try PCRE2Matcher(settings.pattern)
        } catch {
            throw ToolError("cannot match '\(name)': \(error.message)")
        }
        context = (settings.pattern.maxLookbehind + 1) * (unicode ? 4 : 1)
        batch = MatchBatch(groupCount: settings.pattern.captureCount + 1)
    }

    /// Takes the next piece of input; false once no more is wanted.
    func feed(_ bytes: [UInt8]) throws -> Bool {
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
        _ = settings.lineMode ? try scanLines(final: true) : try scan(final: true)
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
        guard batch.count > 0 else { return }
        batch.bytes = window
        batch.base = windowBase
    }

    // MARK: The whole input as one subject

    /// Searches the window; false once no more matches are wanted.
    private func scan(final: Bool) throws -> Bool {
        let end = final ? window.count : safeEnd()
        let found = try search(upTo: end, final: final)
        attachWindow()
        guard let found else { return false }
        if !final { compact(keeping: found.keep, partial: found.partial) }
        if window.count - context > settings.maxMatchSize {
            throw ToolError(
                "a match in '\(name)' starting at byte \(windowBase + searchFrom) is longer than --max-match-size "
                    + "(\(settings.maxMatchSize) bytes)")
        }
        return true
    }

    /// Runs the matcher over `window[..<end]` from `searchFrom`; nil when no more matches are wanted, otherwise
    /// where the window must be kept from and whether a match may continue past its end. The window is only read
    /// here, through a local reference that ends with the function, so compacting it afterwards never copies it.
    private func search(upTo end: Int, final: Bool) throws -> (keep: Int, partial: Bool)? {
        let bytes = window
        let subject = bytes.span.extracting(0..<end)
        while true {
            var options: PCRE2Matcher.Options = final ? [] : .partial
            if windowBase > 0 { options.insert(.notBeginningOfLine) }
            if afterEmptyMatch { options.formUnion([.notEmptyAtStart, .anchored]) }
            switch try match(subject, from: searchFrom, options: options, at: windowBase + searchFrom) {
            case .match:
                guard let range = matcher.range(0) else { return (min(end, searchFrom), false) }
                afterEmptyMatch = range.isEmpty
                searchFrom = range.upperBound
                guard try record(subject: subject, origin: 0) else { return nil }
            case .partial:
                return (min(matcher.range(0)?.lowerBound ?? searchFrom, searchFrom), true)
            case .noMatch:
                guard afterEmptyMatch else {
                    // No match starts before `end` (one that might would have been partial): search on from there.
                    searchFrom = end
                    return (end, false)
                }
                // No non-empty match here: move one character on and search normally.
                afterEmptyMatch = false
                searchFrom = nextCharacter(after: searchFrom, in: subject)
                if searchFrom > end {
                    searchFrom = end
                    return (end, false)
                }
            }
        }
    }

    /// Drops what no future match can need, keeping `context` bytes before `keep`.
    private func compact(keeping keep: Int, partial: Bool) {
        let drop = max(0, min(keep, searchFrom) - context)
        if drop > 0 {
            if !settings.countOnly { advancePosition(to: windowBase + drop) }
            window.removeFirst(drop)
            windowBase += drop
            searchFrom -= drop
        }
        // The next search waits until the unfinished match's text has doubled: small ones go on at once, long ones
        // are not searched again after every small piece.
        rescanAt = partial ? window.count + max(window.count - (keep - drop), 1) : 0
    }

    /// Counts lines up to an absolute offset in the window (a function of its own, so its reference to the window
    /// ends before the window changes).
    private func advancePosition(to offset: Int) {
        let bytes = window
        position.advance(to: offset, in: bytes.span, base: windowBase)
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
            window.removeFirst(start)
            windowBase += start
        }
        if window.count > settings.maxMatchSize {
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
        var start = 0
        while start < bytes.count {
            let newline = Bytes.firstIndex(of: 0x0A, in: span, start..<bytes.count)
            guard let end = newline ?? (final ? bytes.count : nil) else { break }
            guard try matchLine(span.extracting(start..<end), origin: start) else { return nil }
            line += 1
            start = end + 1
        }
        return min(start, bytes.count)
    }

    /// Records every match in one line; false once no more are wanted.
    private func matchLine(_ subject: Span<UInt8>, origin: Int) throws -> Bool {
        var from = 0
        var afterEmpty = false
        while from <= subject.count {
            let options: PCRE2Matcher.Options = afterEmpty ? [.notEmptyAtStart, .anchored] : []
            guard try match(subject, from: from, options: options, at: windowBase + origin + from) == .match,
                let found = matcher.range(0)
            else {
                guard afterEmpty else { return true }
                afterEmpty = false
                from = nextCharacter(after: from, in: subject)
                continue
            }
            afterEmpty = found.isEmpty
            from = found.upperBound
            guard try record(subject: subject, origin: origin) else { return false }
        }
        return true
    }

    // MARK: Recording

    private func match(_ subject: Span<UInt8>, from offset: Int, options: PCRE2Matcher.Options, at position: Int)
        throws -> PCRE2Matcher.Outcome
    {
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

    /// Adds the matcher's last match (in `subject`, which starts at window index `origin`) to the batch; false
    /// once no more matches are wanted.
    private func record(subject: Span<UInt8>, origin: Int) throws -> Bool {
        var reported = matcher.range(0)
        if let group = settings.group { reported = matcher.range(group) }
        guard let reported else { return true }  // the --group took no part
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
            if settings.lineMode {
                batch.lines.append(line)
                batch.columns.append(Bytes.characters(in: subject, 0..<reported.lowerBound) + 1)
            } else {
                position.advance(to: windowBase + reported.lowerBound, in: subject, base: windowBase)
                batch.lines.append(position.line)
                batch.columns.append(position.column + 1)
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
        return settings.maxCount.map { matches < $0 } ?? true
    }
}
