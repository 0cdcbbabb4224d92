// What a running command can use: its output, the environment, the store, and a way to report problems.

/// The world as one command run sees it.
public final class Context {
    /// The command words: `["bookmark", "add"]`.
    public let path: [String]
    /// Where records go.
    public let output: Output
    /// The process environment.
    public let environment: Environment
    /// Where the store lives.
    public let paths: StorePaths
    /// The built-in and external commands.
    public let registry: Registry
    /// The width of the terminal on stdout, or nil when stdout is not a terminal.
    public let terminalColumns: Int?
    /// Where errors and warnings go.
    public let diagnostics: Diagnostics

    public init(
        path: [String], output: Output, environment: Environment, registry: Registry,
        terminalColumns: Int? = nil, diagnostics: Diagnostics = Diagnostics()
    ) {
        self.path = path
        self.output = output
        self.environment = environment
        self.paths = StorePaths(environment: environment)
        self.registry = registry
        self.terminalColumns = terminalColumns
        self.diagnostics = diagnostics
    }

    /// `bookmark add`: how messages name the command. Not `joined(separator:)`: its first call in a run looks its
    /// generic types up by name, 111,000 instructions, a tenth of a small run.
    public var commandName: String {
        var name = path.first ?? ""
        for word in path.dropFirst() { name += " " + word }
        return name
    }

    /// The bookmarks (and the @NAME resolver).
    public private(set) lazy var bookmarks = BookmarkStore(paths: paths) { [unowned self] in self.warn($0) }

    /// The history of visits.
    public private(set) lazy var history = HistoryStore(paths: paths) { [unowned self] in self.warn($0) }

    /// Prints `tb COMMAND: warning: message` on stderr.
    public func warn(_ message: String) {
        sayInOrder()
        diagnostics.write("tb \(commandName): warning: \(message)")
    }

    /// Prints `tb COMMAND: message` on stderr, for an error that does not end the run (one of several sources).
    public func error(_ message: String) {
        sayInOrder()
        diagnostics.write("tb \(commandName): \(message)")
    }

    /// Writes out the records printed so far, so that a message follows them also when stdout and stderr go to the
    /// same place (a broken feed: its items, then the error). A reader that went away is noticed at the next record.
    private func sayInOrder() {
        try? output.flush()
    }

    /// Whether visits are recorded: TB_HISTORY=off (or 0, no, false) turns history off.
    public var recordsHistory: Bool {
        !["off", "0", "no", "false"].contains(environment["TB_HISTORY"]?.lowercased() ?? "")
    }

    /// Records a visit to `target` in the history. A failure to record is a warning, never a failed run: a cron
    /// job's feed must not fail because the disk holding the history is full.
    public func recordVisit(target: String, exitStatus: ExitStatus, records: Int) {
        guard recordsHistory else { return }
        do {
            try history.record(command: commandName, target: target, exitStatus: exitStatus, records: records)
        } catch {
            warn("cannot record history: \(error.message)")
        }
    }
}
