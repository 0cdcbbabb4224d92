// The one error type of the SVN shim.

/// A failure reported by libsvn (its whole error chain, outermost first), or the failure to load it.
public struct SVNError: Error, Sendable, CustomStringConvertible {
    /// The apr_status_t of the outermost error, or -1 when the library could not be loaded.
    public let code: Int
    /// The messages of the chain, outermost first.
    public let chain: [String]

    public var description: String { chain.joined(separator: ": ") }
}
