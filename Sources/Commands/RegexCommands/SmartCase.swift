// -S/--smart-case: whether the patterns are matched without regard to case, decided as ripgrep 13 decides it with
// its default engine, on the literal characters of the PCRE2 syntax.

/// ripgrep's rule: case-insensitive when the patterns have a literal character and none of their literal characters is
/// uppercase. What is not a literal of the pattern does not count: escapes such as `\W`, `\S` and `\p{Lu}`, group
/// names, verbs such as `(*UTF)`, inline flags and comments; an escape that stands for a character (`\x43`, `\N{U+43}`,
/// the text of `\Q…\E`) counts as that character. rg looks at its patterns together: one uppercase letter in any of
/// them makes them all case-sensitive. (rg -P only skips the character after each `\`, so that `\p{Lu}` and
/// `(?<Name>…)` count there: tb follows rg's default engine, which reads the pattern.)
enum SmartCase {
    static func isCaseless(_ patterns: [[UInt8]], fixed: Bool, extended: Bool) -> Bool {
        var found = Literals()
        for pattern in patterns {
            let scalars = Array(String(decoding: pattern, as: UTF8.self).unicodeScalars)
            if fixed {
                for scalar in scalars { found.add(scalar) }
            } else {
                var scanner = PatternScanner(scalars, extended: extended)
                scanner.scan(into: &found)
            }
        }
        return found.any && !found.uppercase
    }
}
