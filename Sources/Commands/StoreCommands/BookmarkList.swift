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
        for bookmark in try context.bookmarks.list() { try context.output.emit(bookmark) }
        return .success
    }
}
