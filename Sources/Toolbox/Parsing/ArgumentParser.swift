// GNU-style parsing of a command line against the command declarations: -abc, -ovalue, -o value, --opt=value,
// --opt value, --no-flag, --, - as a positional, repeated options and options after positionals.

/// Parses argv (without the program name) against the built-in commands.
public struct ArgumentParser {
    let commands: [any Command.Type]

    public init(commands: [any Command.Type]) {
        self.commands = commands
    }

    /// Parses words given as text (tests).
    public func parse(_ arguments: [String]) throws(ParseFailure) -> ParseOutcome {
        try parse(words: arguments.map(ArgumentWord.init))
    }

    public func parse(words arguments: [ArgumentWord]) throws(ParseFailure) -> ParseOutcome {
        var values: [String: [ArgumentWord]] = [:]
        let table = OptionTable(options: GlobalOptions.output)
        var index = 0
        while index < arguments.count {
            let token = arguments[index].text
            switch token {
            case "--version": return .version
            case "-h": return .help(path: [], full: false)
            case "--help": return .help(path: [], full: true)
            default: break
            }
            guard token.hasPrefix("-") && token != "-" && token != "--" else { break }
            do {
                index = try table.consume(arguments, at: index, into: &values)
            } catch {
                throw ParseFailure(path: [], error: error)
            }
        }
        // `tb -- NAME` ends the options: NAME is the command even if it starts with a dash.
        if index < arguments.count && arguments[index].text == "--" { index += 1 }
        if index == arguments.count {
            return .overview(ParsedArguments(path: [], words: values))
        }
        let name = arguments[index].text
        guard let command = commands.first(where: { $0.commandName == name }) else {
            return .external(
                name: name, arguments: arguments[(index + 1)...].map(\.text), argumentIndex: index + 1,
                global: ParsedArguments(path: [], words: values))
        }
        return try parse(command, path: [name], arguments: arguments, from: index + 1, values: values)
    }

    private func parse(
        _ command: any Command.Type, path: [String], arguments: [ArgumentWord], from start: Int,
        values inherited: [String: [ArgumentWord]]
    ) throws(ParseFailure) -> ParseOutcome {
        let spec = command.spec
        let isGroup = command.isGroup
        let table = OptionTable(options: spec.options + GlobalOptions.output)
        var values = inherited
        var positionals: [ArgumentWord] = []
        var index = start
        var onlyPositionals = false
        func fail(_ message: String) -> ParseFailure {
            ParseFailure(path: path, error: UsageError(message))
        }
        while index < arguments.count {
            let token = arguments[index].text
            if onlyPositionals || token == "-" || !token.hasPrefix("-") {
                if !onlyPositionals && positionals.isEmpty && !spec.subcommands.isEmpty {
                    if let subcommand = spec.subcommand(named: token) {
                        if let given = values.keys.first(where: { !GlobalOptions.isOutputOption($0) }) {
                            throw fail("option '--\(given)' must come after the subcommand")
                        }
                        return try parse(
                            subcommand, path: path + [token], arguments: arguments, from: index + 1, values: values)
                    }
                    if spec.positionals.isEmpty {
                        let names = spec.visibleSubcommands.map { $0.spec.name }
                        throw fail("unknown subcommand '\(token)'" + Suggestion.didYouMean(token, among: names))
                    }
                }
                positionals.append(arguments[index])
                index += 1
                continue
            }
            switch token {
            case "--":
                onlyPositionals = true
                index += 1
            case "-h": return .help(path: path, full: false)
            case "--help": return .help(path: path, full: true)
            default:
                do {
                    index = try table.consume(arguments, at: index, into: &values)
                } catch {
                    throw ParseFailure(path: path, error: error)
                }
            }
        }
        if isGroup {
            // Words after `--` cannot be subcommands, and a group takes no arguments of its own.
            if let word = positionals.first { throw fail("unexpected argument '\(word.text)'") }
            let names = spec.visibleSubcommands.map { $0.spec.name }.joined(separator: ", ")
            guard let name = spec.defaultSubcommand, let subcommand = spec.subcommand(named: name) else {
                throw fail("missing subcommand: one of \(names)")
            }
            return try parse(subcommand, path: path + [name], arguments: [], from: 0, values: values)
        }
        if !spec.printsRecords, let given = values.keys.first(where: GlobalOptions.isOutputOption) {
            throw fail("option '--\(given)' does not apply: 'tb \(path.joined(separator: " "))' prints no records")
        }
        let assigned: [String: [ArgumentWord]]
        do {
            try table.checkCombinations(values)
            assigned = try PositionalAssignment.assign(positionals, to: spec.positionals)
        } catch {
            throw ParseFailure(path: path, error: error)
        }
        return .command(command, ParsedArguments(path: path, words: values, positionals: assigned))
    }
}
