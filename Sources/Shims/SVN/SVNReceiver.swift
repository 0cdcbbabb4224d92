// Carries a Swift closure through libsvn's callbacks: what it throws stops libsvn, and is rethrown to the caller.
internal import CSVN

/// The baton of a libsvn callback.
final class SVNReceiver<Item> {
    private let body: (Item) throws -> Void
    /// What `body` threw; libsvn was stopped with a cancellation error, which `finish` drops for this.
    private var failure: (any Error)?

    init(_ body: @escaping (Item) throws -> Void) {
        self.body = body
    }

    /// Calls the closure; an error it throws becomes the chain that makes libsvn stop.
    func deliver(_ item: Item) -> UnsafeMutablePointer<svn_error_t>? {
        do {
            try body(item)
            return nil
        } catch {
            failure = error
            return libsvn.svn_error_create(apr_status_t(SVN_ERR_CANCELLED.rawValue), nil, "stopped by the receiver")
        }
    }

    /// Ends a call that used this receiver: rethrows what the closure threw, else libsvn's own error.
    func finish(_ error: UnsafeMutablePointer<svn_error_t>?) throws {
        if let failure {
            if let error { libsvn.svn_error_clear(error) }
            throw failure
        }
        try SVNError.check(error)
    }

    /// Runs `call` with this receiver as the baton.
    static func run(
        _ body: (Item) throws -> Void,
        _ call: (UnsafeMutableRawPointer) -> UnsafeMutablePointer<svn_error_t>?
    ) throws {
        try withoutActuallyEscaping(body) { escapable in
            let receiver = SVNReceiver(escapable)
            let error = withExtendedLifetime(receiver) { call(Unmanaged.passUnretained(receiver).toOpaque()) }
            try receiver.finish(error)
        }
    }

    /// The receiver a callback's baton points at (every callback of this module is registered with one, by
    /// `run`).
    static func from(_ baton: UnsafeMutableRawPointer?) -> SVNReceiver? {
        baton.map { Unmanaged<SVNReceiver>.fromOpaque($0).takeUnretainedValue() }
    }
}
