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

/// One connection to a repository (an RA session): the questions the directory cache asks, all on it. The
/// corresponding C function is `svn_client_open_ra_session2`.
public final class SVNSession {
    /// Keeps the context the session uses alive, and with it the pool `pool` belongs to.
    private let client: SVNClient
    private let pool: OpaquePointer
    private let session: OpaquePointer

    init(_ url: String, client: SVNClient) throws(SVNError) {
        // APR aborts the process rather than fail to make a pool.
        guard let pool = libsvn.svn_pool_create_ex(client.pool, nil) else {
            throw SVNError(code: -1, chain: ["out of memory"])
        }
        var session: OpaquePointer?
        if let error = libsvn.svn_client_open_ra_session2(&session, url, nil, client.context, pool, pool) {
            libsvn.apr_pool_destroy(pool)
            throw SVNError.take(error)
        }
        guard let session else {
            libsvn.apr_pool_destroy(pool)
            throw SVNError(code: -1, chain: ["cannot open a session to '\(url)'"])
        }
        self.client = client
        self.pool = pool
        self.session = session
        client.handedOver()
    }

    deinit {
        libsvn.apr_pool_destroy(pool)
    }

    /// Runs `body` with a pool that is destroyed afterwards.
    private func withScratch<T>(_ body: (OpaquePointer?) throws(SVNError) -> T) throws(SVNError) -> T {
        let scratch = libsvn.svn_pool_create_ex(pool, nil)
        defer { if let scratch { libsvn.apr_pool_destroy(scratch) } }
        return try body(scratch)
    }

    /// The repository, its youngest revision, and the node the session's URL names in `revision` (nil for the
    /// youngest). The corresponding C functions are `svn_ra_get_latest_revnum`, `svn_ra_get_uuid2`,
    /// `svn_ra_get_repos_root2` and `svn_ra_stat`.
    public func state(revision: Int?) throws(SVNError) -> SVNRepositoryState {
        try withScratch { (scratch) throws(SVNError) in
            var youngest: svn_revnum_t = -1
            try client.answered(libsvn.svn_ra_get_latest_revnum(session, &youngest, scratch))
            var uuid: UnsafePointer<CChar>?
            var root: UnsafePointer<CChar>?
            try client.answered(libsvn.svn_ra_get_uuid2(session, &uuid, scratch))
            try client.answered(libsvn.svn_ra_get_repos_root2(session, &root, scratch))
            var dirent: UnsafeMutablePointer<svn_dirent_t>?
            try client.answered(
                libsvn.svn_ra_stat(session, "", svn_revnum_t(revision ?? Int(youngest)), &dirent, scratch))
            return SVNRepositoryState(
                root: String(optionalCString: root) ?? "", uuid: String(optionalCString: uuid) ?? "",
                youngest: Int(youngest), kind: dirent.map { SVNNodeKind($0.pointee.kind) } ?? .none,
                createdRevision: dirent.flatMap { revisionNumber($0.pointee.created_rev) })
        }
    }

    /// The locks on files at and below the session's URL, down to `depth`, keyed by their path in the repository
    /// ("/trunk/a.txt"). The corresponding C function is `svn_ra_get_locks2`.
    public func locks(depth: SVNDepth) throws(SVNError) -> [String: SVNLock] {
        try withScratch { (scratch) throws(SVNError) in
            var hash: OpaquePointer?
            try client.answered(libsvn.svn_ra_get_locks2(session, &hash, "", depth.c, scratch))
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

extension SVNClient {
    /// A connection to the repository of `url`, for several questions.
    public func session(_ url: String) throws(SVNError) -> SVNSession {
        try SVNSession(url, client: self)
    }
}
