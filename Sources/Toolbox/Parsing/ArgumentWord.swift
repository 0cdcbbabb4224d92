// One word of the command line, kept as the bytes the shell gave: a file name or a --no-unicode pattern may hold
// bytes that are not UTF-8, and repairing them (as Swift's CommandLine.arguments does) would lose them.

/// A command-line word: its bytes, and its text for everything that reads it as words (invalid UTF-8 becomes U+FFFD
/// there). File names and patterns use the bytes.
public struct ArgumentWord: Sendable, Equatable {
    /// Exactly as given.
    public let bytes: [UInt8]
    /// As text, for option names, numbers, messages and records.
    public let text: String

    /// A word given as text (tests, bookmarks resolved to URLs): its bytes are its UTF-8.
    public init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        text = String(decoding: bytes, as: UTF8.self)
    }

    /// The part from byte `offset` on: the value in `--name=value` or `-ovalue`, whose prefix is ASCII.
    func suffix(from offset: Int) -> ArgumentWord {
        ArgumentWord(bytes: Array(bytes[min(offset, bytes.count)...]))
    }
}
