// The two errors a command raises: a usage error (exit 64, with the usage line) and a runtime error (exit 2).

/// The command line is wrong: an unknown option, a missing argument, a bad value. Exits 64 with the message,
/// the command's usage line and a pointer to its help.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line, lowercase, no final period: `unknown option '--nte' (did you mean '--note'?)`.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Something failed at run time: a file, the network, a parse. Exits 2 with `tb COMMAND: message`.
public struct ToolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line, lowercase, no final period, the subject quoted: `cannot read 'x': No such file or directory`.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
