// The answer of ignore rules, --glob and file types about one path found in a directory.

/// What a set of rules says about one path.
enum IgnoreVerdict: Sendable, Equatable {
    /// A rule ignores it.
    case ignore
    /// A `!` rule brings it back (or, for --glob, a glob selects it).
    case include
}
