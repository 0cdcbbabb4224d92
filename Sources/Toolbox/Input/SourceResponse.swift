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

    public init(
        status: Int, etag: String? = nil, lastModified: String? = nil, retryAfter: Timestamp? = nil,
        contentType: String? = nil, effectiveURL: String? = nil
    ) {
        self.status = status
        self.etag = etag
        self.lastModified = lastModified
        self.retryAfter = retryAfter
        self.contentType = contentType
        self.effectiveURL = effectiveURL
    }

    /// 304 Not Modified: the source succeeds with no body.
    public var isNotModified: Bool { status == 304 }
}
