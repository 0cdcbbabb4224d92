// How bookmark names are compared: in NFKC, so that `ａｂ` and `ab` are one name, with names stored before that (or by
// hand) found by their exact spelling first.

/// Matching a typed name against the stored ones.
public enum BookmarkNames {
    /// The form a name is stored and compared in: NFKC (`ａｂ` and `ab`, `ﬁle` and `file` are one name).
    public static func key(_ name: String) -> String {
        NFKC.normalize(name)
    }

    /// Stored names that are one name in NFKC, under different spellings: a file written before names were
    /// normalized, or by hand. Each still works by its exact spelling.
    public struct Collision: Sendable, Equatable {
        /// The name in NFKC.
        public let key: String
        /// The spellings stored, in the file's order.
        public let spellings: [String]
    }

    /// The bookmark `name` stands for: the last one spelled so (canonically equivalent spellings have always been one
    /// name), else the one that is `name` in NFKC — stored in NFKC, or the only spelling of it. Several other
    /// spellings and none in NFKC are an error rather than a guess.
    static func find(_ name: String, in bookmarks: [Bookmark]) throws(ToolError) -> Bookmark? {
        if let exact = bookmarks.last(where: { $0.name == name }) { return exact }
        let wanted = key(name)
        let same = bookmarks.filter { key($0.name) == wanted }
        if let stored = same.last(where: { $0.name == wanted }) { return stored }
        let spellings = distinct(same.map(\.name))
        guard spellings.count <= 1 else {
            throw ToolError(
                "bookmark name '\(name)' stands for \(quoted(spellings)), one name in NFKC: use the exact spelling")
        }
        return same.last
    }

    /// The groups of stored names that collide, in the file's order.
    static func collisions(in names: [String]) -> [Collision] {
        // ASCII names are their own NFKC: only a name that is not can collide (`bookmark ls` runs this every time).
        guard names.contains(where: { $0.utf8.contains { $0 >= 0x80 } }) else { return [] }
        var spellings: [String: [String]] = [:]
        var order: [String] = []
        for name in names {
            let normal = key(name)
            if spellings[normal] == nil { order.append(normal) }
            if !(spellings[normal] ?? []).contains(name) { spellings[normal, default: []].append(name) }
        }
        return order.compactMap { key in
            spellings[key].flatMap { $0.count > 1 ? Collision(key: key, spellings: $0) : nil }
        }
    }

    /// `'a' and 'b'`, `'a', 'b' and 'c'`.
    public static func quoted(_ names: [String]) -> String {
        let all = names.map { "'\($0)'" }
        guard let last = all.last, all.count > 1 else { return all.first ?? "" }
        return all.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `names` without repeats (as Swift compares strings: canonically equivalent ones are one), in order.
    static func distinct(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
