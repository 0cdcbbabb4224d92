internal import CSVN

/// Swift work done inside a libsvn callback: what it throws is kept, and libsvn is stopped with a cancellation error
/// instead, which `finish` drops for the kept error.
class SVNCallbackWork {
    private var failure: (any Error)?

    /// Runs `work`; an error it throws becomes the chain that makes libsvn stop.
    func attempt(_ work: () throws -> Void) -> UnsafeMutablePointer<svn_error_t>? {
        do {
            try work()
            return nil
        } catch {
            failure = error
            return libsvn.svn_error_create(apr_status_t(SVN_ERR_CANCELLED.rawValue), nil, "stopped by tb")
        }
    }

    /// Ends the libsvn call: rethrows what the work threw, else libsvn's own error.
    func finish(_ error: UnsafeMutablePointer<svn_error_t>?) throws {
        if let failure {
            if let error { libsvn.svn_error_clear(error) }
            throw failure
        }
        try SVNError.check(error)
    }
}
