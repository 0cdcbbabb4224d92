// What a server answered for a URL source, for commands that keep state between runs (validators, when to come
// back): the final response's status and the headers they need.

/// What the server answered for a URL source: its final response, after redirects.
public struct SourceResponse: Sendable, Equatable {
    /// The HTTP status of the final response; 0 when the source is not HTTP (ftp, file:).
    public var status: Int
    /// The ETag header as sent: opaque, quotes and `W/` kept, to be sent back in If-None-Match.
    public var etag: String?
    /// The Last-Modified header as sent: opaque, to be sent back in If-Modified-Since.
    public var lastModified: String?
    /// Retry-After (delta-seconds or an HTTP date) as an absolute UTC time; nil when absent or unreadable.
    public var retryAfter: Timestamp?
    /// The Content-Type, with its parameters.
    public var contentType: String?
    /// The URL finally fetched, after redirects.
    public var effectiveURL: String?
    /// Whether the request named a validator (If-None-Match or If-Modified-Since, from -H or the command): only such
    /// a request may be answered 304.
    public var conditional: Bool

    public init(
        status: Int, etag: String? = nil, lastModified: String? = nil, retryAfter: Timestamp? = nil,
        contentType: String? = nil, effectiveURL: String? = nil, conditional: Bool = false
    ) {
        self.status = status
        self.etag = etag
        self.lastModified = lastModified
        self.retryAfter = retryAfter
        self.contentType = contentType
        self.effectiveURL = effectiveURL
        self.conditional = conditional
    }

    /// 304 Not Modified to a conditional request: the source succeeds with no body.
    public var isNotModified: Bool { status == 304 && conditional }

    /// Why a response with a status below 400 fails its source, or nil: a 304 to a request that named no validator
    /// says nothing of the document, and printing nothing would pass for an empty one.
    public var failure: String? {
        status == 304 && !conditional ? "304 Not Modified to a request without validators" : nil
    }

    /// Whether `headers` (`Name: value` lines) name a validator, making the request conditional.
    public static func isConditional(_ headers: [String]) -> Bool {
        headers.contains { line in
            guard let colon = line.firstIndex(of: ":") else { return false }
            let name = String(line[..<colon]).trimmingWhitespace().lowercased()
            // `Name:` with nothing after it tells libcurl to leave the header out.
            let value = String(line[line.index(after: colon)...]).trimmingWhitespace()
            return (name == "if-none-match" || name == "if-modified-since") && !value.isEmpty
        }
    }
}
