// Options and positional arguments: each is declared once as a `static let` and serves both as the documentation
// and as the typed key a command reads its value with.

/// What the shell should offer when completing a value.
public enum Completion: Sendable, Equatable {
    /// Nothing: free text.
    case none
    /// Local file names.
    case files
    /// Local directory names.
    case directories
    /// Anything a SOURCE can be: file names, `@bookmarks` and recently used URLs.
    case sources
    /// Bookmark names.
    case bookmarks
    /// tb's command names.
    case commands
    /// The commands that record visits in the history: those that take SOURCEs or TARGETs (`.sources`).
    case visitingCommands
    /// The command's output field names, as a comma-separated list.
    case fields
    /// A fixed list of words.
    case values([String])
}

/// The type-erased description of an option, which parsing, help, man pages and completion read.
public struct OptionSpec: Sendable {
    /// Whether the option takes a value.
    public enum Kind: Sendable, Equatable {
        /// `--flag`, `--no-flag`.
        case flag
        /// `--name VALUE`, `--name=VALUE`, `-n VALUE`, `-nVALUE`.
        case value
        /// `--name`, which means `--name=BARE`, or `--name=VALUE`, `-nVALUE`: the value is optional, so it must be
        /// attached (GNU getopt's rule: the next word is never taken).
        case optionalValue(bare: String)
    }

    /// The long name without dashes: `note` for `--note`.
    public let long: String
    /// The one-letter name, if any: `f` for `-f`.
    public let short: Character?
    /// One line: what the option does, lowercase, no final period.
    public let help: String
    public let kind: Kind
    /// The placeholder for the value in help: `TEXT`.
    public let valueName: String
    /// Whether giving it several times collects every value (otherwise the last one wins).
    public let repeatable: Bool
    /// Flags that default to on are documented as `--no-NAME`.
    public let defaultOn: Bool
    /// The default, as shown in help, or nil.
    public let defaultText: String?
    /// The values it accepts, as help shows them (`1 or more`, `from 1 to 64`), when they are limited.
    public let rangeText: String?
    /// What completes its value: the declared completion, or else the words of its value type (listed when asked:
    /// listing an enum's cases through its generic conformance cost more than the rest of its declaration, at every
    /// start).
    public var completion: Completion { declaredCompletion ?? choices().map { .values($0) } ?? .none }
    private let declaredCompletion: Completion?
    private let choices: @Sendable () -> [String]?
    /// Kept out of help, man pages and completion.
    public let hidden: Bool
    /// Long names of options that cannot be given with this one (checked both ways).
    public let conflicts: [String]
    /// Long names of options this one needs (it means nothing without them).
    public let requires: [String]
    /// Checks a value as the parser reads it: the usage error's message, or nil when it is fine. A value that
    /// swallowed the next word (`--limit news.xml`) is named as such, before positionals are counted.
    let check: @Sendable (String) -> String?

    init(
        long: String, short: Character?, help: String, kind: Kind, valueName: String = "", repeatable: Bool = false,
        defaultOn: Bool = false, defaultText: String? = nil, rangeText: String? = nil, completion: Completion? = nil,
        choices: @escaping @Sendable () -> [String]? = { nil }, hidden: Bool, conflicts: [any OptionDeclaration],
        requires: [any OptionDeclaration], check: @escaping @Sendable (String) -> String? = { _ in nil }
    ) {
        self.long = long
        self.short = short
        self.help = help
        self.kind = kind
        self.valueName = valueName
        self.repeatable = repeatable
        self.defaultOn = defaultOn
        self.defaultText = defaultText
        self.rangeText = rangeText
        declaredCompletion = completion
        self.choices = choices
        self.hidden = hidden
        self.conflicts = conflicts.map(\.spec.long)
        self.requires = requires.map(\.spec.long)
        self.check = check
    }

    /// The long name as documented: `no-NAME` for a flag that is on by default (only turning it off is news).
    public var displayedLong: String { kind == .flag && defaultOn ? "no-" + long : long }

    /// The short name as documented: none for a flag shown as `--no-NAME`.
    public var displayedShort: Character? { kind == .flag && defaultOn ? nil : short }

    /// `-f, --force`, `--note TEXT` or `--text[=MODE]`, as help shows it.
    public var signature: String {
        let name = "--" + displayedLong
        if let short = displayedShort { return "-\(short), \(name)\(valueSuffix)" }
        return name + valueSuffix
    }

