// Runs a tb command line in this process on a fuzz input, and checks what every run must give: a defined exit status,
// NDJSON lines that parse, and messages of one line each in git's style.
import FeedCommands
import Foundation
import HTMLCommands
import ReachCommands
import RegexCommands
import SVNCommands
import StoreCommands
import TestSupport
import Toolbox

enum InProcessCheck {
    /// The built-in commands, as Sources/tb/Builtins.swift lists them (the executable's module cannot be imported).
    static let commands: [any Command.Type] = [
        FeedCommand.self, HTMLCommand.self, RegexCommand.self, SVNCommand.self, ReachCommand.self,
        BookmarkCommand.self, HistoryCommand.self,
    ]

    /// One directory for the whole fuzzing process: the store lives in it and each input is written to `input`.
    nonisolated(unsafe) static let scratch = Scratch()

    /// Writes `bytes` where the next run reads them and returns the path.
    static func write(_ bytes: [UInt8], as name: String = "input") -> String {
        scratch.write(bytes: name, bytes)
    }

    /// Runs `arguments` and checks the run: its status is one of `statuses`, every message starts `tb COMMAND` and is
    /// one line, and unless it asked for another format, every stdout line is a JSON object whose first key is `type`.
    @discardableResult
    static func run(
        _ arguments: [String], statuses: Set<Int32> = [0], messages: Int = 1, commands: [any Command.Type] = commands
    ) throws(FuzzViolation) -> InProcessRun {
        let result = runInProcess(arguments, builtins: commands, environment: scratch.environment)
        let described = "tb \(arguments.joined(separator: " "))"
        try require(
            statuses.contains(result.status.code),
            "\(described): exit status \(result.status.code), stderr \(result.stderr)")
        let prefix = "tb \(arguments[0])"
        try require(result.stderr.count <= messages, "\(described): \(result.stderr.count) messages: \(result.stderr)")
        for message in result.stderr {
            let body = message.hasSuffix("\n") ? message.dropLast() : Substring(message)
            try require(
                body.hasPrefix(prefix) && body.contains(": ") && !body.contains("\n"),
                "\(described): a message not on one line in git's style: \(message)")
        }
        let otherFormat = arguments.contains { $0.hasPrefix("--format") || $0.hasPrefix("--template") }
        if !result.stdout.isEmpty && !otherFormat { try requireNDJSON(result.stdout, described) }
        return result
    }

    /// Every line of `text` is a JSON object with `type` first, read by Foundation's parser (not tb's own).
    static func requireNDJSON(_ text: String, _ described: String) throws(FuzzViolation) {
        try require(text.hasSuffix("\n"), "\(described): output does not end at a record's end")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            try require(line.hasPrefix(#"{"type":""#), "\(described): a line that is no record: \(line.prefix(200))")
            let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8))
            try require(parsed is [String: Any], "\(described): a line that is no JSON object: \(line.prefix(200))")
        }
    }
}
