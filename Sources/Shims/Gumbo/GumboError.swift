// The one error type of the Gumbo shim.

/// The failure to load gumbo or libxml2, or to allocate memory (the parser itself never fails: every input is some
/// HTML document).
public struct GumboError: Error, Sendable, CustomStringConvertible {
    /// The reason.
    public let message: String

    public var description: String { message }
}
