// Working copies: what libsvn_wc knows of a path inside a checkout, read from its own database, without a server.
internal import CSVN

/// A versioned path of a working copy, as its BASE revision has it.
public struct SVNWorkingCopyNode: Sendable {
    /// The absolute path, as libsvn spells it.
    public let path: String
    /// The path as svn prints it: relative to the current directory when below it ("." for it), else absolute.
    public var localPath: String {
        guard let currentDirectory else { return path }
        if path == currentDirectory { return "." }
        let prefix = currentDirectory == "/" ? "/" : currentDirectory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
    /// The current directory when the node was read.
    let currentDirectory: String?
    /// The node's URL in the repository (escaped).
    public let url: String
    /// The BASE revision: the one the working copy was last updated to, for this node.
    public let baseRevision: Int
    /// COMMITTED: the last revision at or before BASE that changed the node.
    public let committedRevision: Int?
    /// The root of the working copy.
    public let root: String?
}

extension SVNWorkingCopyNode {
    fileprivate func with(currentDirectory: String?) -> SVNWorkingCopyNode {
        SVNWorkingCopyNode(
            path: path, currentDirectory: currentDirectory, url: url, baseRevision: baseRevision,
            committedRevision: committedRevision, root: root)
    }
}

/// Why a path in a working copy names no node of the repository.
public enum SVNWorkingCopyProblem: Error, Sendable, Equatable {
    /// The path is in a working copy but not under version control there.
    case notVersioned(root: String?)
    /// Added (or copied) and not committed yet: the repository has no such node.
    case notCommitted
}

extension SVN {
    /// The working-copy node at `path` (relative to the current directory or absolute); nil when the path is in no
    /// working copy. Only the working copy is read. The corresponding C function is `svn_client_info4`, with
    /// unspecified revisions, which reads libsvn_wc's database.
    public static func workingCopyNode(_ path: String) throws -> SVNWorkingCopyNode? {
        try loaded.get()
        guard let pool = libsvn.svn_pool_create_ex(nil, nil) else {
            throw SVNError(code: -1, chain: ["out of memory"])
        }
        defer { libsvn.apr_pool_destroy(pool) }
        var absolute: UnsafePointer<CChar>?
        try SVNError.check(libsvn.svn_dirent_get_absolute(&absolute, path, pool))
        guard let absolute else { return nil }
        var context: UnsafeMutablePointer<svn_client_ctx_t>?
        try SVNError.check(libsvn.svn_client_create_context2(&context, nil, pool))
        var current: UnsafePointer<CChar>?
        try SVNError.check(libsvn.svn_dirent_get_absolute(&current, "", pool))
        let currentDirectory = String(optionalCString: current)
        var found: Result<SVNWorkingCopyNode, SVNWorkingCopyProblem>?
        let deliver: (Result<SVNWorkingCopyNode, SVNWorkingCopyProblem>) throws -> Void = { found = $0 }
        var unspecified = svn_opt_revision_t()
        unspecified.kind = svn_opt_revision_unspecified
        var operative = unspecified
        do {
            try SVNReceiver.run(deliver) { baton in
                libsvn.svn_client_info4(
                    absolute, &unspecified, &operative, svn_depth_empty, 0, 0, 0, nil,
                    { baton, path, info, _ in
                        guard let info = info?.pointee else { return nil }
                        return SVNReceiver<Result<SVNWorkingCopyNode, SVNWorkingCopyProblem>>.from(baton)?
                            .deliver(SVN.node(String(optionalCString: path) ?? "", info))
                    }, baton, context, pool)
            }
        } catch let error as SVNError {
            if error.codes.contains(Int(SVN_ERR_WC_NOT_WORKING_COPY.rawValue)) { return nil }
            if error.codes.contains(Int(SVN_ERR_WC_PATH_NOT_FOUND.rawValue)) {
                throw SVNWorkingCopyProblem.notVersioned(root: root(of: absolute, pool: pool, context: context))
            }
            throw error
        }
        return try found?.get().with(currentDirectory: currentDirectory)
    }

    /// The node `info` describes, or why there is none in the repository.
    fileprivate static func node(_ path: String, _ info: svn_client_info2_t) -> Result<
        SVNWorkingCopyNode, SVNWorkingCopyProblem
    > {
        let wc = info.wc_info?.pointee
        if let wc, wc.schedule == svn_wc_schedule_add || wc.schedule == svn_wc_schedule_replace {
            return .failure(.notCommitted)
        }
        guard let url = String(optionalCString: info.URL), let base = revisionNumber(info.rev) else {
            return .failure(.notCommitted)
        }
        return .success(
            SVNWorkingCopyNode(
                path: path, currentDirectory: nil, url: url, baseRevision: base,
                committedRevision: revisionNumber(info.last_changed_rev),
                root: String(optionalCString: wc?.wcroot_abspath)))
    }

    /// The root of the working copy `absolute` lies in, for messages. The corresponding C function is
    /// `svn_client_get_wc_root`.
    private static func root(
        of absolute: UnsafePointer<CChar>, pool: OpaquePointer, context: UnsafeMutablePointer<svn_client_ctx_t>?
    ) -> String? {
        var root: UnsafePointer<CChar>?
        guard let error = libsvn.svn_client_get_wc_root(&root, absolute, context, pool, pool) else {
            return String(optionalCString: root)
        }
        libsvn.svn_error_clear(error)
        return nil
    }
}
