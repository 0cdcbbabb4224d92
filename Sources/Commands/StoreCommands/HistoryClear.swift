import Toolbox

/// Empties the history.
struct HistoryClear: Command {
    static let commandName = "clear"
    static let spec = CommandSpec(
        name: commandName, abstract: "forget every visit",
        examples: [Example("tb history clear", "Empty the history.")])

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(_ context: Context) throws -> ExitStatus {
        try context.history.clear()
        return .success
    }
}
