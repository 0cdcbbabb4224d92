// What tb regex must find: PCRE2 on the whole subject at once, for the differential tests and the fuzz target.
import PCRE2

/// The reference: PCRE2 on the whole subject at once, with the loop of pcre2demo.c. Its anchored try for a non-empty
/// match where an empty one was is made unanchored and kept only when it starts there (the same answer: PCRE2 tries
/// that place first), because PCRE2 10.42's interpreter does not anchor across invalid UTF-8. A newline follows the
/// subject in memory, as in tb: PCRE2 10.42's JIT reads it when the subject ends inside a UTF-8 character.
public enum Reference {
    /// The matches in the whole input, but for an empty match at its end after its last newline (or in an empty
    /// input): no line is there, as grep and ripgrep see it (rg #441), so tb reports none.
    public static func matches(of pattern: PCRE2Pattern, in text: [UInt8]) throws -> [Range<Int>] {
        var found = try matches(of: pattern, in: (text + [0x0A]).span.extracting(0..<text.count))
        if let last = found.last, last == text.count..<text.count, text.last ?? 0x0A == 0x0A { found.removeLast() }
        return found
    }

    public static func matches(of pattern: PCRE2Pattern, in subject: Span<UInt8>) throws -> [Range<Int>] {
        let matcher = try PCRE2Matcher(pattern)
        var found: [Range<Int>] = []
        var offset = 0
        var afterEmpty = false
        while offset <= subject.count {
            let options: PCRE2Matcher.Options = afterEmpty ? .notEmptyAtStart : []
            if try matcher.match(subject, from: offset, options: options) == .match, let range = matcher.range(0),
                !afterEmpty || range.lowerBound == offset
            {
                found.append(range)
                afterEmpty = range.isEmpty
                offset = range.upperBound
                continue
            }
            guard afterEmpty else { break }
            // No non-empty match where the empty one was: on by one character.
            afterEmpty = false
            offset += 1
            if pattern.isUTF {
                while offset < subject.count && subject[offset] & 0xC0 == 0x80 { offset += 1 }
            }
        }
        return found
    }

    /// Each line (without its newline) matched on its own, offsets in the whole subject.
    public static func lineMatches(of pattern: PCRE2Pattern, in subject: [UInt8]) throws -> [Range<Int>] {
        var found: [Range<Int>] = []
        var start = 0
        let padded = subject + [0x0A]
        while start < subject.count {
            let end = subject[start...].firstIndex(of: 0x0A) ?? subject.count
            found += try matches(of: pattern, in: padded.span.extracting(start..<end)).map { $0.shifted(by: start) }
            start = end + 1
        }
        return found
    }
}

extension Range<Int> {
    /// The range moved `offset` places on.
    public func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}