    /// What follows the name in a signature: ` TEXT`, `[=MODE]` or nothing.
    public var valueSuffix: String {
        switch kind {
        case .flag: ""
        case .value: " \(valueName)"
        case .optionalValue: "[=\(valueName)]"
        }
    }

    /// Whether the value is the next word when it is not attached (`--note TEXT`).
    public var takesNextWord: Bool { kind == .value }

    /// What help and man pages add after the description: the range, the default, what it does not go with and
    /// what it needs (`1 or more, default: 10, not with --watch`).
    public var notes: [String] {
        [rangeText, defaultText.map { "default: \($0)" }].compactMap { $0 }
            + conflicts.map { "not with --\($0)" } + requires.map { "with --\($0)" }
    }
}

/// Anything listed in a command's `options`.
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// An on/off option: `--force`, with `--no-force` to turn it off again (the last one given wins).
public struct Flag: OptionDeclaration {
    public let spec: OptionSpec

    /// - Parameters:
    ///   - default: flags that are on unless turned off are documented as `--no-NAME`.
    ///   - conflicts: options that cannot be given with this one; `requires`: options it needs.
    public init(
        _ long: String, short: Character? = nil, help: String, default: Bool = false,
        conflicts: [any OptionDeclaration] = [], requires: [any OptionDeclaration] = [], hidden: Bool = false
    ) {
        spec = OptionSpec(
            long: long, short: short, help: help, kind: .flag, defaultOn: `default`, hidden: hidden,
            conflicts: conflicts, requires: requires)
    }

    /// The value when the flag is not given.
    public var defaultValue: Bool { spec.defaultOn }
}

/// An option with a value of type `Value`.
public struct Option<Value: ArgumentValue>: OptionDeclaration {
    public let spec: OptionSpec
    /// The value when the option is not given.
    public let defaultValue: Value?
    /// The values it accepts; the type's own limits when the declaration sets none.
    let bounds: ValueBounds<Value>?

    /// - Parameters:
    ///   - conflicts: options that cannot be given with this one; `requires`: options it needs.
    ///   - bare: makes the value optional: given without one (`--text`), the option means this value.
    public init(
        _ long: String, short: Character? = nil, value valueName: String? = nil, help: String,
        default defaultValue: Value? = nil, bare: Value? = nil, repeatable: Bool = false, completion: Completion? = nil,
        conflicts: [any OptionDeclaration] = [], requires: [any OptionDeclaration] = [], hidden: Bool = false
    ) {
        self.init(
            long, short: short, value: valueName, help: help, default: defaultValue, bounds: Value.bounds,
            bare: bare, repeatable: repeatable, completion: completion, conflicts: conflicts, requires: requires,
            hidden: hidden)
    }

    /// `bounds` are shown in help when the declaration set them (a type's own limits go without saying).
    init(
        _ long: String, short: Character?, value valueName: String?, help: String, default defaultValue: Value?,
        bounds: ValueBounds<Value>?, declared: Bool = false, bare: Value? = nil, repeatable: Bool,
        completion: Completion?, conflicts: [any OptionDeclaration], requires: [any OptionDeclaration], hidden: Bool
    ) {
        self.defaultValue = defaultValue
        self.bounds = bounds
        spec = OptionSpec(
            long: long, short: short, help: help, kind: bare.map { .optionalValue(bare: $0.argumentText) } ?? .value,
            valueName: valueName ?? Value.valueName,
            repeatable: repeatable, defaultText: defaultValue?.argumentText,
            rangeText: declared ? bounds?.text : nil,
            completion: completion, choices: { Value.choices }, hidden: hidden,
            conflicts: conflicts, requires: requires,
            check: { raw in
                if case .failure(let error) = Self.convert(raw, long: long, bounds: bounds) { return error.message }
                return nil
            })
    }

    /// The value `raw` stands for, or the usage error that names what is expected (with the range, if any).
    static func convert(_ raw: String, long: String, bounds: ValueBounds<Value>?) -> Result<Value, UsageError> {
        guard let value = Value(argument: raw), bounds?.contains(value) ?? true else {
            let range = bounds.map { ", " + $0.text } ?? ""
            return .failure(UsageError("invalid value '\(raw)' for --\(long): expected \(Value.expectation)\(range)"))
        }
        return .success(value)
    }
}

