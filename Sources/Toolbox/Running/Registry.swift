// The commands tb knows: the built-ins given by the executable, the kernel's own (help and the hidden
// internals), and external tb-NAME programs.

/// All commands.
public struct Registry: Sendable {
    /// Built-in commands, the kernel's own included, in the order help lists them.
    public let commands: [any Command.Type]
    /// External commands.
    public let external: ExternalCommands

    public init(builtins: [any Command.Type], environment: Environment) {
        commands = builtins + [HelpCommand.self, CompleteCommand.self, DumpSpecCommand.self, GenerateCommand.self]
        external = ExternalCommands(environment: environment)
    }

    /// The commands help, man pages and completion show.
    public var visibleCommands: [any Command.Type] { commands.filter { !$0.spec.hidden } }

    /// The command at `path` (`["bookmark", "add"]`), or nil.
    public func command(at path: [String]) -> (any Command.Type)? {
        guard let first = path.first, var command = commands.first(where: { $0.commandName == first }) else {
            return nil
        }
        for name in path.dropFirst() {
            guard let next = command.spec.subcommand(named: name) else { return nil }
            command = next
        }
        return command
    }

    /// Whether there is a command at `path`.
    public func hasCommand(at path: [String]) -> Bool {
        if case .some = command(at: path) { return true }
        return false
    }

    /// Every visible command and subcommand with its path, depth first.
    public func allPaths() -> [(path: [String], command: any Command.Type)] {
        var result: [(path: [String], command: any Command.Type)] = []
        func visit(_ command: any Command.Type, _ path: [String]) {
            result.append((path, command))
            for sub in command.spec.visibleSubcommands { visit(sub, path + [sub.spec.name]) }
        }
        for command in visibleCommands { visit(command, [command.spec.name]) }
        return result
    }
}
