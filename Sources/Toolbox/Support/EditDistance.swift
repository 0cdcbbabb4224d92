// "Did you mean": the closest known word to a mistyped one, for commands, options, fields and bookmarks.

/// Suggestions for mistyped words.
public enum Suggestion {
    /// The candidate closest to `word`, or nil when none is close enough to be a likely typo.
    /// A candidate that starts with `word` counts as close (`--form` → `--format`).
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let typed = Array(word.lowercased().unicodeScalars)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let known = Array(candidate.lowercased().unicodeScalars)
            var distance = editDistance(typed, known)
            if typed.count >= 2 && known.starts(with: typed) { distance = min(distance, 1) }
            let allowed = max(1, min(known.count, typed.count) / 3)
            if distance <= allowed && distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// ` (did you mean 'x'?)` for the closest candidate, or an empty string.
    public static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String {
        closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps cost 1.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
