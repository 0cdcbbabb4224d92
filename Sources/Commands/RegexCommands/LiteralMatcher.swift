// A LiteralSet searched the way MatchFinder searches with PCRE2: the first match from an offset, its range, or where
// a match may go on past the subject's end. -w and -x boundaries are PCRE2's own assertions, asked around each
// literal the automaton finds, so \w means what it means to PCRE2 (Unicode letters and digits in UTF mode).
import PCRE2

/// Finds the matches PCRE2 would find for the alternation of a set of literals. Not thread-safe; one per thread.
final class LiteralMatcher: SubjectMatcher {
    let set: LiteralSet
    /// -w: `\G(?<!\w)`; -x: `\G(?m:^)`. Asked at the place a literal starts.
    private let before: PCRE2Matcher?
    /// -w: `\G(?!\w)`; -x: `\G(?m:$)`. Asked where it ends.
    private let after: PCRE2Matcher?
    private var last: Range<Int>?
    /// The literals starting at one place, reused from one candidate to the next.
    private var candidates: [(index: Int32, length: Int)] = []

    /// `unicode`: the subject is UTF-8, as it is to the pattern PCRE2 would run (\w then knows Unicode).
    init(_ set: LiteralSet, unicode: Bool) throws(PCRE2Error) {
        self.set = set
        let options: PCRE2Pattern.Options = unicode ? .unicode : []
        let assertions: (String, String)? =
            switch set.boundary {
            case .none: nil
            case .word: (#"\G(?<!\w)"#, #"\G(?!\w)"#)
            case .line: (#"\G(?m:^)"#, #"\G(?m:$)"#)
            }
        if let (before, after) = assertions {
            self.before = try PCRE2Matcher(PCRE2Pattern(before, options: options))
            self.after = try PCRE2Matcher(PCRE2Pattern(after, options: options))
        } else {
            before = nil
            after = nil
        }
    }

    func match(_ subject: Span<UInt8>, from offset: Int, options: PCRE2Matcher.Options) throws(PCRE2Error)
        -> PCRE2Matcher.Outcome
    {
        let final = !options.contains(.partial)
        let end = subject.count
        var from = offset
        while true {
            let scan = set.scan(subject, from: from, to: end)
            let partial = final ? nil : set.partialStart(of: scan, end: end)
            if set.boundary == .none {
                if let partial {
                    last = partial..<end
                    return .partial
                }
                guard scan.start >= 0 else { return noMatch() }
                last = scan.start..<scan.end
                return .match
            }
            // The first place a literal starts (or may start, cut short by the end): PCRE2 tries nothing earlier
            // that could match. Where the boundaries turn every literal there down, the search goes on after it.
            guard let start = partial ?? (scan.start >= 0 ? scan.start : nil) else { return noMatch() }
            if let outcome = try decide(at: start, in: subject, final: final, options: options) { return outcome }
            from = start + 1
        }
    }

    /// What PCRE2's `(?<!\w)(?:l1|l2…)(?!\w)` (or -x's) answers at `start`: the alternatives in order, the first
    /// whose boundaries hold wins; one that the subject's end cuts short, or whose end boundary lies at the
    /// subject's end, makes the match partial. Nil when nothing matches there.
    private func decide(at start: Int, in subject: Span<UInt8>, final: Bool, options: PCRE2Matcher.Options)
        throws(PCRE2Error) -> PCRE2Matcher.Outcome?
    {
        guard let before, let after,
            try before.match(subject, from: start, options: options.intersection(.notBeginningOfLine)) == .match
        else { return nil }
        let end = subject.count
        let cut = set.literals(at: start, in: subject, to: end, into: &candidates)
        let unfinished = final ? Int32.max : cut
        candidates.sort { $0.index < $1.index }
        for (index, length) in candidates where index < unfinished {
            let literalEnd = start + length
            if literalEnd == end && !final {
                last = start..<end
                return .partial
            }
            if try after.match(subject, from: literalEnd, options: []) == .match {
                last = start..<literalEnd
                return .match
            }
        }
        guard unfinished == Int32.max else {
            last = start..<end
            return .partial
        }
        return nil
    }

    private func noMatch() -> PCRE2Matcher.Outcome {
        last = nil
        return .noMatch
    }

    func range(_ number: Int) -> Range<Int>? {
        number == 0 ? last : nil
    }

    /// The literals have no groups, so a --replace template that passed `ReplacementTemplate.check` holds only `$$`
    /// and references to group 0 (`$0`, `${0}`): the same text pcre2_substitute would make.
    func appendReplacement(_ replacement: [UInt8], subject: Span<UInt8>, to output: inout [UInt8]) {
        let dollar = UInt8(ascii: "$")
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        var index = 0
        while index < replacement.count {
            let byte = replacement[index]
            index += 1
            guard byte == dollar, index < replacement.count else {
                output.append(byte)
                continue
            }
            if replacement[index] == dollar {
                output.append(dollar)
                index += 1
                continue
            }
            let braced = replacement[index] == UInt8(ascii: "{")
            if braced { index += 1 }
            while index < replacement.count && isDigit(replacement[index]) { index += 1 }
            if braced { index += 1 }
            if let last {
                for offset in last { output.append(subject[offset]) }
            }
        }
    }
}