extension Option where Value: Comparable {
    /// An option whose values must lie in `range`, such as `1...` or `0...100`: anything else is a usage error that
    /// names the range, and help shows it.
    public init<Range: DeclaredRange<Value>>(
        _ long: String, short: Character? = nil, value valueName: String? = nil, help: String,
        default defaultValue: Value? = nil, range: Range, repeatable: Bool = false, completion: Completion? = nil,
        conflicts: [any OptionDeclaration] = [], requires: [any OptionDeclaration] = [], hidden: Bool = false
    ) {
        self.init(
            long, short: short, value: valueName, help: help, default: defaultValue, bounds: range.bounds,
            declared: true, repeatable: repeatable, completion: completion, conflicts: conflicts, requires: requires,
            hidden: hidden)
    }
}

/// The values an option accepts: a lowest, a highest, or both. Declarations write them as Swift ranges (`1...`,
/// `0...100`).
public struct ValueBounds<Value: ArgumentValue>: Sendable {
    /// Whether a value is accepted.
    public let contains: @Sendable (Value) -> Bool
    /// `1 or more`, `from 0 to 100`: for help and for the message about a value outside.
    public let text: String

    public init(text: String, contains: @escaping @Sendable (Value) -> Bool) {
        self.text = text
        self.contains = contains
    }
}

/// A Swift range a declaration can limit an option's values with.
public protocol DeclaredRange<Bound>: Sendable {
    associatedtype Bound: ArgumentValue & Comparable
    /// The range as the parser checks it and help shows it.
    var bounds: ValueBounds<Bound> { get }
}

extension ClosedRange: DeclaredRange where Bound: ArgumentValue {
    /// `from 1 to 64`.
    public var bounds: ValueBounds<Bound> {
        let range = self
        return ValueBounds(text: "from \(lowerBound.argumentText) to \(upperBound.argumentText)") { range.contains($0) }
    }
}

extension PartialRangeFrom: DeclaredRange where Bound: ArgumentValue {
    /// `1 or more`.
    public var bounds: ValueBounds<Bound> {
        let range = self
        return ValueBounds(text: "\(lowerBound.argumentText) or more") { range.contains($0) }
    }
}

/// A positional argument, such as `NAME` or `SOURCE...`.
public struct Positional: Sendable {
    /// How many values it takes.
    public enum Arity: Sendable, Equatable {
        case one, optional, zeroOrMore, oneOrMore
    }

    /// The placeholder in capitals: `SOURCE`.
    public let name: String
    /// One line: what it is, lowercase, no final period.
    public let help: String
    public let arity: Arity
    /// What completes it: the declared completion, or else the words of its value type (listed when asked, as for
    /// options).
    public var completion: Completion { declaredCompletion ?? choices().map { .values($0) } ?? .none }
    private let declaredCompletion: Completion?
    private let choices: @Sendable () -> [String]?
    /// Checks a value as the parser reads it: the usage error's message, or nil when it is fine.
    let check: @Sendable (String) -> String?

    public init(_ name: String, help: String, arity: Arity = .one, completion: Completion = .none) {
        self.name = name
        self.help = help
        self.arity = arity
        declaredCompletion = completion
        choices = { nil }
        check = { _ in nil }
    }

    /// A positional whose values are of type `Value` (a choice of words, a number): one that does not convert is a
    /// usage error; `ParsedArguments.positional(_:as:)` reads it.
    public init<Value: ArgumentValue>(
        _ name: String, help: String, type: Value.Type, arity: Arity = .one, completion: Completion? = nil
    ) {
        self.name = name
        self.help = help
        self.arity = arity
        declaredCompletion = completion
        choices = { Value.choices }
        check = { raw in
            if case .failure(let error) = Self.convert(raw, to: Value.self, name: name) { return error.message }
            return nil
        }
    }

    /// The value `raw` stands for, or the usage error that says what `name` expects.
    static func convert<Value: ArgumentValue>(_ raw: String, to type: Value.Type, name: String)
        -> Result<Value, UsageError>
    {
        guard let value = Value(argument: raw) else {
            return .failure(UsageError("invalid value '\(raw)' for \(name): expected \(Value.expectation)"))
        }
        return .success(value)
    }

    /// `NAME`, `[NAME]`, `[NAME...]` or `NAME...`, as the usage line shows it.
    public var usage: String {
        switch arity {
        case .one: return name
        case .optional: return "[\(name)]"
        case .zeroOrMore: return "[\(name)...]"
        case .oneOrMore: return "\(name)..."
        }
    }
}
