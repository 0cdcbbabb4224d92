// The harness of the tests that run one command in-process: `run` and `records`, written once. A suite names its
// command and holds a Scratch; its own helpers build on these two.
import Testing
import Toolbox

/// A suite of in-process tests of one command (`static let command: any Command.Type = RegexCommand.self`).
public protocol CommandTesting {
    /// The command under test; its spec's name is the first word of every run.
    static var command: any Command.Type { get }
    /// The suite's throw-away store and files.
    var scratch: Scratch { get }
}

extension CommandTesting {
    /// Runs `tb COMMAND argv…` in-process.
    public func run(_ argv: [String], columns: Int? = nil) -> InProcessRun {
        runInProcess(
            [Self.command.spec.name] + argv, builtins: [Self.command], environment: scratch.environment,
            terminalColumns: columns)
    }

    /// The records of a run that answers (0, or 1 when nothing was found) without a word on stderr, parsed.
    public func records(
        _ argv: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [JSONValue] {
        let result = run(argv)
        let answered = result.status == .success || result.status == .negative
        #expect(answered, "\(argv): \(result.status) \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(argv): \(result.stderr)", sourceLocation: sourceLocation)
        return try result.lines.map { try JSONValue.parse($0) }
    }
}
