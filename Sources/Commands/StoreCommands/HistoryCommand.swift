// `tb history [--command C] [--limit N]` and `tb history clear`.
import Toolbox

/// Lists the recorded visits.
public struct HistoryCommand: Command {
    static let command = Option<String>(
        "command", short: "c", value: "COMMAND",
        help: "only visits by this command, such as feed, svn (all its subcommands) or 'svn log'",
        completion: .visitingCommands)
    static let limit = Option<Int>("limit", short: "n", help: "only the newest N visits", range: 0...)

    public static let commandName = "history"
    public static let spec = CommandSpec(
        name: commandName, abstract: "list what tb fetched and checked",
        discussion: """
            Commands that fetch or check a target (feed, regex on a URL, reach, svn) record a visit after each \
            run: the time, the command, the target without user name or password, the exit status and how many \
            records were printed. Visits are listed oldest first, like a shell's history. --command matches whole \
            words from the start: svn lists the runs of every svn subcommand ("svn ls", "svn log"…), svn l none.

            The history is history.ndjson in the state directory (see tb(1), FILES). It is compacted to its \
            newest half when it passes \(StoreLimits.historyText), and read from its end for --limit, so even a history grown huge by \
            other means costs little. TB_HISTORY=off stops recording; so does making the file a link to \
            /dev/null, which also makes the history read as empty. A line whose exit_status is missing or not an \
            integer tb can represent (edited by hand, or written by another tool) lists it as null: unknown, not 0.
            """,
        options: [command, limit], subcommands: [HistoryClear.self],
        records: [Visit.schema],
        examples: [
            Example("tb history -n 10", "The last ten visits."),
            Example("tb history --command feed --json | jq -r .target | sort -u", "Every feed ever fetched."),
        ])

    let commandFilter: String?
    let limit: Int?

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        commandFilter = try arguments.value(Self.command)
        limit = try arguments.value(Self.limit)
    }

    public func run(_ context: Context) throws -> ExitStatus {
        var listed = 0
        // With --limit, read from the end only as far back as the newest N need; otherwise a piece at a time.
        var visits = try context.history.visits(command: commandFilter, newest: limit)
        while let visit = try visits.next() {
            try context.output.emit(visit)
            listed += 1
        }
        // A person at a terminal sees nothing at all otherwise; a pipe gets no remark in its NDJSON.
        if listed == 0 && limit != 0 && context.terminalColumns != nil {
            context.diagnostics.write(emptyMessage(recording: context.recordsHistory))
        }
        return .success
    }

    /// Why the list is empty, and how visits get into it.
    private func emptyMessage(recording: Bool) -> String {
        if let commandFilter { return "no visits by '\(commandFilter)' in the history" }
        guard recording else { return "no history: TB_HISTORY is off" }
        return "no history yet: tb feed, tb regex on a URL and tb reach record their visits"
    }
}
