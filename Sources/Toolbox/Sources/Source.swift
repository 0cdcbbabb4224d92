// What a SOURCE argument names: a URL fetched with libcurl, a local file, or standard input.

/// One input, as resolved from the command line.
public struct Source: Sendable, Equatable {
    /// How it is read.
    public enum Kind: Sendable, Equatable {
        /// http, https, ftp, ftps or file: fetched with libcurl.
        case url
        /// A local path, read directly.
        case file
        /// `-`.
        case standardInput
    }

    /// The source as records and messages name it: the URL or path (a bookmark resolved), or `-`.
    public let name: String
    public let kind: Kind
    /// A file's path as given, which need not be UTF-8 (`name` shows such bytes as U+FFFD).
    public let path: [UInt8]

    public init(name: String, kind: Kind, path: [UInt8]? = nil) {
        self.name = name
        self.kind = kind
        self.path = path ?? Array(name.utf8)
    }

    /// The schemes libcurl fetches for us.
    static let fetchedSchemes: Set<String> = ["http", "https", "ftp", "ftps", "file"]

    /// Classifies a word of the command line (a bookmark already resolved).
    static func classify(_ word: ArgumentWord) throws(ToolError) -> Source {
        let text = word.text
        if text == "-" { return Source(name: text, kind: .standardInput) }
        guard Locations.isURL(text) else { return Source(name: text, kind: .file, path: word.bytes) }
        let scheme = String(text.prefix { $0 != ":" }).lowercased()
        guard fetchedSchemes.contains(scheme) else {
            throw ToolError("cannot fetch '\(text)': unsupported URL scheme '\(scheme)'")
        }
        return Source(name: text, kind: .url)
    }
}

/// What is known about a source when its first bytes arrive.
public struct SourceInfo: Sendable {
    public let source: Source
    /// The Content-Type the server sent (with its charset parameter), if any.
    public let contentType: String?
    /// The URL finally fetched, after redirects; the base for relative links.
    public let effectiveURL: String?
}

/// Receives one source's bytes. The input layer makes one per source, gives it the bytes in order as they arrive
/// (decompressed), and calls `finish` when they are all there.
public protocol InputHandler: AnyObject {
    /// The source is about to deliver its first bytes.
    func start(_ info: SourceInfo) throws
    /// The next bytes. Return false to stop reading the source (nothing more is downloaded).
    func receive(_ bytes: Span<UInt8>) throws -> Bool
    /// The input layer is about to wait for more bytes: deliver anything held back (results of work on another
    /// thread) now, so a slow source's records reach the reader at once.
    func idle() throws
    /// Every byte of the source has been received. Not called when the handler stopped it or it failed.
    func finish() throws
    /// The source broke off (the connection failed, a read error, the timeout): print every record the bytes so far
    /// hold, as if more were coming — what was received is not lost, and nothing is made of the missing end. The
    /// error is reported after this.
    func abandon() throws
    /// How many records the handler printed, for the history.
    var recordCount: Int { get }
}

extension InputHandler {
    public func start(_ info: SourceInfo) throws {}
    public func idle() throws {}
    public func abandon() throws { try idle() }
}
