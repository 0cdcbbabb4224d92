// Fuzz target `arguments`: any bytes as argv (words split at NUL bytes, as the kernel hands them over), parsed against
// every command's declarations and checked by the command's own validation, as the runner does before a run. The
// command itself never runs: a fuzzed `tb reach` must not send a packet.
import Toolbox

/// The argument parser over every built-in command.
enum ArgumentsTarget: FuzzTarget {
    static let name = "arguments"
    nonisolated(unsafe) static let parser = ArgumentParser(commands: InProcessCheck.commands)
    static let environment = Environment(InProcessCheck.scratch.environment)

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        let words = input.split(separator: 0, omittingEmptySubsequences: false).map { ArgumentWord(bytes: Array($0)) }
        let described = "tb " + words.map(\.text).joined(separator: " ")
        do {
            guard case .command(let type, let arguments) = try parser.parse(words: words) else { return }
            if type.spec.printsRecords {
                _ = try OutputSettings.resolve(
                    arguments, records: type.records(printedWith: arguments), environment: environment,
                    terminalColumns: nil)
            }
            _ = try type.init(arguments)
        } catch is ParseFailure {
            return  // a usage error: one line on stderr, as every message (Diagnostics), and status 64
        } catch is UsageError {
            return
        } catch {
            throw FuzzViolation("\(described): an error that is no usage error: \(error)")
        }
    }
}
