// `tb __dump-spec`: the declarations of every command as JSON.

/// Prints the command tree as JSON.
struct DumpSpecCommand: Command {
    static let commandName = "__dump-spec"
    static let spec = CommandSpec(
        name: commandName, abstract: "print every command's declaration as JSON", hidden: true)

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(_ context: Context) throws -> ExitStatus {
        try context.output.write(SpecDump.json(context.registry))
        return .success
    }
}
