// `tb bookmark show NAME`.
import Toolbox

/// Prints one bookmark.
struct BookmarkShow: Command {
    static let name = BookmarkArguments.name("the bookmark to print")

    static let commandName = "show"
    static let spec = CommandSpec(
        name: commandName, abstract: "print one bookmark",
        positionals: [name], records: [Bookmark.schema],
        examples: [Example("tb bookmark show news --template '%(url)'", "Print the URL behind @news.")])

    let name: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        name = arguments.positional(Self.name) ?? ""
    }

    func run(_ context: Context) throws -> ExitStatus {
        try context.output.emit(try context.bookmarks.require(name))
        return .success
    }
}
