// The built-in commands, in the order `tb help` lists them. A new command is added here (and in Package.swift).
import FeedCommands
import ReachCommands
import RegexCommands
import StoreCommands
import Toolbox

enum Builtins {
    static let commands: [any Command.Type] = [
        FeedCommand.self,
        RegexCommand.self,
        ReachCommand.self,
        BookmarkCommand.self,
        HistoryCommand.self,
    ]
}
