// `tb bookmark show NAME`.
import Toolbox

/// Prints one bookmark.
struct BookmarkShow: Command {
    static let name = BookmarkArguments.name("the bookmark to print")

    static let spec = CommandSpec(
        name: "show", abstract: "print one bookmark",
        positionals: [name], records: [Bookmark.schema],
        examples: [Example("tb bookmark show news --template '%(url)'", "Print the URL behind @news.")])

    let name: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        name = arguments.positional(Self.name) ?? ""
    }

    func run(_ context: Context) throws -> ExitStatus {
        guard let bookmark = try context.bookmarks.find(name) else {
            let names = (try? context.bookmarks.list().map(\.name)) ?? []
            throw ToolError("no bookmark named '\(name)'" + Suggestion.didYouMean(name, among: names))
        }
        try context.output.emit(bookmark)
        return .success
    }
}
