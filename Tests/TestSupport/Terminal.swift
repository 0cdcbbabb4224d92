// Runs a program on a pseudo-terminal of a chosen width (script(1) with `stty cols`), for tests of what tb prints
// where stdout is a terminal.
import Foundation

/// Whether script(1) is there to make pseudo-terminals.
public let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

/// Runs `program` with `arguments` on a pseudo-terminal of `columns` columns, in `directory` (stdin from the file
/// `input` when given, stderr into the file `errors`) and returns what it wrote there: the terminal turns each
/// "\n" into "\r\n". script(1) keeps its copy in `transcript` (default: `directory`'s `typescript`).
public func onTerminal(
    _ program: String, _ arguments: [String], columns: Int, environment: [String: String], directory: String,
    input: String? = nil, errors: String = "stderr.txt", transcript: String? = nil
) throws -> Finished {
    func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    var command = ([program] + arguments).map(quoted).joined(separator: " ") + " 2>" + quoted(errors)
    if let input { command += " <" + quoted(input) }
    return try runProgram(
        "/usr/bin/script",
        ["-q", "-e", "-c", "stty cols \(columns) rows 50; exec \(command)", transcript ?? directory + "/typescript"],
        environment: environment, directory: directory)
}
