// Which characters a literal's characters match under -i in UTF mode, asked of PCRE2 itself, whose Unicode tables
// decide it: simple case folding, and its sets of more than two (k, K and U+212A KELVIN SIGN; s, S and U+017F).
import PCRE2

/// PCRE2's caseless equivalents of characters, for the literal set's automaton.
enum LiteralCaseFolding {
    /// For each of `scalars`, every character PCRE2 matches for it caselessly with `options` (itself included), in
    /// code point order; nil if PCRE2 cannot say (it always can).
    ///
    /// First one search over every character that may have a case (PCRE2 10.42 knows Unicode 14, which has none past
    /// U+1FFFF) with a class of all of them, which finds every partner; then each character against those partners.
    static func equivalents(of scalars: [Unicode.Scalar], options: PCRE2Pattern.Options) -> [UInt32: [UInt32]]? {
        guard !scalars.isEmpty else { return [:] }
        let caseless = options.union(.caseless)
        var universe: [UInt8] = []
        universe.reserveCapacity(500_000)
        for value in UInt32(0)...0x1FFFF {
            if let scalar = Unicode.Scalar(value) { UTF8.encode(scalar) { universe.append($0) } }
        }
        let listed = scalars.map { "\\x{" + String($0.value, radix: 16) + "}" }.joined()
        guard let partners = matches(of: "[" + listed + "]", in: universe, options: caseless) else { return nil }
        var subject: [UInt8] = []
        for partner in partners { UTF8.encode(partner) { subject.append($0) } }
        var result: [UInt32: [UInt32]] = [:]
        for scalar in scalars {
            guard let own = matches(of: "\\x{" + String(scalar.value, radix: 16) + "}", in: subject, options: caseless)
            else { return nil }
            result[scalar.value] = Array(Set(own.map(\.value) + [scalar.value])).sorted()
        }
        return result
    }

    /// The characters `pattern` (one character long) matches in `subject`, in order.
    private static func matches(of pattern: String, in subject: [UInt8], options: PCRE2Pattern.Options)
        -> [Unicode.Scalar]?
    {
        guard let compiled = try? PCRE2Pattern(pattern, options: options),
            let matcher = try? PCRE2Matcher(compiled)
        else { return nil }
        var found: [Unicode.Scalar] = []
        var offset = 0
        while offset < subject.count {
            guard let outcome = try? matcher.match(subject.span, from: offset), outcome == .match,
                let range = matcher.range(0), !range.isEmpty
            else { break }
            if let scalar = String(decoding: subject[range], as: UTF8.self).unicodeScalars.first {
                found.append(scalar)
            }
            offset = range.upperBound
        }
        return found
    }
}
