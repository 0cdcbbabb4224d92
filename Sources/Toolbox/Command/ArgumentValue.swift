// The types an option value can have, and how each reads its text from the command line.

/// A type an option's value converts to. Conversion happens in the command's initializer, so a bad value is a
/// usage error before anything runs.
public protocol ArgumentValue: Sendable {
    /// Reads the value, or nil when the text is not valid.
    init?(argument: String)
    /// The placeholder shown in help when the option declares none, such as `N`.
    static var valueName: String { get }
    /// What a valid value looks like, for error messages: `a whole number`.
    static var expectation: String { get }
    /// The only valid values, when there is a fixed set (used in help and completion).
    static var choices: [String]? { get }
    /// How the value is written on a command line (for defaults in help).
    var argumentText: String { get }
}

extension ArgumentValue {
    public static var choices: [String]? { nil }
}

extension String: ArgumentValue {
    public init?(argument: String) { self = argument }
    public static var valueName: String { "TEXT" }
    public static var expectation: String { "text" }
    public var argumentText: String { self }
}

extension Int: ArgumentValue {
    public init?(argument: String) { self.init(argument, radix: 10) }
    public static var valueName: String { "N" }
    public static var expectation: String { "a whole number" }
    public var argumentText: String { String(self) }
}

extension Double: ArgumentValue {
    public init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }
    public static var valueName: String { "NUMBER" }
    public static var expectation: String { "a number" }
    public var argumentText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}

/// A fixed set of words, declared as a `String` enum.
public protocol ArgumentChoice: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ArgumentChoice {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var valueName: String { "WHEN" }
    public static var expectation: String {
        "one of " + allCases.map(\.rawValue).joined(separator: ", ")
    }
    public static var choices: [String]? { allCases.map(\.rawValue) }
    public var argumentText: String { rawValue }
}
