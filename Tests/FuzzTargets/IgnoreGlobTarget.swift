// Fuzz target `ignore-glob`: any bytes as a .gitignore glob (before the first NUL) and the paths it is matched
// against (the rest, split at NULs). A glob compiles or is refused; matching never takes longer than tokens × path
// length (libFuzzer's timeout finds one that does) and agrees with PCRE2 on the same tokens written as a regex; and a
// glob of plain bytes matches exactly its own text.
import PCRE2

@testable import RegexCommands

/// The gitignore glob matcher of tb regex's directory search.
enum IgnoreGlobTarget: FuzzTarget {
    static let name = "ignore-glob"
    static let special = Set("*?[\\!# ".utf8)

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        let parts = input.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
        let pattern = parts[0]
        guard let glob = try? IgnoreGlob(pattern) else { return }
        // PCRE2 backtracks: a path it gives up on (a low match limit, so that giving up is quick) is not compared.
        let reference = glob.tokens.count <= 200 ? try? PCRE2Pattern(Self.regex(glob), options: .dotAll) : nil
        let matcher = reference.flatMap { try? PCRE2Matcher($0, matchLimit: 100_000) }
        for path in parts.dropFirst() {
            let matched = glob.matches(path)
            guard let matcher, path.count <= 200, let outcome = try? matcher.match(path.span, from: 0) else { continue }
            try require(
                matched == (outcome == .match),
                "'\(String(decoding: pattern, as: UTF8.self))' \(matched ? "matches" : "misses") "
                    + "'\(String(decoding: path, as: UTF8.self))', PCRE2 says otherwise")
        }
        // A plain glob with a slash inside is anchored: it names that one path.
        let inner = pattern.dropFirst().dropLast()
        if !pattern.isEmpty, inner.contains(UInt8(ascii: "/")), !pattern.contains(where: special.contains),
            pattern.first != UInt8(ascii: "/"), pattern.last != UInt8(ascii: "/"),
            !zip(pattern, pattern.dropFirst()).contains(where: { $0 == 0x2F && $1 == 0x2F })
        {
            try require(
                glob.matches(pattern), "the plain glob '\(String(decoding: pattern, as: UTF8.self))' misses itself")
        }
    }

    /// The glob's tokens as a PCRE2 pattern (with dotall, anchored at both ends) that matches the paths they match.
    static func regex(_ glob: IgnoreGlob) -> [UInt8] {
        func byte(_ value: UInt8) -> String { "\\x{" + String(value, radix: 16) + "}" }
        var regex = #"\A"#
        for token in glob.tokens {
            switch token {
            case .byte(let value): regex += byte(value)
            case .one: regex += "[^/]"
            case .star: regex += "[^/]*"
            case .set(let index):
                let bytes = (0...UInt8.max).filter { glob.classes[index].contains($0) }
                regex += bytes.isEmpty ? "(?!)" : "[" + bytes.map(byte).joined() + "]"
            case .directories: regex += "(?:.*/)?"
            case .anything: regex += ".*"
            }
        }
        return Array((regex + #"\z"#).utf8)
    }
}
