import Toolbox

/// The NAME positional that add, rm and show share.
enum BookmarkArguments {
    static func name(_ help: String, arity: Positional.Arity = .one) -> Positional {
        Positional("NAME", help: help, arity: arity, completion: .bookmarks)
    }
}
