// Runs a shell command on a pseudo-terminal of a chosen width (script(1) and `stty cols`), so that tb sees a terminal
// on stdin, stdout and stderr as a user's shell gives it one.
import Foundation

/// Whether script(1), which makes the pseudo-terminal, is installed.
public let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

/// Runs `command` (shell words, quoted by the caller) on a pseudo-terminal of `columns` columns; its stdout is all
/// the terminal showed, stderr included, with the terminal's \r\n line ends.
public func onTerminal(
    _ command: String, columns: Int, environment: [String: String], directory: String? = nil
) throws -> Finished {
    // script's own transcript is not wanted: what the terminal showed comes back on its stdout.
    try runProgram(
        "/usr/bin/script", ["-q", "-e", "-c", "stty cols \(columns) rows 50; exec \(command)", "/dev/null"],
        environment: environment, directory: directory)
}
