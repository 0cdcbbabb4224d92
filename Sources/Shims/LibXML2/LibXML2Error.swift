// The one error type of the LibXML2 shim.

/// A failure reported by libxml2, or the failure to load it.
public struct LibXML2Error: Error, Sendable, CustomStringConvertible {
    /// libxml2's error code, or -1 when the library could not be loaded.
    public let code: Int
    /// The library's message.
    public let message: String

    public var description: String { message }
}
