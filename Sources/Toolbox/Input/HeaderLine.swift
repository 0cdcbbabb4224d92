// The value of -H/--header: a request header as written on the command line.

/// An extra request header as written on the command line: `Name: value`.
public struct HeaderLine: ArgumentValue {
    public let text: String

    public init?(argument: String) {
        guard argument.contains(":"), !argument.hasPrefix(":") else { return nil }
        text = argument
    }

    public static var valueName: String { "'NAME: VALUE'" }
    /// grep users type -H for "print the file name": the hint says what it is here, and why it is not needed.
    public static var expectation: String {
        "a header written as 'Name: value' (-H sets an HTTP header; every record already names its source)"
    }
    public var argumentText: String { text }
}
