// --lines: every line is its own subject, as grep sees it; matches cannot cross lines.
import Bytes
import PCRE2
import Toolbox

/// Finds the matches of one source, line by line.
final class LineScanner: InputHandler {
    private let reporter: MatchReporter
    private let matcher: PCRE2Matcher
    private let settings: RegexSettings
    private let unicode: Bool
    private var window: [UInt8] = []
    /// The absolute input offset of window[0], which is always the start of a line.
    private var windowBase = 0
    private var line = 1

    var recordCount: Int { reporter.recordCount }

    init(reporter: MatchReporter, settings: RegexSettings, unicode: Bool) {
        self.reporter = reporter
        matcher = reporter.matcher
        self.settings = settings
        self.unicode = unicode
    }

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        Bytes.append(bytes, to: &window)
        let buffer = window
        var start = 0
        while let newline = Bytes.firstIndex(of: 0x0A, in: buffer.span, start..<buffer.count) {
            guard try match(line: start..<newline, in: buffer) else { return false }
            line += 1
            start = newline + 1
        }
        window.removeFirst(start)
        windowBase += start
        if window.count > settings.maxMatchSize {
            throw ToolError(
                "line \(line) of '\(reporter.name)' is longer than --max-match-size (\(settings.maxMatchSize) bytes)")
        }
        return true
    }

    func finish() throws {
        let buffer = window
        if !buffer.isEmpty { guard try match(line: 0..<buffer.count, in: buffer) else { return } }
        try reporter.finish()
    }

    /// Reports every match in one line; false once no more are wanted.
    private func match(line range: Range<Int>, in buffer: [UInt8]) throws -> Bool {
        let subject = buffer.span.extracting(range)
        let base = windowBase + range.lowerBound
        var from = 0
        var afterEmptyMatch = false
        while from <= subject.count {
            let options: PCRE2Matcher.Options = afterEmptyMatch ? [.notEmptyAtStart, .anchored] : []
            let outcome: PCRE2Matcher.Outcome
            do {
                outcome = try matcher.match(subject, from: from, options: options)
            } catch {
                throw reporter.failure(error, at: base + from)
            }
            guard outcome == .match, let found = matcher.range(0) else {
                guard afterEmptyMatch else { return true }
                afterEmptyMatch = false
                from += 1
                while unicode && from < subject.count && subject[from] & 0xC0 == 0x80 { from += 1 }
                continue
            }
            let number = line
            let more = try reporter.report(bytes: buffer, subject: range, base: base) { offset in
                (number, Bytes.characters(in: subject, 0..<(offset - base)) + 1)
            }
            guard more else { return false }
            afterEmptyMatch = found.isEmpty
            from = found.upperBound
        }
        return true
    }
}
