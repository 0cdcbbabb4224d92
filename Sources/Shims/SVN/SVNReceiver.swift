// Carries a Swift closure through libsvn's callbacks: what it throws stops libsvn, and is rethrown to the caller.
internal import CSVN

/// The baton of a libsvn callback that hands items to a Swift closure.
final class SVNReceiver<Item>: SVNCallbackWork {
    private let body: (Item) throws -> Void

    init(_ body: @escaping (Item) throws -> Void) {
        self.body = body
    }

    /// Calls the closure with `item`.
    func deliver(_ item: Item) -> UnsafeMutablePointer<svn_error_t>? {
        attempt { try body(item) }
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

extension SVNClient {
    /// Runs `call` with a receiver of `body` as the baton: every item libsvn hands it is a result (`handedOver`).
    func receive<Item>(
        _ body: (Item) throws -> Void, _ call: (UnsafeMutableRawPointer) -> UnsafeMutablePointer<svn_error_t>?
    ) throws {
        try SVNReceiver.run(
            { (item: Item) in
                handedOver()
                try body(item)
            }, call)
    }
}
