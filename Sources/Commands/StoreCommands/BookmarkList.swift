// `tb bookmark ls`.
import Toolbox

/// Lists the bookmarks.
struct BookmarkList: Command {
    static let spec = CommandSpec(
        name: "ls", abstract: "list the bookmarks",
        records: [Bookmark.schema],
        examples: [
            Example("tb bookmark ls", "Show a table of bookmarks on a terminal."),
            Example("tb bookmark ls --fields name,url --format tsv", "Names and URLs, tab-separated."),
        ])

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(_ context: Context) throws -> ExitStatus {
        let bookmarks = try context.bookmarks.list()
        for bookmark in bookmarks { try context.output.emit(bookmark) }
        // A person at a terminal sees nothing at all otherwise; a pipe gets no remark in its NDJSON.
        if bookmarks.isEmpty && context.terminalColumns != nil {
            context.diagnostics.write("no bookmarks yet: tb bookmark add NAME URL")
        }
        return .success
    }
}
