// `tb help [COMMAND [SUBCOMMAND]]`: the full help of a command, the overview, or an external command's own help.
import POSIX

/// Shows help.
struct HelpCommand: Command {
    static let command = Positional(
        "COMMAND", help: "the command (and subcommand) to describe", arity: .zeroOrMore, completion: .commands)

    static let commandName = "help"
    static let spec = CommandSpec(
        name: commandName, abstract: "show help for tb or one of its commands",
        discussion: """
            Without a command, lists every command, external ones included. With one, shows its full help: \
            description, arguments, options, output fields, exit statuses and examples. For an external command, \
            runs 'tb-NAME --help'.
            """,
        positionals: [command],
        examples: [Example("tb help bookmark add", "Show everything about adding bookmarks.")])

    let path: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positionals(Self.command)
    }

    func run(_ context: Context) throws -> ExitStatus {
        let help = HelpRenderer(registry: context.registry, width: min(context.terminalColumns ?? 80, 100))
        guard let first = path.first else {
            try context.output.write(help.overview())
            return .success
        }
        if !context.registry.hasCommand(at: [first]), let external = context.registry.external.find(first) {
            // The plugin gets the same environment as when it runs as a command (a bad TB_FORMAT falls back).
            let variables =
                (try? ExternalCommands.environment(
                    for: ParsedArguments(path: []), environment: context.environment,
                    interactive: context.terminalColumns != nil)) ?? [:]
            let failure = System.execute(
                path: external, arguments: [external, "--help"],
                environment: context.environment.all().merging(variables) { $1 })
            throw ToolError("cannot run '\(external)': \(failure.reason)")
        }
        guard context.registry.hasCommand(at: path) else {
            let known = context.registry.visibleCommands.map { $0.spec.name }
            guard context.registry.hasCommand(at: [first]) else {
                throw UsageError("no command '\(first)'" + Suggestion.didYouMean(first, among: known))
            }
            throw UsageError("no command 'tb \(path.joined(separator: " "))'")
        }
        try context.output.write(help.full(path))
        return .success
    }
}
