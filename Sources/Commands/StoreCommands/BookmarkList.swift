// `tb bookmark ls`.
import Toolbox

/// Lists the bookmarks.
struct BookmarkList: Command {
    static let commandName = "ls"
    static let spec = CommandSpec(
        name: commandName, abstract: "list the bookmarks",
        discussion: """
            Lists every bookmark, in the order they were added. Names that are one name in NFKC but stored under \
            several spellings (by hand, or by a tb that did not normalize names) are all listed, and each such name \
            gets one warning line on stderr: each spelling still works as it is written.
            """,
        records: [Bookmark.schema],
        examples: [
            Example("tb bookmark ls", "Show a table of bookmarks on a terminal."),
            Example("tb bookmark ls --fields name,url --format tsv", "Names and URLs, tab-separated."),
        ])

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(_ context: Context) throws -> ExitStatus {
        let bookmarks = try context.bookmarks.list()
        for bookmark in bookmarks { try context.output.emit(bookmark) }
        for collision in try context.bookmarks.collisions() {
            context.warn(
                "bookmarks \(BookmarkNames.quoted(collision.spellings)) are one name in NFKC ('\(collision.key)'): "
                    + "each still works by its exact spelling; remove all but one with 'tb bookmark rm'")
        }
        // A person at a terminal sees nothing at all otherwise; a pipe gets no remark in its NDJSON.
        if bookmarks.isEmpty && context.terminalColumns != nil {
            context.diagnostics.write("no bookmarks yet: tb bookmark add NAME URL")
        }
        return .success
    }
}
