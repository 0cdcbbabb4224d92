// The result of parsing a command line: raw values by option and positional name, read back through the
// declarations, which convert and check them.

/// The options and positionals given to one command, keyed by their declarations.
public struct ParsedArguments: Sendable {
    /// The command words: `["bookmark", "add"]`.
    public let path: [String]
    /// Raw values by long option name, in the order given; flags hold "true" or "false".
    var optionValues: [String: [ArgumentWord]]
    /// Values by positional name.
    var positionalValues: [String: [ArgumentWord]]

    /// Values given as text (tests).
    public init(path: [String], options: [String: [String]] = [:], positionals: [String: [String]] = [:]) {
        self.init(
            path: path, words: options.mapValues { $0.map(ArgumentWord.init) },
            positionals: positionals.mapValues { $0.map(ArgumentWord.init) })
    }

    init(path: [String], words options: [String: [ArgumentWord]], positionals: [String: [ArgumentWord]] = [:]) {
        self.path = path
        optionValues = options
        positionalValues = positionals
    }

    /// The last value given for `option`, converted, or its default; a value that does not convert is a usage error.
    public func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let raw = optionValues[option.spec.long]?.last else { return option.defaultValue }
        return try convert(raw.text, for: option)
    }

    /// The value of an option that declares a default: the last one given, or the default. Callers need not
    /// repeat the default the declaration already holds.
    public func valueOrDefault<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
        guard let value = try value(option) else {
            preconditionFailure("--\(option.spec.long) declares no default")
        }
        return value
    }

    /// Every value given for a repeatable option, converted, in order.
    public func values<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        var result: [Value] = []
        for raw in optionValues[option.spec.long] ?? [] { result.append(try convert(raw.text, for: option)) }
        return result
    }

    /// Every value given for a repeatable option as the shell gave it, bytes that are not UTF-8 included (patterns).
    public func words<Value>(_ option: Option<Value>) -> [ArgumentWord] {
        optionValues[option.spec.long] ?? []
    }

    /// Whether the flag is on: the last of `--name` and `--no-name` given, or its default.
    public func flag(_ flag: Flag) -> Bool {
        guard let raw = optionValues[flag.spec.long]?.last else { return flag.defaultValue }
        return raw.text == "true"
    }

    /// Whether the option was given on the command line at all.
    public func isPresent(_ option: some OptionDeclaration) -> Bool {
        optionValues[option.spec.long] != nil
    }

    /// The value of a positional that takes one (or none).
    public func positional(_ positional: Positional) -> String? {
        positionalValues[positional.name]?.first?.text
    }

    /// The values of a positional that takes several.
    public func positionals(_ positional: Positional) -> [String] {
        positionalValues[positional.name]?.map(\.text) ?? []
    }

    /// The value of a typed positional (the parser checked it), or nil when it was not given.
    public func positional<Value: ArgumentValue>(_ positional: Positional, as type: Value.Type) throws(UsageError)
        -> Value?
    {
        guard let raw = positionalValues[positional.name]?.first?.text else { return nil }
        return try Positional.convert(raw, to: type, name: positional.name).get()
    }

    /// The value of a positional as the shell gave it, bytes that are not UTF-8 included (a pattern).
    public func positionalWord(_ positional: Positional) -> ArgumentWord? {
        positionalValues[positional.name]?.first
    }

    /// The values of a positional as the shell gave them (file names).
    public func positionalWords(_ positional: Positional) -> [ArgumentWord] {
        positionalValues[positional.name] ?? []
    }

    private func convert<Value>(_ raw: String, for option: Option<Value>) throws(UsageError) -> Value {
        try Option<Value>.convert(raw, long: option.spec.long, bounds: option.bounds).get()
    }
}
