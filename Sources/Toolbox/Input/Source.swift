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
