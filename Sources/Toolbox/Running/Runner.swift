// From argv to exit status: parse, pick the command or plugin, build the output, run, report errors in git's
// style with the statuses of ExitStatus.
import POSIX

/// tb's version: the release's tag without its `v`, and the newest entry of CHANGELOG.md. Man pages, completions and
/// the User-Agent carry it alone, so the generated docs change only with a release; `tb --version` adds the commit.
public let toolboxVersion = "0.2.0"

/// Runs one tb command line.
public struct Runner {
    public let registry: Registry
    let environment: Environment
    let diagnostics: Diagnostics
    let outputSink: Output.Sink
    /// The terminal width of stdout, nil when it is not a terminal.
    let terminalColumns: Int?
    /// Whether the arguments are this process's argv (so plugins can get them unchanged).
    var usesProcessArguments = false
    /// The commit the binary was built from (empty when built outside git), which `tb --version` names.
    public var buildCommit = ""

    public init(
        builtins: [any Command.Type], environment: Environment, diagnostics: Diagnostics = Diagnostics(),
        outputSink: Output.Sink = .standardOutput, terminalColumns: Int? = nil
    ) {
        registry = Registry(builtins: builtins, environment: environment)
        self.environment = environment
        self.diagnostics = diagnostics
        self.outputSink = outputSink
        self.terminalColumns = terminalColumns
    }

    /// The process entry point: runs the command line and exits with its status.
    public static func main(builtins: [any Command.Type], buildCommit: String) -> Never {
        System.ignoreWriteSignals()
        System.unblockStopSignals()
        StopSignals.install()
        let stdout = FileDescriptor.standardOutput
        // A terminal that reports no size (a serial console, `stty cols 0`) takes COLUMNS, else 80.
        let columns =
            stdout.isTerminal
            ? OutputSettings.terminalWidth(reported: stdout.terminalColumns, environment: .process) : nil
        System.openStandardDescriptors()
        System.keepBuffersOnTheHeap()
        var runner = Runner(builtins: builtins, environment: .process, terminalColumns: columns)
        runner.usesProcessArguments = true
        runner.buildCommit = buildCommit
        let status = runner.run(words: System.argumentBytes().dropFirst().map(ArgumentWord.init(bytes:)))
        System.exit(status.code)
    }

    /// Runs `arguments` (argv without the program name, as text) and returns the exit status.
    public func run(_ arguments: [String]) -> ExitStatus {
        run(words: arguments.map(ArgumentWord.init))
    }

    /// Runs argv without the program name, as the shell gave it, and returns the exit status.
    public func run(words arguments: [ArgumentWord]) -> ExitStatus {
        let outcome: ParseOutcome
        do {
            outcome = try ArgumentParser(commands: registry.commands).parse(words: arguments)
        } catch {
            return usageError(error.error, path: error.path)
        }
        switch outcome {
        case .version:
            return print("tb \(toolboxVersion)\(buildCommit.isEmpty ? "" : " (\(buildCommit))")\n")
        case .help(let path, let full):
            let help = HelpRenderer(registry: registry, width: helpWidth)
            return print(path.isEmpty ? help.overview() : full ? help.full(path) : help.brief(path))
        case .overview:
            diagnostics.writeText(HelpRenderer(registry: registry, width: helpWidth).overview())
            return .usage
        case .external(let name, let rest, let index, let global):
            return runExternal(name, rest, argumentIndex: index, global: global)
        case .command(let command, let parsed):
            return runBuiltin(command, parsed)
        }
    }

    private var helpWidth: Int { min(terminalColumns ?? 80, 100) }

    private func runBuiltin(_ type: any Command.Type, _ arguments: ParsedArguments) -> ExitStatus {
        assert(type.commandName == type.spec.name, "\(type): commandName is not its spec's name")
        let command: any Command
        let output: Output
        do {
            // Only commands that print records look at TB_FORMAT and TB_COLOR: a bad value there must not break
            // `tb bookmark add` or completion.
            let settings =
                type.spec.printsRecords
                ? try OutputSettings.resolve(
                    arguments, records: type.records(printedWith: arguments), environment: environment,
                    terminalColumns: terminalColumns)
                : OutputSettings(style: .ndjson, interactive: terminalColumns != nil)
            output = Output(settings: settings, sink: outputSink)
            command = try type.init(arguments)
        } catch {
            return usageError(error, path: arguments.path)
        }
        let context = Context(
            path: arguments.path, output: output, environment: environment, registry: registry,
            terminalColumns: terminalColumns, diagnostics: diagnostics)
        let name = "tb " + context.commandName
        do {
            let status = try command.run(context)
            // A status the spec does not declare would be missing from the command's help and man page, which are
            // generated from the declaration: a programming error every test run (a debug build) stops at.
            assert(type.spec.mayReturn(status), "\(name) returned \(status), which its spec does not declare")
            try output.finish()
            return status
        } catch let error as OutputError {
            return outputFailure(error, name: name)
        } catch let error as UsageError {
            return usageError(error, path: arguments.path)
        } catch {
            // Records printed before the failure stay valid: they go out before the message.
            if let failure = Result(catching: { () throws(OutputError) in try output.finish() }).failure {
                return outputFailure(failure, name: name)
            }
            let message = (error as? ToolError)?.message ?? String(describing: error)
            diagnostics.write("\(name): \(message)")
            return .failure
        }
    }

    private func outputFailure(_ error: OutputError, name: String) -> ExitStatus {
        if error == .closed { return .success }
        diagnostics.write("\(name): \(error)")
        return .failure
    }

    private func runExternal(_ name: String, _ arguments: [String], argumentIndex: Int, global: ParsedArguments)
        -> ExitStatus
    {
        guard let path = registry.external.find(name) else {
            let names = registry.visibleCommands.map { $0.spec.name } + registry.external.all().map(\.name)
            diagnostics.write("tb: '\(name)' is not a tb command" + Suggestion.didYouMean(name, among: names))
            diagnostics.write("See 'tb help'.")
            return .commandNotFound
        }
        if global.isPresent(GlobalOptions.fields) || global.isPresent(GlobalOptions.template) {
            return usageError(UsageError("--fields and --template cannot be passed to external commands"), path: [])
        }
        let variables: [String: String]
        do {
            variables = try ExternalCommands.environment(
                for: global, environment: environment, interactive: terminalColumns != nil)
        } catch {
            return usageError(error, path: [])
        }
        // From the process's own argv the plugin gets its arguments byte for byte, as it would from a shell.
        let failure =
            usesProcessArguments
            ? System.execute(path: path, argumentsFrom: argumentIndex + 1, setting: variables)
            : System.execute(
                path: path, arguments: [path] + arguments, environment: environment.all().merging(variables) { $1 })
        diagnostics.write("tb: cannot run '\(path)': \(failure.reason)")
        return .failure
    }

    /// Prints the message, the usage line and where to find help; status 64.
    func usageError(_ error: UsageError, path: [String]) -> ExitStatus {
        let name = (["tb"] + path).joined(separator: " ")
        let help = HelpRenderer(registry: registry, width: helpWidth)
        diagnostics.write("\(name): \(error.message)")
        diagnostics.write(help.usageLine(path))
        diagnostics.write(path.isEmpty ? "See 'tb help'." : "See 'tb help \(path.joined(separator: " "))'.")
        return .usage
    }

    private func print(_ text: String) -> ExitStatus {
        let output = Output(settings: OutputSettings(style: .ndjson), sink: outputSink)
        do {
            try output.write(text.hasSuffix("\n") ? text : text + "\n")
            try output.finish()
            return .success
        } catch {
            return outputFailure(error, name: "tb")
        }
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
