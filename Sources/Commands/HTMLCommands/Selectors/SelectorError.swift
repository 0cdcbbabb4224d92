// The one error of the selector parser, the compiler and --stream: a one-line message that points at the position.

/// A selector that cannot be parsed, or a part of it that --stream cannot decide.
public struct SelectorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based position (in Unicode scalars) of the offending character; one past the end for a missing part.
    public let position: Int
    /// The message's text before and after the position's number; `trail` nil when the message names no position.
    private let lead: String
    private let trail: String?

    /// The whole one-line message, position included ("unexpected ')' at position 7").
    public var message: String { trail.map { lead + String(position) + $0 } ?? lead }

    init(_ what: String, at position: Int) {
        self.init(lead: "\(what) at position ", position: position, trail: "")
    }

    /// A message that names no position.
    init(message: String, position: Int) {
        self.init(lead: message, position: position, trail: nil)
    }

    private init(lead: String, position: Int, trail: String?) {
        self.lead = lead
        self.position = position
        self.trail = trail
    }

    /// The same error in a selector that starts `offset` scalars into a longer argument (`--extract name=SUBSEL`):
    /// the position counts from the argument's start.
    func shifted(by offset: Int) -> SelectorError {
        SelectorError(lead: lead, position: position + offset, trail: trail)
    }

    /// A combinator --stream cannot decide: the elements it relates come after the one the stream decides.
    static func needsTree(_ combinator: Combinator, at position: Int) -> SelectorError {
        SelectorError(
            lead: "--stream cannot decide the '\(combinator.symbol)' combinator (position ", position: position,
            trail: "): it needs the whole tree")
    }

    /// A condition --stream cannot decide.
    static func needsTree(_ condition: Condition) -> SelectorError {
        SelectorError(
            lead: "--stream cannot decide '\(condition.text)' (position ", position: condition.position,
            trail: "): it needs the whole tree")
    }

    /// A condition a sub-selector of --extract cannot have where it has it for --stream: reading an element's content
    /// (:contains(), :empty) left of the last compound, where it may be an ancestor of the match still open.
    static func readsOpenContent(_ condition: Condition) -> SelectorError {
        SelectorError(
            lead: "--stream cannot decide '\(condition.text)' (position ", position: condition.position,
            trail: ") left of the last compound of a sub-selector: it needs the whole tree")
    }

    public var description: String { message }
}
