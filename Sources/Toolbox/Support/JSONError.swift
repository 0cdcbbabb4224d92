/// Why a JSON text could not be read, and where (a byte offset into it).
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    public let offset: Int
    public let message: String
    public var description: String { "\(message) at byte \(offset + 1)" }
}
