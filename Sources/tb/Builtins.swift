// The built-in commands, in the order `tb help` lists them. A new command is added here (and in Package.swift).
import FeedCommands
import HTMLCommands
import ReachCommands
import RegexCommands
import SVNCommands
import StoreCommands
import Toolbox

enum Builtins {
    static let commands: [any Command.Type] = [
        FeedCommand.self,
        HTMLCommand.self,
        RegexCommand.self,
        SVNCommand.self,
        ReachCommand.self,
        BookmarkCommand.self,
        HistoryCommand.self,
    ]
}
