/// What an exit status means for one command.
public struct ExitStatusNote: Sendable {
    public let status: ExitStatus
    public let meaning: String

    public init(_ status: ExitStatus, _ meaning: String) {
        self.status = status
        self.meaning = meaning
    }
}
