import Glibc

/// A thread could not be started.
public struct ThreadError: Error, Sendable, CustomStringConvertible {
    public let code: Int32
    public var description: String { String(cString: strerror(code)) }
}
