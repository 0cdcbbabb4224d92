// `tb bookmark add NAME URL [--note TEXT] [--force]`.
import Toolbox

/// Saves a bookmark.
struct BookmarkAdd: Command {
    static let note = Option<String>("note", value: "TEXT", help: "a note to keep with it, shown by 'tb bookmark ls'")
    static let force = Flag("force", short: "f", help: "replace a bookmark of the same name")
    static let name = Positional(
        "NAME", help: "the name: a letter or digit, then letters, digits, '.', '_' or '-'")
    static let url = Positional(
        "URL", help: "a URL (scheme://...), or an existing local path (saved as an absolute path)", completion: .files)

    static let commandName = "add"
    static let spec = CommandSpec(
        name: commandName, abstract: "save URL under NAME",
        discussion: """
            A local path must exist, and is saved as an absolute path, so the bookmark works from any directory; \
            anything else must be a URL with its scheme (https://...). Adding a name \
            that exists is an error unless --force is given. Concurrent runs (cron jobs) never lose each \
            other's bookmarks: changes are made under a lock and written atomically.
            """,
        options: [note, force], positionals: [name, url],
        examples: [
            Example("tb bookmark add news https://example.org/feed.xml --note 'daily news'", "Save a feed as @news."),
            Example("tb bookmark add -f logs ./logs", "Save (or replace) @logs as the absolute path of ./logs."),
        ])

    let bookmark: Bookmark
    let replacing: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let name = arguments.positional(Self.name) ?? ""
        // The name is stored in NFKC, so that form must be a name: fullwidth digits are digits there, and a ligature
        // of words with spaces is words with spaces.
        let stored = BookmarkNames.key(name)
        guard Bookmark.isValidName(stored) else {
            let form = stored == name ? "" : " (in NFKC '\(stored)')"
            throw UsageError(
                "invalid bookmark name '\(name)'\(form): use a letter or digit, then letters, digits, '.', '_' or '-'")
        }
        let url = arguments.positional(Self.url) ?? ""
        guard !url.isEmpty else { throw UsageError("the URL of a bookmark cannot be empty") }
        guard url != "-" else { throw UsageError("a bookmark cannot stand for standard input ('-')") }
        guard !url.hasPrefix("@") else { throw UsageError("a bookmark cannot point to another bookmark ('\(url)')") }
        // A typo or a URL without its scheme would make a bookmark that fails at every use: refuse it now.
        guard Locations.isURL(url) || Locations.exists(url) else {
            throw UsageError("'\(url)' is neither a URL (scheme://...) nor an existing file or directory")
        }
        let note = try arguments.value(Self.note)
        bookmark = Bookmark(
            name: name, url: url, note: note.flatMap { $0.isEmpty ? nil : $0 }, created: .now().wholeSeconds)
        replacing = arguments.flag(Self.force)
    }

    func run(_ context: Context) throws -> ExitStatus {
        var bookmark = self.bookmark
        bookmark.url = try Locations.absolute(bookmark.url)
        try context.bookmarks.add(bookmark, replacing: replacing)
        return .success
    }
}
