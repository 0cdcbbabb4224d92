/// A usage error found while parsing, with the command it concerns (for the usage line).
public struct ParseFailure: Error, Sendable {
    /// The command words up to where the error was found.
    public let path: [String]
    public let error: UsageError
}
