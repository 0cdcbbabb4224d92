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
    public let completion: Completion
    /// Kept out of help, man pages and completion.
    public let hidden: Bool

    /// The long name as documented: `no-NAME` for a flag that is on by default (only turning it off is news).
    public var displayedLong: String { kind == .flag && defaultOn ? "no-" + long : long }

    /// The short name as documented: none for a flag shown as `--no-NAME`.
    public var displayedShort: Character? { kind == .flag && defaultOn ? nil : short }

    /// `-f, --force` or `--note TEXT`, as help shows it.
    public var signature: String {
        let name = "--" + displayedLong
        let value = kind == .value ? " \(valueName)" : ""
        if let short = displayedShort { return "-\(short), \(name)\(value)" }
        return name + value
    }
}

/// Anything listed in a command's `options`.
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// An on/off option: `--force`, with `--no-force` to turn it off again (the last one given wins).
public struct Flag: OptionDeclaration {
    public let spec: OptionSpec

    /// - Parameter default: flags that are on unless turned off are documented as `--no-NAME`.
    public init(_ long: String, short: Character? = nil, help: String, default: Bool = false, hidden: Bool = false) {
        spec = OptionSpec(
            long: long, short: short, help: help, kind: .flag, valueName: "", repeatable: false, defaultOn: `default`,
            defaultText: nil, completion: .none, hidden: hidden)
    }

    /// The value when the flag is not given.
    public var defaultValue: Bool { spec.defaultOn }
}

/// An option with a value of type `Value`.
public struct Option<Value: ArgumentValue>: OptionDeclaration {
    public let spec: OptionSpec
    /// The value when the option is not given.
    public let defaultValue: Value?

    public init(
        _ long: String, short: Character? = nil, value valueName: String? = nil, help: String,
        default defaultValue: Value? = nil, repeatable: Bool = false, completion: Completion? = nil,
        hidden: Bool = false
    ) {
        self.defaultValue = defaultValue
        spec = OptionSpec(
            long: long, short: short, help: help, kind: .value, valueName: valueName ?? Value.valueName,
            repeatable: repeatable, defaultOn: false, defaultText: defaultValue?.argumentText,
            completion: completion ?? Value.choices.map { .values($0) } ?? .none, hidden: hidden)
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
    public let completion: Completion

    public init(_ name: String, help: String, arity: Arity = .one, completion: Completion = .none) {
        self.name = name
        self.help = help
        self.arity = arity
        self.completion = completion
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
