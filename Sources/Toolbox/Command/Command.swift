// The Command protocol: a declaration, a validating initializer, and run.

/// A tb command. The kernel parses the command line against `spec`, builds the command with `init`, where every
/// value is checked, and then calls `run`, which emits records through `context.output`.
public protocol Command: SendableMetatype {
    /// The declaration: name, options, positionals, records, examples.
    static var spec: CommandSpec { get }
    /// The word that selects the command (its spec's name), known without building the spec: finding `tb reach`
    /// would otherwise build the specs of every command listed before it, a tenth of a millisecond each.
    static var commandName: String { get }
    /// Reads and checks the parsed arguments; a bad value throws a `UsageError` (exit 64) before anything runs.
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Does the work. Throw a `ToolError` for a one-line runtime failure (exit 2).
    func run(_ context: Context) throws -> ExitStatus
    /// Whether this only groups subcommands; `CommandGroup` sets it. (A requirement rather than an `is` check:
    /// a dynamic conformance check scans every conformance in the binary, which start-up cannot afford.)
    static var isGroup: Bool { get }
    /// The record types a run with `arguments` prints, whose fields --fields and --template may name (and an
    /// unknown one's message lists): by default every type the spec declares.
    static func records(printedWith arguments: ParsedArguments) -> [RecordSchema]
}

extension Command {
    public static var commandName: String { spec.name }
    public static var isGroup: Bool { false }
    public static func records(printedWith arguments: ParsedArguments) -> [RecordSchema] { spec.records }
}
