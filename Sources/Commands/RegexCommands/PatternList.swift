// The one PCRE2 pattern tb regex compiles from the patterns it was given (PATTERN, each -e, the lines of each -f):
// made literal by -F, whole words by -w or whole lines by -x, and joined as alternatives.
import PCRE2
import POSIX
import Toolbox

/// The patterns of a run and how to read them, compiled into one.
///
/// One pattern without -w or -x is compiled as given (-F: as a PCRE2 literal). Several are joined as
/// `(?:p1)|(?:p2)`, so their capture groups are numbered through all of them in order (the first pattern's groups
/// are 1…n, the second's follow); -w wraps the whole as `(?<!\w)(?:…)(?!\w)`, as rg does, and -x as
/// `(?m:^)(?:…)(?m:$)`. Verbs such as `(*UTF)` at the start of any pattern are moved to the front, where PCRE2
/// reads them; they apply to all. Inline flags such as `(?i)` stay inside their own pattern's group.
struct PatternList {
    /// Each pattern's bytes, as the shell or the file gave them.
    var patterns: [[UInt8]]
    /// -F: every pattern is a literal string.
    var fixed = false
    /// -w: matches must not have a word character just before or after them.
    var word = false
    /// -x: matches must be whole lines (wins over -w, as in grep).
    var line = false

    /// The most a -f file may hold. PCRE2 compiles no pattern of more than 64K code units (a few thousand words)
    /// anyway; the limit only stops a huge file from being read whole first.
    static let fileLimit = 1 << 20

    /// The patterns of a -f file: one per line, the line break not included (an empty line is an empty pattern,
    /// which matches everywhere; an empty file has none).
    static func lines(ofFile path: String) throws(ToolError) -> [[UInt8]] {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(path, limit: fileLimit)
        } catch {
            throw ToolError("cannot read pattern file '\(path)': \(error.reason)")
        }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if bytes.last == 0x0A || bytes.isEmpty { lines.removeLast() }
        return lines
    }

    /// Compiles the patterns into one; a pattern PCRE2 refuses is a usage error that names it. `jit`: false when a
    /// LiteralSet does the matching, so PCRE2 only checks the patterns and tells their shape (without the JIT's
    /// compile time, 11 ms for 700 literals).
    func compile(options: PCRE2Pattern.Options, jit: Bool = true) throws(UsageError) -> PCRE2Pattern {
        // No pattern (an empty -f file) matches nothing, as grep's.
        guard !patterns.isEmpty else { return try Self.compile(Array("(?!)".utf8), options: options, named: nil) }
        if patterns.count == 1 && !word && !line {
            return try Self.compile(
                patterns[0], options: fixed ? options.union(.literal) : options, named: nil)
        }
        var verbs: [[UInt8]] = []
        var alternatives: [[UInt8]] = []
        for pattern in patterns {
            if fixed {
                alternatives.append(Self.escaped(pattern))
                continue
            }
            let own = Self.leadingVerbs(in: pattern)
            for verb in own where !verbs.contains(verb) { verbs.append(verb) }
            let start = own.reduce(0) { $0 + $1.count }
            alternatives.append(Self.closed(Array(pattern[start...]), verbs: own.joined(), options: options))
        }
        var body = Array("(?:".utf8) + alternatives.joined(separator: Array(")|(?:".utf8)) + Array(")".utf8)
        if line {
            body = Array("(?m:^)(?:".utf8) + body + Array(")(?m:$)".utf8)
        } else if word {
            body = Array(#"(?<!\w)(?:"#.utf8) + body + Array(#")(?!\w)"#.utf8)
        }
        do {
            return try PCRE2Pattern((jit ? [] : Array("(*NO_JIT)".utf8)) + verbs.joined() + body, options: options)
        } catch {
            // Which pattern is at fault, with its offset in itself; otherwise it is how they combine (two groups of
            // the same name, say).
            for (number, pattern) in patterns.enumerated() where !fixed {
                if let own = PCRE2Pattern.check(pattern, options: options) {
                    throw Self.invalid(own, named: patterns.count > 1 ? (number + 1, pattern) : nil)
                }
            }
            throw UsageError("cannot combine the patterns: \(error.message)")
        }
    }

    private static func compile(_ pattern: [UInt8], options: PCRE2Pattern.Options, named: (Int, [UInt8])?)
        throws(UsageError) -> PCRE2Pattern
    {
        do {
            return try PCRE2Pattern(pattern, options: options)
        } catch {
            throw invalid(error, named: named)
        }
    }

    private static func invalid(_ error: PCRE2Error, named: (Int, [UInt8])?) -> UsageError {
        let which = named.map { " \($0.0) ('\(String(decoding: $0.1, as: UTF8.self))')" } ?? ""
        return UsageError("invalid pattern\(which) at offset \(error.offset ?? 0): \(error.message)")
    }

    /// Every ASCII byte that is not a letter or digit behind a backslash, which PCRE2 reads as that byte itself
    /// (also under --extended); other bytes stand for themselves anyway.
    static func escaped(_ pattern: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(pattern.count * 2)
        for byte in pattern {
            let alphanumeric =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if byte < 0x80 && !alphanumeric { result.append(0x5C) }
            result.append(byte)
        }
        return result
    }

    /// The verbs at the start of `pattern` that set options, which PCRE2 recognizes only at the very start:
    /// `(*UTF)`, `(*NO_JIT)`, `(*LIMIT_MATCH=10)` and the like (not the backtracking ones, `(*FAIL)`…).
    static func leadingVerbs(in pattern: [UInt8]) -> [[UInt8]] {
        let backtracking: Set<String> = ["ACCEPT", "FAIL", "F", "COMMIT", "PRUNE", "SKIP", "THEN"]
        var verbs: [[UInt8]] = []
        var index = 0
        while pattern.count > index + 2 && pattern[index] == 0x28 && pattern[index + 1] == 0x2A {
            var end = index + 2
            while end < pattern.count
                && ((0x41...0x5A).contains(pattern[end]) || (0x30...0x39).contains(pattern[end])
                    || pattern[end] == 0x5F || pattern[end] == 0x3D)
            {
                end += 1
            }
            guard end < pattern.count, pattern[end] == 0x29, end > index + 2,
                !backtracking.contains(String(decoding: pattern[(index + 2)..<end], as: UTF8.self))
            else { break }
            verbs.append(Array(pattern[index...end]))
            index = end + 1
        }
        return verbs
    }

    /// `pattern` made safe to put inside a group: a `\Q` left open is closed by `\E` (which PCRE2 ignores
    /// elsewhere), and a `#` comment of extended mode running to its end by a newline, only where there is one
    /// (elsewhere the newline would be a character to match).
    static func closed(_ pattern: [UInt8], verbs: some Sequence<UInt8>, options: PCRE2Pattern.Options) -> [UInt8] {
        let quoted = pattern + Array(#"\E"#.utf8)
        guard pattern.contains(UInt8(ascii: "#")) else { return quoted }
        let grouped = Array(verbs) + Array("(?:".utf8) + quoted + Array(")".utf8)
        return PCRE2Pattern.check(grouped, options: options) == nil ? quoted : quoted + [0x0A]
    }
}
