// What the two ways tb regex searches share (SubjectSearch: the input as one subject; LineSearch: line by line), as
// ripgrep's searchers share one core: the window of the input that slides forward, the batch it fills, the counts
// that --max-count and --first limit, and the call to the matcher with its errors. The strategies own one each and
// decide everything about lines. It is a class: a struct stored in theirs was copied whole, a score of references
// retained and released, by every call of its methods in their loops (count runs took 1.4 to 1.9 times as long).
import Bytes
import PCRE2
import Toolbox

/// The input of one source not let go of yet, and what has been found in it since the last batch was sent.
final class MatchWindow {
    let settings: RegexSettings
    /// The PCRE2 matchers, which a later finder on the same thread may reuse.
    let matchers: PatternMatchers
    let name: String
    private let emit: (MatchBatch) -> Bool
    /// The pattern matches UTF-8 characters (by option or by `(*UTF)`): the window never ends inside one, and an
    /// empty match moves the search on by a whole one.
    let unicode: Bool
    /// Where PCRE2 tries a match after the offset a search starts from.
    let places: StartPlace
    var bytes: [UInt8] = []
    /// The absolute input offset of bytes[0].
    var base = 0
    var batch: MatchBatch
    /// Matches recorded (with -v, lines selected).
    var matches = 0
    /// Lines in which a match starts (with -v, lines selected): what --max-count counts.
    var matchedLines = 0

    /// `matchers`: those of an earlier finder on this thread, to reuse (making them maps a JIT stack each time).
    init(
        settings: RegexSettings, name: String, matchers: PatternMatchers?, emit: @escaping (MatchBatch) -> Bool
    ) throws(ToolError) {
        self.settings = settings
        self.name = name
        self.emit = emit
        unicode = settings.pattern.isUTF
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
        batch = MatchBatch(groupCount: settings.pattern.captureCount + 1)
    }

    /// Adds the next piece of input at the end.
    func append(_ piece: [UInt8]) {
        if bytes.isEmpty { bytes = piece } else { bytes.append(contentsOf: piece) }
    }

    /// Lets go of the first `count` bytes.
    func drop(_ count: Int) {
        bytes.removeFirst(count)
        base += count
    }

    /// Hands on the batch so far; false when the receiver is gone.
    func send(finished: Bool) -> Bool {
        batch.finished = finished
        guard !batch.isEmpty else { return true }
        let full = batch
        batch = MatchBatch(groupCount: full.groupCount)
        return emit(full)
    }

    /// The batch's offsets refer to the window as it is now: it keeps this version of it (sharing its storage,
    /// which the next change of the window copies).
    func attach() {
        guard batch.count > 0 || !batch.lineEntries.isEmpty || batch.endsLine else { return }
        batch.bytes = bytes
        batch.base = base
    }

    /// Fewer lines than --max-count have matched: more are wanted.
    var isBelowMaxCount: Bool { settings.maxCount.map { matchedLines < $0 } ?? true }

    /// A match starts a line no earlier match started in: false when --max-count lines have matched already,
    /// otherwise the line is counted.
    func countLine() -> Bool {
        if let limit = settings.maxCount, matchedLines >= limit { return false }
        matchedLines += 1
        batch.newLines += 1
        return true
    }

    /// The range a match reports: group 0's, or --group's; nil when that group took no part.
    func reported(by matcher: some SubjectMatcher) -> Range<Int>? {
        if let group = settings.group { return matcher.range(group) }
        return matcher.range(0)
    }

    /// Adds `matcher`'s last match (in `subject`, which starts at window index `origin`) to the batch for printing:
    /// its groups, the `reported` range, its line and column, and its --replace text.
    func add(
        _ matcher: some SubjectMatcher, subject: Span<UInt8>, origin: Int, reported: Range<Int>, line: Int,
        column: Int
    ) throws(ToolError) {
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
        batch.lines.append(line)
        batch.columns.append(column)
        guard let template = settings.replacement else { return }
        do {
            try matcher.appendReplacement(template, subject: subject, to: &batch.replacements)
        } catch {
            throw ToolError(
                "cannot fill in --replace at byte \(base + origin + reported.lowerBound) of '\(name)': "
                    + error.message)
        }
        batch.replacementEnds.append(batch.replacements.count)
    }

    /// One match attempt with `matcher`; `position` is the absolute offset of `offset`, for the error messages.
    func match(
        _ subject: Span<UInt8>, from offset: Int, options: PCRE2Matcher.Options, at position: Int,
        with matcher: some SubjectMatcher
    ) throws(ToolError) -> PCRE2Matcher.Outcome {
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

    /// Where the character after the one at `index` starts.
    func nextCharacter(after index: Int, in subject: Span<UInt8>) -> Int {
        var next = index + 1
        if unicode {
            while next < subject.count && subject[next] & 0xC0 == 0x80 { next += 1 }
        }
        return next
    }

    /// After an empty match at some place, PCRE2 was asked for a non-empty one from there (not anchored: the JIT
    /// cannot anchor, and the interpreter is slower). An answer starting elsewhere says there is none: the search
    /// goes on from the next character, `next`. Whether that answer is also what the search from `next` finds: yes
    /// when it starts there or later (where both tried the same places), unless the pattern has `\G`, which the
    /// answer saw at the old place. A pattern that starts after newlines only is tried at `next` by that search
    /// alone.
    func stands(_ found: Range<Int>?, from next: Int) -> Bool {
        guard let found, !matchers.hasStartOffsetAssertion else { return false }
        return places == .lineStart ? found.lowerBound == next : found.lowerBound >= next
    }
}
