/// A command that only holds subcommands (`tb bookmark`); the parser always descends into one of them, the
/// spec's `defaultSubcommand` when none is named.
public protocol CommandGroup: Command {
    init()
}

extension CommandGroup {
    public static var isGroup: Bool { true }

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        self.init()
    }

    public func run(_ context: Context) throws -> ExitStatus {
        throw UsageError("missing subcommand")
    }
}
