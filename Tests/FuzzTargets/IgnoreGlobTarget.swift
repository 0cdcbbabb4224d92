// Fuzz target `ignore-glob`: any bytes as a .gitignore glob (before the first NUL) and the paths it is matched
// against (the rest, split at NULs). A glob compiles or is refused; matching never takes longer than tokens × path
// length (libFuzzer's timeout finds one that does); and a glob of plain bytes matches exactly its own text.
@testable import RegexCommands

/// The gitignore glob matcher of tb regex's directory search.
enum IgnoreGlobTarget: FuzzTarget {
    static let name = "ignore-glob"
    static let special = Set("*?[\\!# ".utf8)

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        let parts = input.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
        let pattern = parts[0]
        guard let glob = try? IgnoreGlob(pattern) else { return }
        for path in parts.dropFirst() { _ = glob.matches(path) }
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
}
