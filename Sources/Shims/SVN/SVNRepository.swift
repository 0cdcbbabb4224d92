// What the directory cache asks a server before it answers from what it holds: the repository's identity, its
// youngest revision, when a path last changed, and the locks below it.
internal import CSVN

/// The repository a URL is in, and the node it names.
public struct SVNRepositoryState: Sendable {
    public let root: String
    public let uuid: String
    public let youngest: Int
    public let kind: SVNNodeKind
    /// The revision in which the node last changed, which also changes whenever anything below it does.
    public let createdRevision: Int?
}

extension SVNClient {
    /// One connection to the server: the repository of `url`, its youngest revision, and the node `url` names in
    /// `revision` (nil for the youngest). The corresponding C functions are `svn_client_open_ra_session2`,
    /// `svn_ra_get_latest_revnum`, `svn_ra_get_uuid2`, `svn_ra_get_repos_root2` and `svn_ra_stat`.
    public func state(of url: String, revision: Int?) throws(SVNError) -> SVNRepositoryState {
        try withPool { (scratch) throws(SVNError) in
            var session: OpaquePointer?
            try SVNError.check(libsvn.svn_client_open_ra_session2(&session, url, nil, context, scratch, scratch))
            var youngest: svn_revnum_t = -1
            try SVNError.check(libsvn.svn_ra_get_latest_revnum(session, &youngest, scratch))
            var uuid: UnsafePointer<CChar>?
            var root: UnsafePointer<CChar>?
            try SVNError.check(libsvn.svn_ra_get_uuid2(session, &uuid, scratch))
            try SVNError.check(libsvn.svn_ra_get_repos_root2(session, &root, scratch))
            var dirent: UnsafeMutablePointer<svn_dirent_t>?
            try SVNError.check(
                libsvn.svn_ra_stat(session, "", svn_revnum_t(revision ?? Int(youngest)), &dirent, scratch))
            return SVNRepositoryState(
                root: String(optionalCString: root) ?? "", uuid: String(optionalCString: uuid) ?? "",
                youngest: Int(youngest), kind: dirent.map { SVNNodeKind($0.pointee.kind) } ?? .none,
                createdRevision: dirent.flatMap { revisionNumber($0.pointee.created_rev) })
        }
    }

    /// The locks on files at and below `url`, down to `depth`, keyed by their path in the repository
    /// ("/trunk/a.txt"). The corresponding C function is `svn_ra_get_locks2`.
    public func locks(below url: String, depth: SVNDepth) throws(SVNError) -> [String: SVNLock] {
        try withPool { (scratch) throws(SVNError) in
            var session: OpaquePointer?
            try SVNError.check(libsvn.svn_client_open_ra_session2(&session, url, nil, context, scratch, scratch))
            var hash: OpaquePointer?
            try SVNError.check(libsvn.svn_ra_get_locks2(session, &hash, "", depth.c, scratch))
            var locks: [String: SVNLock] = [:]
            var index = hash.flatMap { libsvn.apr_hash_first(scratch, $0) }
            while let current = index {
                var value: UnsafeMutableRawPointer?
                libsvn.apr_hash_this(current, nil, nil, &value)
                if let lock = value?.assumingMemoryBound(to: svn_lock_t.self).pointee, let path = lock.path {
                    locks[String(cString: path)] = SVNLock(lock)
                }
                index = libsvn.apr_hash_next(current)
            }
            return locks
        }
    }
}
