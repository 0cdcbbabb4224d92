// One libsvn client context: configuration, authentication that never prompts unless asked to, and the pool the
// operations allocate from.
internal import CSVN

/// A Subversion client: the operations of `svn ls`, `cat`, `log` and `info`, and what the directory cache needs.
public final class SVNClient {
    let pool: OpaquePointer
    let context: UnsafeMutablePointer<svn_client_ctx_t>

    /// A client with the given credentials. Configuration and cached credentials come from svn's directory
    /// (`settings.configDirectory`, else ~/.subversion) as for `svn`. The corresponding C functions are
    /// `svn_client_create_context2` and `svn_cmdline_create_auth_baton2`.
    public init(_ settings: SVNClientSettings) throws(SVNError) {
        try SVN.loaded.get()
        guard let pool = libsvn.svn_pool_create_ex(nil, nil) else {
            throw SVNError(code: -1, chain: ["out of memory"])
        }
        self.pool = pool
        var configuration: OpaquePointer?
        var context: UnsafeMutablePointer<svn_client_ctx_t>?
        do {
            try SVNError.check(libsvn.svn_config_get_config(&configuration, settings.configDirectory, pool))
            try SVNError.check(libsvn.svn_client_create_context2(&context, configuration, pool))
        } catch {
            libsvn.apr_pool_destroy(pool)
            throw error
        }
        guard let context else {
            libsvn.apr_pool_destroy(pool)
            throw SVNError(code: -1, chain: ["cannot create a client context"])
        }
        self.context = context
        let config = Self.category("config", of: configuration)
        Self.batchTunnels(config, interactive: settings.interactive)
        if let timeout = settings.timeout, let servers = Self.category("servers", of: configuration) {
            libsvn.svn_config_set(servers, "global", "http-timeout", String(timeout))
        }
        var authentication: OpaquePointer?
        let trusted = settings.trustedFailures
        // The auth baton keeps these pointers (as run-time parameters) rather than copies: they live in the pool.
        let copy = { (text: String?) in text.map { UnsafePointer(libsvn.apr_pstrdup(pool, $0)) } ?? nil }
        try SVNError.check(
            libsvn.svn_cmdline_create_auth_baton2(
                &authentication, settings.interactive ? 0 : 1, copy(settings.username), copy(settings.password),
                copy(settings.configDirectory),
                // A password given to tb is the caller's to keep: svn's cache is not where it belongs.
                settings.password == nil ? 0 : 1,
                trusted.contains(.unknownCA) ? 1 : 0, trusted.contains(.cnMismatch) ? 1 : 0,
                trusted.contains(.expired) ? 1 : 0, trusted.contains(.notYetValid) ? 1 : 0,
                trusted.contains(.other) ? 1 : 0, config, nil, nil, pool))
        self.context.pointee.auth_baton = authentication
        self.context.pointee.client_name = UnsafePointer(libsvn.apr_pstrdup(pool, "tb"))
        self.context.pointee.progress_baton = Unmanaged.passUnretained(self).toOpaque()
        self.context.pointee.progress_func = { _, _, baton, _ in
            guard let baton else { return }
            Unmanaged<SVNClient>.fromOpaque(baton).takeUnretainedValue().onProgress?()
        }
        self.context.pointee.cancel_baton = Unmanaged.passUnretained(self).toOpaque()
        self.context.pointee.cancel_func = { baton in
            guard let baton else { return nil }
            Unmanaged<SVNClient>.fromOpaque(baton).takeUnretainedValue().onCheck?()
            return nil
        }
    }

    /// Called at libsvn's cancellation checks, which ra_svn and ra_serf make before they read from the network:
    /// the moment to hand over what is buffered, because libsvn may wait next. The corresponding C field is
    /// `svn_client_ctx_t.cancel_func`.
    public var onCheck: (() -> Void)?

    /// Called whenever libsvn reports bytes moving to or from a server (a watchdog's sign of life). The
    /// corresponding C field is `svn_client_ctx_t.progress_func`.
    public var onProgress: (() -> Void)?

    deinit {
        libsvn.apr_pool_destroy(pool)
    }

    /// One category of svn's configuration ("config", "servers"). The corresponding C function is `apr_hash_get`.
    private static func category(_ name: String, of configuration: OpaquePointer?) -> OpaquePointer? {
        guard let configuration else { return nil }
        return OpaquePointer(libsvn.apr_hash_get(configuration, name, -1))
    }

    /// svn+ssh runs `ssh`, which asks for passwords and host keys on the terminal whatever libsvn is told: unless
    /// prompting is allowed, ssh runs in batch mode and fails instead. A tunnel the configuration sets, or
    /// `$SVN_SSH`, is used as it is.
    private static func batchTunnels(_ config: OpaquePointer?, interactive: Bool) {
        guard !interactive, let config else { return }
        var value: UnsafePointer<CChar>?
        libsvn.svn_config_get(config, &value, "tunnels", "ssh", nil)
        guard value == nil else { return }
        libsvn.svn_config_set(config, "tunnels", "ssh", "$SVN_SSH ssh -q -o ControlMaster=no -o BatchMode=yes --")
    }

    /// Runs `body` with a pool that is destroyed afterwards.
    func withPool<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T {
        // APR aborts the process rather than fail to make a pool: the fallback is never taken.
        guard let scratch = libsvn.svn_pool_create_ex(pool, nil) else { return try body(pool) }
        defer { libsvn.apr_pool_destroy(scratch) }
        return try body(scratch)
    }
}
