// A repository on this machine (a file:// URL), read through libsvn_fs: the sizes, last-changed revisions, authors
// and dates of a listing whose paths libsvn lists alone, each revision's properties read once.
internal import CSVN

/// The filesystem of a local repository, opened for one listing of one revision.
///
/// Asked for anything besides the kind, libsvn's local access computes every field of every entry, and reads the
/// author and date of an entry's last-changed revision from disk for every entry: on a tree of 5,000 entries last
/// changed in 1,500 revisions that is most of the listing's time. Here each revision's
/// properties are read once, and only what is asked for is computed.
final class SVNLocalRepository {
    private let fs: OpaquePointer
    /// The youngest revision when the repository was opened.
    let youngest: Int
    private let pool: OpaquePointer
    private var root: OpaquePointer?
    private var rootRevision = -1
    /// The author and date of each revision asked for so far.
    private var committed: [Int: (author: String?, time: Int64?)] = [:]

    /// Opens the repository `url` is in, allocating from `pool`; nil when `url` is not a file:// URL of a repository
    /// libsvn can open (the caller lists through libsvn alone then, which says why it cannot). The corresponding C
    /// functions are `svn_uri_get_dirent_from_file_url`, `svn_repos_find_root_path`, `svn_repos_open3` and
    /// `svn_fs_youngest_rev`.
    init?(url: String, pool: OpaquePointer) {
        guard url.utf8.starts(with: "file://".utf8) else { return nil }
        var directory: UnsafePointer<CChar>?
        var repository: OpaquePointer?
        var youngest: svn_revnum_t = -1
        guard
            Self.succeeded(libsvn.svn_uri_get_dirent_from_file_url(&directory, url, pool)),
            let directory, let rootPath = libsvn.svn_repos_find_root_path(directory, pool),
            Self.succeeded(libsvn.svn_repos_open3(&repository, rootPath, nil, pool, pool)),
            let fs = libsvn.svn_repos_fs(repository),
            Self.succeeded(libsvn.svn_fs_youngest_rev(&youngest, fs, pool))
        else { return nil }
        self.fs = fs
        self.youngest = Int(youngest)
        self.pool = pool
    }

    /// The number of an operative revision: HEAD is the youngest revision when the repository was opened; nil for
    /// a date (which libsvn resolves).
    func operative(_ revision: SVNRevision) -> Int? {
        switch revision {
        case .head: youngest
        case .number(let number): number
        case .date: nil
        }
    }

    private static func succeeded(_ error: UnsafeMutablePointer<svn_error_t>?) -> Bool {
        guard let error else { return true }
        libsvn.svn_error_clear(error)
        return false
    }

    /// The fields of `fields` besides the kind of the node at `path` (absolute in the repository, "/trunk/a") in
    /// `revision`, as libsvn's own listing computes them (`svn_repos_stat`); allocations last while `scratch` does.
    /// The corresponding C functions are `svn_fs_revision_root`, `svn_fs_file_length` and `svn_fs_node_created_rev`.
    func entry(
        path: String, relativePath: String, kind: SVNNodeKind, lock: SVNLock?, revision: Int,
        fields: SVNDirentFields, scratch: OpaquePointer?
    ) throws(SVNError) -> SVNEntry {
        if root == nil || rootRevision != revision {
            try SVNError.check(libsvn.svn_fs_revision_root(&root, fs, svn_revnum_t(revision), pool))
            rootRevision = revision
        }
        var size: Int64?
        if kind == .file, fields.contains(.size) {
            var length: svn_filesize_t = -1
            try SVNError.check(libsvn.svn_fs_file_length(&length, root, path, scratch))
            size = length >= 0 ? Int64(length) : nil
        }
        var changed: Int?
        var committed: (author: String?, time: Int64?) = (nil, nil)
        if !fields.isDisjoint(with: [.createdRevision, .time, .lastAuthor]) {
            var number: svn_revnum_t = -1
            try SVNError.check(libsvn.svn_fs_node_created_rev(&number, root, path, scratch))
            changed = revisionNumber(number)
            if let changed, !fields.isDisjoint(with: [.time, .lastAuthor]) {
                committed = try authorAndTime(of: changed, scratch: scratch)
            }
        }
        return SVNEntry(
            path: relativePath, kind: kind, size: size, createdRevision: changed, time: committed.time,
            lastAuthor: committed.author, lock: lock)
    }

    /// The author and date of `revision`, read the first time it is asked for. The corresponding C function is
    /// `svn_fs_revision_proplist2`.
    private func authorAndTime(of revision: Int, scratch: OpaquePointer?) throws(SVNError) -> (
        author: String?, time: Int64?
    ) {
        if let known = committed[revision] { return known }
        var properties: OpaquePointer?
        // Refreshed, as libsvn's listing reads them.
        try SVNError.check(
            libsvn.svn_fs_revision_proplist2(&properties, fs, svn_revnum_t(revision), 1, scratch, scratch))
        let known = (
            author: properties.flatMap { string(libsvn.apr_hash_get($0, "svn:author", -1)) },
            time: properties.flatMap { string(libsvn.apr_hash_get($0, "svn:date", -1)) }.flatMap {
                timeFromString($0, pool: scratch)
            }
        )
        committed[revision] = known
        return known
    }
}
