// svn info: what the repository knows of a path.
internal import CSVN

/// The information on one path.
public struct SVNInfo: Sendable {
    /// The path as libsvn reports it (for a URL target, its URL).
    public let url: String
    public let repositoryRoot: String?
    public let repositoryUUID: String?
    public let revision: Int?
    public let kind: SVNNodeKind
    public let lastChangedRevision: Int?
    /// Seconds since 1970, UTC.
    public let lastChangedDate: Int64?
    public let lastChangedAuthor: String?
    /// The size of a file; nil for directories.
    public let size: Int64?
    public let lock: SVNLock?
}

extension SVNClient {
    /// The information on `url` (the node it names in `peg`) at `revision`, and on what lies below it down to
    /// `depth`, calling `receiver` for each path. The corresponding C function is `svn_client_info4`.
    public func info(
        _ url: String, peg: SVNRevision, revision: SVNRevision, depth: SVNDepth, receiver: (SVNInfo) throws -> Void
    ) throws {
        try withPool { scratch in
            var peg = peg.c
            var revision = revision.c
            try receive(receiver) { baton in
                libsvn.svn_client_info4(
                    url, &peg, &revision, depth.c, 0, 0, 0, nil,
                    { baton, url, info, _ in
                        guard let info = info?.pointee else { return nil }
                        let kind = SVNNodeKind(info.kind)
                        let item = SVNInfo(
                            url: String(optionalCString: info.URL) ?? String(optionalCString: url) ?? "",
                            repositoryRoot: String(optionalCString: info.repos_root_URL),
                            repositoryUUID: String(optionalCString: info.repos_UUID),
                            revision: revisionNumber(info.rev), kind: kind,
                            lastChangedRevision: revisionNumber(info.last_changed_rev),
                            lastChangedDate: seconds(info.last_changed_date),
                            lastChangedAuthor: String(optionalCString: info.last_changed_author),
                            size: kind == .file && info.size >= 0 ? Int64(info.size) : nil,
                            lock: info.lock.map { SVNLock($0.pointee) })
                        return SVNReceiver<SVNInfo>.from(baton)?.deliver(item) ?? nil
                    }, baton, context, scratch)
            }
        }
    }
}
