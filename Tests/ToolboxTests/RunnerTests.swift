import TestSupport
// The runner: exit statuses, messages in git's style, the usage line, and output that survives an error.
import Testing

@testable import Toolbox

struct RunnerTests {
    let scratch = Scratch()

    func run(_ argv: [String], columns: Int? = nil) -> InProcessRun {
        runInProcess(argv, builtins: testCommands, environment: scratch.environment, terminalColumns: columns)
    }

    @Test func successAndNegativeAnswers() {
        #expect(run(["greet", "x"]).status == .success)
        #expect(run(["greet"]).status == .negative)
    }

    @Test func usageErrorsPrintMessageUsageAndPointer() {
        let result = run(["greet", "--count", "x"])
        #expect(result.status == .usage)
        #expect(
            result.stderr == [
                "tb greet: invalid value 'x' for --count: expected a whole number",
                "usage: tb greet [options] [WORD...]",
                "See 'tb help greet'.",
            ])
    }

    /// A message quotes what was typed; a newline or an escape there is written as \n or \u{HHHH}, so that every
    /// message stays one line and nothing typed or fetched drives the terminal (the arguments fuzz target found such
    /// messages).
    @Test func messagesStayOnOneLine() {
        let result = run(["greet", "--lou\nd\u{1B}[2J", "a"])
        #expect(result.status == .usage)
        #expect(
            result.stderr.first?.hasPrefix("tb greet: unknown option '--lou\\nd\\u{001b}[2J'") == true,
            "\(result.stderr)"
        )
        #expect(result.stderr.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") })
    }

    /// The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) are escaped as C1 controls
    /// are: a name holding U+202E would otherwise show the rest of the message reversed. The marks (U+200E, U+200F,
    /// U+061C) act as a letter of their direction does, only on their neighbours, and stay.
    @Test func messagesEscapeBidirectionalControls() {
        let result = run([
            "greet", "--evil\u{202E}txt.exe\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}",
        ])
        #expect(result.status == .usage)
        #expect(
            result.stderr.first?.hasPrefix(
                "tb greet: unknown option '--evil\\u{202e}txt.exe\\u{202a}\\u{202b}\\u{202c}\\u{202d}\\u{2066}"
                    + "\\u{2067}\\u{2068}\\u{2069}'") == true, "\(result.stderr)")
        let marks = run(["greet", "--a\u{200E}b\u{200F}c\u{061C}d"])
        #expect(marks.stderr.first?.hasPrefix("tb greet: unknown option '--a\u{200E}b\u{200F}c\u{061C}d'") == true)
    }

    @Test func runtimeErrorsComeAfterTheRecordsAlreadyPrinted() {
        let result = run(["fail", "tool"])
        #expect(result.status == .failure)
        #expect(result.lines.count == 1)
        #expect(result.stderr == ["tb fail: cannot do 'it': because"])
        #expect(run(["fail", "usage"]).status == .usage)
        #expect(run(["fail", "other"]).stderr.first?.hasPrefix("tb fail: ") == true)
    }

    @Test func unknownCommandsExit127WithASuggestion() {
        let result = run(["gret"])
        #expect(result.status == .commandNotFound)
        #expect(result.stderr == ["tb: 'gret' is not a tb command (did you mean 'greet'?)", "See 'tb help'."])
    }

    @Test func noCommandPrintsTheOverviewAsAUsageError() {
        let result = run([])
        #expect(result.status == .usage)
        #expect(result.stderr.first?.contains("commands:") == true)
    }

    @Test func helpAndVersion() {
        #expect(run(["--version"]).stdout == "tb \(toolboxVersion)\n")
        let built = runInProcess(
            ["--version"], builtins: testCommands, environment: scratch.environment, buildCommit: "abc1234")
        #expect(built.stdout == "tb \(toolboxVersion) (abc1234)\n")
        let brief = run(["greet", "-h"])
        #expect(brief.status == .success)
        #expect(brief.stdout.hasPrefix("usage: tb greet [options] [WORD...]\n\ngreet someone\n"))
        let full = run(["help", "greet"])
        #expect(full.stdout.contains("output: sample records, one per sample:"))
        #expect(run(["help", "gret"]).stderr.first == "tb help: no command 'gret' (did you mean 'greet'?)")
        #expect(run(["help", "tree", "branch"]).stdout.hasPrefix("usage: tb tree branch [options]"))
    }

    @Test func tableOnATerminal() {
        let result = run(["greet", "a", "b"], columns: 80)
        #expect(result.lines.first?.hasPrefix("\u{1B}[1mTEXT") == true)
        #expect(result.lines.count == 3)
    }

    @Test func aHistoryThatCannotBeWrittenIsOnlyAWarning() {
        scratch.write("file", "x")
        var environment = scratch.environment
        environment["TB_STATE_DIR"] = scratch.file("file/state")
        let diagnostics = Diagnostics(sink: .memory)
        let context = Context(
            path: ["greet"], output: Output(settings: OutputSettings(style: .ndjson), sink: .memory(MemoryBuffer())),
            environment: Environment(environment), registry: Registry(builtins: testCommands, environment: [:]),
            diagnostics: diagnostics)
        context.recordVisit(target: "https://u:p@example.org/", exitStatus: .success, records: 1)
        #expect(
            diagnostics.lines == [
                "tb greet: warning: cannot record history: cannot lock '\(scratch.path)/file/state/history.ndjson': Not a directory"
            ])
        environment["TB_HISTORY"] = "off"
        let quiet = Context(
            path: ["greet"], output: Output(settings: OutputSettings(style: .ndjson), sink: .memory(MemoryBuffer())),
            environment: Environment(environment), registry: Registry(builtins: testCommands, environment: [:]),
            diagnostics: diagnostics)
        quiet.recordVisit(target: "x", exitStatus: .success, records: 0)
        #expect(diagnostics.lines.count == 1)
    }
}
