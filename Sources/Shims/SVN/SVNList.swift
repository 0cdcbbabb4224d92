// svn ls: the entries of a directory, or a file, as libsvn lists them.
internal import CSVN

/// One entry of a listing.
public struct SVNEntry: Sendable {
    /// The path relative to the listed target, unescaped; "" for the target itself.
    public let path: String
    public let kind: SVNNodeKind
    /// The size of a file; nil for directories and when not asked for.
    public let size: Int64?
    /// The revision in which it last changed.
    public let createdRevision: Int?
    /// When it last changed, in seconds since 1970, UTC.
    public let time: Int64?
    public let lastAuthor: String?
    public let lock: SVNLock?

    public init(
        path: String, kind: SVNNodeKind, size: Int64?, createdRevision: Int?, time: Int64?, lastAuthor: String?,
        lock: SVNLock?
    ) {
        self.path = path
        self.kind = kind
        self.size = size
        self.createdRevision = createdRevision
        self.time = time
        self.lastAuthor = lastAuthor
        self.lock = lock
    }
}

extension SVNClient {
    /// Lists `url` at `revision` (the node `url` names in `peg`) down to `depth`, calling `receiver` for each entry
    /// as libsvn delivers it, the target itself ("") first. Only the dirent `fields` asked for are fetched, and
    /// locks only when `locks` is set. The corresponding C function is `svn_client_list4`.
    public func list(
        _ url: String, peg: SVNRevision, revision: SVNRevision, depth: SVNDepth, fields: SVNDirentFields,
        locks: Bool, receiver: (SVNEntry) throws -> Void
    ) throws {
        try withPool { scratch in
            var peg = peg.c
            var revision = revision.c
            try SVNReceiver.run(receiver) { baton in
                libsvn.svn_client_list4(
                    url, &peg, &revision, nil, depth.c, fields.union(.kind).rawValue, locks ? 1 : 0, 0,
                    { baton, path, dirent, lock, _, _, _, _ in
                        guard let dirent = dirent?.pointee else { return nil }
                        let kind = SVNNodeKind(dirent.kind)
                        let entry = SVNEntry(
                            path: path.map { String(cString: $0) } ?? "", kind: kind,
                            size: kind == .file && dirent.size >= 0 ? Int64(dirent.size) : nil,
                            createdRevision: revisionNumber(dirent.created_rev), time: seconds(dirent.time),
                            lastAuthor: String(optionalCString: dirent.last_author),
                            lock: lock.map { SVNLock($0.pointee) })
                        return SVNReceiver<SVNEntry>.from(baton)?.deliver(entry) ?? nil
                    }, baton, context, scratch)
            }
        }
    }
}
