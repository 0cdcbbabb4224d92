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
    /// The listed target's path in the repository in the listed revision ("/trunk/old-name.txt"), which differs
    /// from the URL's when a peg revision followed the node back to an older name; nil when unknown.
    public let targetPath: String?

    public init(
        path: String, kind: SVNNodeKind, size: Int64?, createdRevision: Int?, time: Int64?, lastAuthor: String?,
        lock: SVNLock?, targetPath: String? = nil
    ) {
        self.targetPath = targetPath
        self.path = path
        self.kind = kind
        self.size = size
        self.createdRevision = createdRevision
        self.time = time
        self.lastAuthor = lastAuthor
        self.lock = lock
    }
}

extension SVNEntry {
    /// The same entry with another lock, or the target's path in the repository.
    public func with(lock: SVNLock?) -> SVNEntry {
        SVNEntry(
            path: path, kind: kind, size: size, createdRevision: createdRevision, time: time, lastAuthor: lastAuthor,
            lock: lock, targetPath: targetPath)
    }

    func with(targetPath: String) -> SVNEntry {
        SVNEntry(
            path: path, kind: kind, size: size, createdRevision: createdRevision, time: time, lastAuthor: lastAuthor,
            lock: lock, targetPath: targetPath)
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
            // A local repository's entries are listed by path and kind alone and completed here: see
            // SVNLocalRepository. The revisions are fixed first, so that both read the same tree.
            if !fields.isSubset(of: .kind), let local = SVNLocalRepository(url: url, pool: scratch),
                let operative = local.operative(revision)
            {
                var base: String?
                try listDirents(
                    url, peg: peg == .head ? .number(local.youngest) : peg, revision: .number(operative),
                    depth: depth, fields: .kind, locks: locks, pool: scratch
                ) { listed in
                    let target = base ?? String(optionalCString: listed.absolutePath) ?? "/"
                    base = target
                    let path = listed.path
                    let absolute = path.isEmpty ? target : target == "/" ? "/" + path : target + "/" + path
                    try receiver(
                        local.entry(
                            path: absolute, relativePath: path, kind: SVNNodeKind(listed.dirent.kind),
                            lock: listed.lock, revision: operative, fields: fields, scratch: listed.pool
                        ).with(targetPath: target))
                }
                return
            }
            try listDirents(
                url, peg: peg, revision: revision, depth: depth, fields: fields, locks: locks, pool: scratch
            ) { listed in
                let dirent = listed.dirent
                let kind = SVNNodeKind(dirent.kind)
                try receiver(
                    SVNEntry(
                        path: listed.path, kind: kind,
                        size: kind == .file && dirent.size >= 0 ? Int64(dirent.size) : nil,
                        createdRevision: revisionNumber(dirent.created_rev), time: seconds(dirent.time),
                        lastAuthor: String(optionalCString: dirent.last_author), lock: listed.lock,
                        targetPath: String(optionalCString: listed.absolutePath)))
            }
        }
    }

    /// `svn_client_list4`, calling `receiver` with what libsvn hands its callback.
    private func listDirents(
        _ url: String, peg: SVNRevision, revision: SVNRevision, depth: SVNDepth, fields: SVNDirentFields,
        locks: Bool, pool: OpaquePointer, receiver: (ListedDirent) throws -> Void
    ) throws {
        var peg = peg.c
        var revision = revision.c
        try receive(receiver) { baton in
            libsvn.svn_client_list4(
                url, &peg, &revision, nil, depth.c, fields.union(.kind).rawValue, locks ? 1 : 0, 0,
                { baton, path, dirent, lock, absolutePath, _, _, pool in
                    guard let dirent = dirent?.pointee else { return nil }
                    let listed = ListedDirent(
                        path: path.map { String(cString: $0) } ?? "", dirent: dirent,
                        lock: lock.map { SVNLock($0.pointee) }, absolutePath: absolutePath, pool: pool)
                    return SVNReceiver<ListedDirent>.from(baton)?.deliver(listed) ?? nil
                }, baton, context, pool)
        }
    }
}

/// One entry as libsvn's listing callback receives it; the pointers live until the callback returns.
private struct ListedDirent {
    /// Relative to the listed target, "" for the target itself.
    let path: String
    let dirent: svn_dirent_t
    let lock: SVNLock?
    /// The listed target's path in the repository ("/trunk").
    let absolutePath: UnsafePointer<CChar>?
    /// Cleared after the callback.
    let pool: OpaquePointer?
}
