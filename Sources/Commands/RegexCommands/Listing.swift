// -l and --files-without-match of tb regex.

/// Which sources -l and --files-without-match list (one `source` record each).
enum Listing: Sendable {
    case withMatches, withoutMatch
}
