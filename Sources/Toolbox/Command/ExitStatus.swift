// The exit statuses tb promises (tb(1), EXIT STATUS); every command returns one of these.

/// How a run ended, as the process exit status.
public struct ExitStatus: Sendable, Hashable, CustomStringConvertible {
    /// The number the process exits with.
    public let code: Int32

    public init(code: Int32) { self.code = code }

    /// 0: success; also when the reader closed the pipe.
    public static let success = ExitStatus(code: 0)
    /// 1: a negative answer, such as nothing found or a target not reachable.
    public static let negative = ExitStatus(code: 1)
    /// 2: a runtime error (I/O, network, parse, auth); partial output already printed stays valid.
    public static let failure = ExitStatus(code: 2)
    /// 64: the command was called wrongly.
    public static let usage = ExitStatus(code: 64)
    /// 127: no such command.
    public static let commandNotFound = ExitStatus(code: 127)

    public var description: String { String(code) }
}
