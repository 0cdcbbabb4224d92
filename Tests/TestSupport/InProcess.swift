// Runs a tb command line inside the test process, with output and messages kept in memory.
import Toolbox

/// The result of an in-process run.
public struct InProcessRun {
    public let status: ExitStatus
    public let stdout: String
    public let stderr: [String]

    /// The NDJSON lines of stdout.
    public var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}

/// Runs `arguments` against `builtins` as tb would, without starting a process.
public func runInProcess(
    _ arguments: [String], builtins: [any Command.Type], environment: [String: String], terminalColumns: Int? = nil,
    buildCommit: String = ""
) -> InProcessRun {
    let buffer = MemoryBuffer()
    let diagnostics = Diagnostics(sink: .memory)
    var runner = Runner(
        builtins: builtins, environment: Environment(environment), diagnostics: diagnostics,
        outputSink: .memory(buffer),
        terminalColumns: terminalColumns)
    runner.buildCommit = buildCommit
    let status = runner.run(arguments)
    return InProcessRun(status: status, stdout: buffer.text, stderr: diagnostics.lines)
}
