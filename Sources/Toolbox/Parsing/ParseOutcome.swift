/// What the command line asks for.
public enum ParseOutcome {
    /// Run a built-in command.
    case command(any Command.Type, ParsedArguments)
    /// Show help for the command at `path` (empty: tb itself); `full` for --help, brief for -h.
    case help(path: [String], full: Bool)
    /// `tb --version`.
    case version
    /// No command given.
    case overview(ParsedArguments)
    /// Not a built-in: run `tb-NAME` if there is one. `global` holds output options given before the name;
    /// `argumentIndex` is where the plugin's own arguments start in argv (without the program name).
    case external(name: String, arguments: [String], argumentIndex: Int, global: ParsedArguments)
}
