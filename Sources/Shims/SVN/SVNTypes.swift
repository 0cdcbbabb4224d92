// The values tb's svn commands pass to libsvn and get back: revisions, depths, node kinds, locks.

/// A revision as svn's `-r` and peg revisions name it.
public enum SVNRevision: Sendable, Equatable {
    /// The youngest revision.
    case head
    case number(Int)
    /// The youngest revision at this time (microseconds since 1970, UTC), as `{DATE}` names it.
    case date(Int64)
}

/// How far below a directory an operation reaches.
public enum SVNDepth: String, Sendable, CaseIterable {
    case empty, files, immediates, infinity
}

/// What a path is.
public enum SVNNodeKind: String, Sendable {
    case file, dir, none, unknown, symlink
}

/// The dirent fields `list` can be asked for: each one costs the server work, so ask only for what is shown.
public struct SVNDirentFields: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let kind = SVNDirentFields(rawValue: 0x1)
    public static let size = SVNDirentFields(rawValue: 0x2)
    public static let createdRevision = SVNDirentFields(rawValue: 0x8)
    public static let time = SVNDirentFields(rawValue: 0x10)
    public static let lastAuthor = SVNDirentFields(rawValue: 0x20)
    public static let all: SVNDirentFields = [.kind, .size, .createdRevision, .time, .lastAuthor]
}

/// A lock on a file. Times are seconds since 1970, UTC.
public struct SVNLock: Sendable, Equatable {
    public var token: String?
    public var owner: String?
    public var comment: String?
    public var created: Int64?
    public var expires: Int64?

    public init(token: String?, owner: String?, comment: String?, created: Int64?, expires: Int64?) {
        self.token = token
        self.owner = owner
        self.comment = comment
        self.created = created
        self.expires = expires
    }
}

/// Server certificate failures that are accepted rather than refused, as svn's --trust-server-cert-failures
/// spells them.
public enum SVNCertificateFailure: String, Sendable, CaseIterable {
    case unknownCA = "unknown-ca"
    case cnMismatch = "cn-mismatch"
    case expired
    case notYetValid = "not-yet-valid"
    case other
}

/// How a client authenticates and reaches servers.
public struct SVNClientSettings: Sendable {
    /// The user name; nil for the one in svn's auth cache or the login name.
    public var username: String?
    /// The password; nil for the one in svn's auth cache.
    public var password: String?
    /// svn's configuration and auth cache directory; nil for ~/.subversion.
    public var configDirectory: String?
    /// Whether libsvn may prompt for credentials and certificates (only ever on a terminal).
    public var interactive = false
    public var trustedFailures: Set<SVNCertificateFailure> = []
    /// Seconds an http(s) server may stay silent (serf's http-timeout); nil for svn's configuration.
    public var timeout: Int?

    public init() {}
}
