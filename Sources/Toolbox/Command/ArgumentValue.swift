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
    /// The values any option of this type accepts, when the type itself has limits (a duration tb can wait).
    static var bounds: ValueBounds<Self>? { get }
}

extension ArgumentValue {
    public static var choices: [String]? { nil }
    public static var bounds: ValueBounds<Self>? { nil }
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

/// A time span: `500ms`, `2s`, `1.5m`, `1h`, `1d`, or a bare number of seconds. From 1 ms to 7 days: shorter ones
/// would round to "no limit" in the libraries that take milliseconds, longer ones overflow their counters.
extension Duration: ArgumentValue {
    public init?(argument: String) {
        let units: [(suffix: String, nanoseconds: Double)] = [
            ("ms", 1e6), ("s", 1e9), ("m", 60e9), ("h", 3600e9), ("d", 86400e9), ("", 1e9),
        ]
        guard let unit = units.first(where: { argument.hasSuffix($0.suffix) }),
            let number = Double(argument.dropLast(unit.suffix.count)), number.isFinite, number >= 0,
            argument.first?.isNumber == true || argument.first == "."
        else { return nil }
        // Anything beyond ~30 years is simply too long; the bounds check says so instead of Int64 trapping.
        self = .nanoseconds(Int64(min(number * unit.nanoseconds, 1e18)))
    }

    public static var valueName: String { "DURATION" }
    public static var expectation: String { "a duration such as 500ms, 30s, 2m or 1h" }

    public var argumentText: String {
        let milliseconds = wholeMilliseconds
        for (suffix, size) in [("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        where milliseconds >= size && milliseconds % size == 0 {
            return "\(milliseconds / size)\(suffix)"
        }
        return "\(milliseconds)ms"
    }

    public static var bounds: ValueBounds<Duration>? { (.milliseconds(1)...(.seconds(7 * 86_400))).bounds }

    /// The span in whole milliseconds, rounded up: a part of a millisecond never becomes zero ("no limit").
    public var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// The span in nanoseconds.
    public var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
