/// One worked example for help and the man page.
public struct Example: Sendable {
    /// The command line, starting with `tb`.
    public let command: String
    /// What it does, one sentence.
    public let explanation: String

    public init(_ command: String, _ explanation: String) {
        self.command = command
        self.explanation = explanation
    }
}
