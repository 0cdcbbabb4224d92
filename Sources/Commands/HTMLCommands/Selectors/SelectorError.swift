// The one error of the selector parser, the compiler and --stream: a one-line message that points at the position.

/// A selector that cannot be parsed, or a part of it that --stream cannot decide.
public struct SelectorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The whole one-line message, position included ("unexpected ')' at position 7").
    public let message: String
    /// The 1-based position (in Unicode scalars) of the offending character; one past the end for a missing part.
    public let position: Int

    init(_ what: String, at position: Int) {
        self.message = "\(what) at position \(position)"
        self.position = position
    }

    init(message: String, position: Int) {
        self.message = message
        self.position = position
    }

    /// A combinator --stream cannot decide: the elements it relates come after the one the stream decides.
    static func needsTree(_ combinator: Combinator, at position: Int) -> SelectorError {
        SelectorError(
            message: "--stream cannot decide the '\(combinator.symbol)' combinator (position \(position)): "
                + "it needs the whole tree",
            position: position)
    }

    /// A condition --stream cannot decide.
    static func needsTree(_ condition: Condition) -> SelectorError {
        SelectorError(
            message:
                "--stream cannot decide '\(condition.text)' (position \(condition.position)): it needs the whole tree",
            position: condition.position)
    }

    public var description: String { message }
}
