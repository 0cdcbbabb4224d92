// The one error type of the Curl shim.

/// A failure reported by libcurl, or the failure to load it.
public struct CurlError: Error, Sendable, CustomStringConvertible {
    /// libcurl's CURLcode or CURLMcode, or -1 when the library could not be loaded.
    public let code: Int
    /// libcurl's own message for the code.
    public let message: String

    public var description: String { message }
}
