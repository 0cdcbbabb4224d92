// One libsvn client context: configuration, authentication that never prompts unless asked to, and the pool the
// operations allocate from.
internal import CSVN
import Glibc

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
        self.context.pointee.progress_func = { total, _, baton, _ in
            guard let baton else { return }
            Unmanaged<SVNClient>.fromOpaque(baton).takeUnretainedValue().moved(total: Int64(total))
        }
        self.context.pointee.cancel_baton = Unmanaged.passUnretained(self).toOpaque()
        self.context.pointee.cancel_func = { baton in
            guard let baton else { return nil }
            let client = Unmanaged<SVNClient>.fromOpaque(baton).takeUnretainedValue()
            client.onCheck?()
            return client.overLimit()
        }
    }

    /// Called at libsvn's cancellation checks, which ra_svn and ra_serf make before they read from the network:
    /// the moment to hand over what is buffered, because libsvn may wait next. The corresponding C field is
    /// `svn_client_ctx_t.cancel_func`.
    public var onCheck: (() -> Void)?

    /// Called whenever libsvn hands a result over: an entry, a log record, information on a path, bytes of a file, a
    /// server's answer to a question, bytes of a file being committed. Bytes alone are not one: a server can send
    /// them for ever without an answer in them.
    public var onResult: (() -> Void)?

    /// The most bytes that may move to and from servers between two results (see `onResult`), nil for no bound: at
    /// the first check after more, libsvn stops with an error. The corresponding C fields are
    /// `svn_client_ctx_t.progress_func`, which counts, and `cancel_func`, which stops.
    public var byteLimit: Int64?

    /// The most the peak resident memory may grow while bytes come from a server and no result, nil for no bound.
    /// ra_svn holds an item whole until it ends, 20 to 45 bytes of memory for each byte read of a list of short words
    /// or numbers: a byte limit alone would let a server that never closes a list take gigabytes.
    public var memoryLimit: Int64?

    /// Whether the bytes a server sends are results themselves (a diff: libsvn fetches a file's old text and its
    /// delta whole before it writes a line of the file's diff), so that a large file is not taken for a silent
    /// server. The memory limit still holds.
    var bytesAreResults = false

    /// Bytes moved since the last result.
    private var unanswered: Int64 = 0
    /// The running total libsvn reported last: each RA session counts from 0.
    private var lastTotal: Int64 = 0
    /// The peak resident memory when bytes began to come after the last result.
    private var peakAtResult: Int64 = 0

    /// libsvn's progress report: `total` bytes moved so far in a session. Only servers report any: a local
    /// repository's work is never counted.
    private func moved(total: Int64) {
        if unanswered == 0, memoryLimit != nil { peakAtResult = Self.peakResident() }
        // A total below the last one is another session's, counted from its start.
        unanswered += total >= lastTotal ? total - lastTotal : total
        lastTotal = total
        if bytesAreResults && total > 0 { handedOver() }
    }

    /// A result was handed over: the bytes that brought it were worth their while.
    func handedOver() {
        unanswered = 0
        onResult?()
    }

    /// The error that stops libsvn once a server sent more than `byteLimit` bytes, or made libsvn hold more than
    /// `memoryLimit` more memory, since the last result.
    private func overLimit() -> UnsafeMutablePointer<svn_error_t>? {
        guard unanswered > 0 else { return nil }
        var message: String?
        if let byteLimit, unanswered > byteLimit {
            message = "the server sent \(Self.size(byteLimit)) without an answer"
        } else if let memoryLimit, Self.peakResident() - peakAtResult > memoryLimit {
            message = "the server's answer took \(Self.size(memoryLimit)) of memory without an end"
        }
        guard let message else { return nil }
        return libsvn.svn_error_create(apr_status_t(SVN_ERR_RA_SVN_MALFORMED_DATA.rawValue), nil, message)
    }

    /// The process's peak resident memory in bytes. The corresponding C function is `getrusage`.
    private static func peakResident() -> Int64 {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int64(usage.ru_maxrss) * 1024
    }

    /// "64 MiB", "512 KiB", "100 bytes".
    private static func size(_ bytes: Int64) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// Throws libsvn's error, if there is one; otherwise the server answered, which is a result.
    func answered(_ error: UnsafeMutablePointer<svn_error_t>?) throws(SVNError) {
        try SVNError.check(error)
        handedOver()
    }

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
