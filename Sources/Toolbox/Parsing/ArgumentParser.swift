// GNU-style parsing of a command line against the command declarations: -abc, -ovalue, -o value, --opt=value,
// --opt value, --no-flag, --, - as a positional, repeated options and options after positionals.

/// What the command line asks for.
public enum ParseOutcome {
    /// Run a built-in command.
    case command(any Command.Type, ParsedArguments)
    /// Show help for the command at `path` (empty: tb itself); `full` for --help, brief for -h.
    case help(path: [String], full: Bool)
    /// `tb --version`.
    case version
    /// No command given.
    case overview(ParsedArguments)
    /// Not a built-in: run `tb-NAME` if there is one. `global` holds output options given before the name;
    /// `argumentIndex` is where the plugin's own arguments start in argv (without the program name).
    case external(name: String, arguments: [String], argumentIndex: Int, global: ParsedArguments)
}

/// A usage error found while parsing, with the command it concerns (for the usage line).
public struct ParseFailure: Error, Sendable {
    /// The command words up to where the error was found.
    public let path: [String]
    public let error: UsageError
}

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
        guard let command = commands.first(where: { $0.spec.name == name }) else {
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

/// The options one command accepts, looked up by long and short name.
struct OptionTable {
    let options: [OptionSpec]

    func long(_ name: String) -> OptionSpec? {
        options.first { $0.long == name }
    }

    func short(_ letter: Character) -> OptionSpec? {
        options.first { $0.short == letter }
    }

    /// Reads the option at `arguments[index]` (and its value) into `values`; returns the index after it.
    func consume(_ arguments: [ArgumentWord], at index: Int, into values: inout [String: [ArgumentWord]])
        throws(UsageError) -> Int
    {
        let token = arguments[index].text
        if token.hasPrefix("--") {
            return try consumeLong(token, arguments, at: index, into: &values)
        }
        // A cluster of short options: -abc, or -ovalue when o takes a value.
        var letters = Substring(token.dropFirst())
        // Short names are ASCII letters, one byte each: after `consumed` of them the value's bytes start.
        var consumed = 0
        while let letter = letters.first {
            letters = letters.dropFirst()
            consumed += 1
            guard let option = short(letter) else {
                throw UsageError(
                    "unknown option '-\(letter)'" + (letters.isEmpty && token.count == 2 ? "" : " in '\(token)'"))
            }
            if option.kind == .flag {
                values[option.long, default: []].append(Self.on)
                continue
            }
            if !letters.isEmpty {
                try take(arguments[index].suffix(from: 1 + consumed), for: option, into: &values)
                return index + 1
            }
            if case .optionalValue(let bare) = option.kind {
                try take(ArgumentWord(bare), for: option, into: &values)
                return index + 1
            }
            guard index + 1 < arguments.count else { throw UsageError("option '-\(letter)' needs a value") }
            try take(arguments[index + 1], for: option, into: &values)
            return index + 2
        }
        return index + 1
    }

    private func consumeLong(
        _ token: String, _ arguments: [ArgumentWord], at index: Int,
        into values: inout [String: [ArgumentWord]]
    ) throws(UsageError) -> Int {
        let body = token.dropFirst(2)
        let name: String
        var inlineValue: ArgumentWord?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            // The name is ASCII up to the first "=", whose byte is the first 0x3D of the word.
            let bytes = arguments[index].bytes
            inlineValue = arguments[index].suffix(from: (bytes.firstIndex(of: 0x3D) ?? bytes.count) + 1)
        } else {
            name = String(body)
        }
        if let option = long(name) {
            switch option.kind {
            case .flag:
                guard inlineValue == nil else { throw UsageError("option '--\(name)' takes no value") }
                values[name, default: []].append(Self.on)
                return index + 1
            case .value:
                if let inlineValue {
                    try take(inlineValue, for: option, into: &values)
                    return index + 1
                }
                guard index + 1 < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
                try take(arguments[index + 1], for: option, into: &values)
                return index + 2
            case .optionalValue(let bare):
                try take(inlineValue ?? ArgumentWord(bare), for: option, into: &values)
                return index + 1
            }
        }
        if name.hasPrefix("no-"), let option = long(String(name.dropFirst(3))), option.kind == .flag {
            guard inlineValue == nil else { throw UsageError("option '--\(name)' takes no value") }
            values[option.long, default: []].append(Self.off)
            return index + 1
        }
        let known = options.filter { !$0.hidden }.map { "--\($0.long)" }
        throw UsageError("unknown option '--\(name)'" + Suggestion.didYouMean("--\(name)", among: known))
    }

    /// Records an option's value once its declaration accepts it: a value that is not what the option takes (the
    /// next word swallowed, as in `--limit news.xml`) is reported as such, not as a positional gone missing.
    private func take(_ value: ArgumentWord, for option: OptionSpec, into values: inout [String: [ArgumentWord]])
        throws(UsageError)
    {
        if let message = option.check(value.text) { throw UsageError(message) }
        values[option.long, default: []].append(value)
    }

    /// Options given together that do not go together, or given without one they need.
    func checkCombinations(_ values: [String: [ArgumentWord]]) throws(UsageError) {
        func given(_ name: String) -> Bool {
            guard let last = values[name]?.last else { return false }
            return long(name)?.kind != .flag || last.text == "true"
        }
        for option in options where given(option.long) {
            for other in option.conflicts where given(other) {
                // Named in the order the command declares them, whichever side declared the conflict.
                let order =
                    options.firstIndex { $0.long == other } ?? 0 < options.firstIndex { $0.long == option.long } ?? 0
                let (first, second) = order ? (other, option.long) : (option.long, other)
                throw UsageError("--\(first) and --\(second) do not go together")
            }
            for other in option.requires where !given(other) {
                throw UsageError("--\(option.long) goes with --\(other)")
            }
        }
    }

    /// What a flag's value is recorded as.
    static let on = ArgumentWord("true")
    static let off = ArgumentWord("false")
}

/// Distributes positional values over the declared positionals, in order.
enum PositionalAssignment {
    static func assign(_ values: [ArgumentWord], to declared: [Positional]) throws(UsageError)
        -> [String: [ArgumentWord]]
    {
        let minimums = declared.map { $0.arity == .one || $0.arity == .oneOrMore ? 1 : 0 }
        var spare = values.count - minimums.reduce(0, +)
        if spare < 0 {
            var filled = values.count
            for (positional, minimum) in zip(declared, minimums) {
                if filled < minimum { throw UsageError("missing argument \(positional.name)") }
                filled -= minimum
            }
        }
        var result: [String: [ArgumentWord]] = [:]
        var next = 0
        for (positional, minimum) in zip(declared, minimums) {
            let maximum = positional.arity == .one || positional.arity == .optional ? 1 : Int.max
            let extra = min(spare, maximum - minimum)
            spare -= extra
            let count = minimum + extra
            if count > 0 { result[positional.name] = Array(values[next..<next + count]) }
            next += count
        }
        if next < values.count {
            throw UsageError("unexpected argument '\(values[next].text)'")
        }
        for positional in declared {
            for value in result[positional.name] ?? [] {
                if let message = positional.check(value.text) { throw UsageError(message) }
            }
        }
        return result
    }
}
