// The bookmarks file ($TB_CONFIG_DIR/bookmarks.ndjson) and the @NAME resolver every source goes through.

/// Reads and changes the bookmarks. A bookmarks file linked to a device holds none, and adding one is an error: unlike
/// a visit, a bookmark dropped without a word is lost work.
public final class BookmarkStore {
    /// The file, or why there is none (no HOME and no TB_*_DIR).
    private let file: Result<StoreFile, ToolError>
    private var damage: DamageReport
    /// The bookmarks as last read: a run that resolves many @NAMEs reads the file once. Changes made here forget it.
    private var known: [Bookmark]?

    /// - Parameter warn: receives one message per damaged line, such as
    ///   `'/…/bookmarks.ndjson' line 3: damaged, kept as it is (…)`.
    public init(paths: StorePaths, warn: @escaping (String) -> Void) {
        file = Result { () throws(ToolError) in
            StoreFile(directory: try paths.configDirectory(), name: "bookmarks.ndjson")
        }
        damage = DamageReport(warn: warn)
    }

    /// All bookmarks, in the order they were added.
    public func list() throws(ToolError) -> [Bookmark] {
        if let known { return known }
        let all = try read().lines.compactMap(Self.bookmark(of:))
        known = all
        return all
    }

    /// The names stored under several spellings that are one name in NFKC, each still found by its exact spelling.
    public func collisions() throws(ToolError) -> [BookmarkNames.Collision] {
        BookmarkNames.collisions(in: try list().map(\.name))
    }

    /// The bookmark called `name` (`BookmarkNames.find`: its exact spelling, else its NFKC); its absence is an error
    /// that suggests a close name. The file is read once.
    public func require(_ name: String) throws(ToolError) -> Bookmark {
        let all = try list()
        guard let bookmark = try BookmarkNames.find(name, in: all) else {
            // A close name was probably meant; otherwise say how to make this one.
            let guess = Suggestion.didYouMean(name, among: all.map(\.name))
            let canAdd = guess.isEmpty && Bookmark.isValidName(name)
            let hint = canAdd ? " (add it with 'tb bookmark add \(name) URL')" : guess
            throw ToolError("no bookmark named '\(name)'" + hint)
        }
        return bookmark
    }

    /// Saves a bookmark under its name in NFKC; one of the same name in NFKC is an error unless `replacing`, and
    /// so is replacing a name stored under several spellings (which one was meant is not known).
    public func add(_ bookmark: Bookmark, replacing: Bool) throws(ToolError) {
        known = nil
        let file = try storeFile()
        let typed = bookmark.name
        var bookmark = bookmark
        bookmark.name = BookmarkNames.key(typed)
        let new = try StoredLines.line(
            bookmark, tooLong: ToolError("cannot save bookmark '\(typed)': longer than \(StoreLimits.lineText)"))
        try file.locked { () throws(ToolError) in
            let (lines, reader) = try read()
            var texts = lines.map(\.raw.text)
            let same = lines.indices.filter { Self.name(of: lines[$0]).map(BookmarkNames.key) == bookmark.name }
            if let existing = same.first {
                let spellings = BookmarkNames.distinct(same.compactMap { Self.name(of: lines[$0]) })
                guard replacing else {
                    let stored = spellings.contains(typed) ? "" : " as '\(spellings[0])'"
                    throw ToolError("bookmark '\(typed)' exists\(stored) (use --force to replace it)")
                }
                guard spellings.count == 1 else {
                    throw ToolError(
                        "bookmarks \(BookmarkNames.quoted(spellings)) are one name in NFKC: remove all but one with "
                            + "'tb bookmark rm' before replacing it")
                }
                texts = texts.indices.filter { !same.contains($0) }.map { texts[$0] }
                texts.insert(.bytes(new[...]), at: min(existing, texts.count))
            } else {
                texts.append(.bytes(new[...]))
            }
            try file.replace(with: texts, copyingFrom: reader)
        }
    }

    /// Removes the named bookmarks (each found as `require` finds it): all of them, or none when one of them does not
    /// exist.
    public func remove(_ names: [String]) throws(ToolError) {
        known = nil
        let file = try storeFile()
        try file.locked { () throws(ToolError) in
            let (lines, reader) = try read()
            let stored = lines.compactMap(Self.bookmark(of:))
            var spellings: [String] = []
            for name in names {
                guard let bookmark = try BookmarkNames.find(name, in: stored) else {
                    throw ToolError(
                        "no bookmark named '\(name)'" + Suggestion.didYouMean(name, among: stored.map(\.name)))
                }
                spellings.append(bookmark.name)
            }
            let kept = lines.filter { line in Self.name(of: line).map { !spellings.contains($0) } ?? true }
            try file.replace(with: kept.map(\.raw.text), copyingFrom: reader)
        }
    }

    /// Turns `@name` or `@name/more/path` into the bookmarked URL (with the path appended); anything else is
    /// returned as it is.
    public func resolve(_ source: String) throws(ToolError) -> String {
        guard source.hasPrefix("@") else { return source }
        let reference = source.dropFirst()
        let name = String(reference.prefix { $0 != "/" })
        let rest = reference.dropFirst(name.count).drop { $0 == "/" }
        let bookmark = try require(name)
        guard !rest.isEmpty else { return bookmark.url }
        // The path goes before a query or fragment, with exactly one slash before it.
        var base = Substring(bookmark.url)
        var tail = Substring("")
        if Locations.isURL(bookmark.url), let mark = base.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            tail = base[mark...]
            base = base[..<mark]
        }
        return base + (base.hasSuffix("/") ? "" : "/") + rest + tail
    }

    private func storeFile() throws(ToolError) -> StoreFile {
        try file.get()
    }

    /// The file's lines, read forwards, with its damaged lines reported (once each), and the open file for a
    /// rewrite to copy lines too long to hold from. No file (or a device) has no lines.
    private func read() throws(ToolError) -> (lines: [StoredLine<Bookmark>], reader: StoreReader?) {
        guard let reader = try storeFile().open() else { return ([], nil) }
        var lines: [StoredLine<Bookmark>] = []
        var raws = reader.lines()
        while let raw = try raws.next() {
            guard let line = StoredLines.parse(raw, as: Bookmark.init(json:)) else { continue }
            if case .damaged(let raw, let reason) = line, let number = raw.number {
                damage.report(line: number, reason, in: reader.path)
            }
            lines.append(line)
        }
        return (lines, reader)
    }

    private static func bookmark(of line: StoredLine<Bookmark>) -> Bookmark? {
        if case .record(let bookmark, _) = line { return bookmark }
        return nil
    }

    private static func name(of line: StoredLine<Bookmark>) -> String? {
        bookmark(of: line)?.name
    }
}
