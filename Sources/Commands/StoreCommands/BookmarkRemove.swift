// `tb bookmark rm NAME...`.
import Toolbox

/// Removes bookmarks.
struct BookmarkRemove: Command {
    static let names = BookmarkArguments.name("the bookmarks to remove", arity: .oneOrMore)

    static let commandName = "rm"
    static let spec = CommandSpec(
        name: commandName, abstract: "remove bookmarks",
        discussion: "Removes all the named bookmarks, or none of them when one does not exist.",
        positionals: [names],
        examples: [Example("tb bookmark rm news logs", "Remove @news and @logs.")])

    let names: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        names = arguments.positionals(Self.names)
    }

    func run(_ context: Context) throws -> ExitStatus {
        try context.bookmarks.remove(names)
        return .success
    }
}
