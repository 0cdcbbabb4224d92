// Name lookups with a deadline. Plain getaddrinfo blocks for as long as the resolver retries (10 s and more with a
// DNS server that never answers); here lookups run on glibc's threads (getaddrinfo_a) and announce their end on an
// eventfd, so one epoll loop waits for them, for connects and for its deadline together.
internal import CNet
import Glibc

/// Runs name lookups in the background. The corresponding C function is `getaddrinfo_a`.
public final class Resolver {
    /// One lookup: its C state until it ends, then its result.
    private final class Lookup {
        var pointer: OpaquePointer?
        var result: Result<[IPAddress], NetError>?
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
    }

    /// The notifier every lookup writes to when it ends. It stays open for the life of the process: a lookup that
    /// outlives its deadline may still write to it.
    private static let notifier: Int32 = CNet_notifier_open()
    private var running: [String: Lookup] = [:]
    private var finished: [String: Lookup] = [:]

    public init() {}

    deinit {
        for lookup in running.values { if let pointer = lookup.pointer { CNet_lookup_free(pointer) } }
    }

    /// The descriptor that becomes readable when a lookup ends; wait on it, then call `collect`.
    public var descriptor: Int32 { Self.notifier }

    /// Starts looking `host` up, unless a lookup of it is already running (one that outlived an earlier
    /// deadline is joined rather than started again).
    public func start(_ host: String, family: IPAddress.Family?) throws(NetError) {
        guard running[host] == nil else { return }
        guard Self.notifier >= 0 else { throw NetError(errno: errno) }
        let cFamily = family?.cValue ?? 0
        var error: Int32 = 0
        guard let pointer = CNet_lookup_start(host, cFamily, Self.notifier, &error) else {
            throw NetError(resolver: error)
        }
        running[host] = Lookup(pointer)
        finished[host] = nil
    }

    /// Moves the lookups that ended to the finished ones. Call when `descriptor` is readable.
    public func collect() {
        CNet_notifier_drain(Self.notifier)
        for (host, lookup) in running {
            guard let pointer = lookup.pointer else { continue }
            let status = CNet_lookup_status(pointer)
            guard status != CNet_eai_inprogress else { continue }
            if status == 0 {
                var families = [Int32](repeating: 0, count: 32)
                var bytes = [UInt8](repeating: 0, count: 32 * 16)
                let count = families.withUnsafeMutableBufferPointer { families in
                    bytes.withUnsafeMutableBufferPointer {
                        CNet_lookup_addresses(pointer, families.baseAddress, $0.baseAddress, 32)
                    }
                }
                lookup.result = .success(
                    (0..<Int(count)).map {
                        IPAddress(family: families[$0], bytes: Array(bytes[($0 * 16)..<($0 * 16 + 16)]))
                    })
            } else {
                lookup.result = .failure(NetError(resolver: status))
            }
            CNet_lookup_free(pointer)
            lookup.pointer = nil
            running[host] = nil
            finished[host] = lookup
        }
    }

    /// The result of a finished lookup of `host`, once; nil while it runs.
    public func take(_ host: String) -> Result<[IPAddress], NetError>? {
        guard let lookup = finished.removeValue(forKey: host) else { return nil }
        return lookup.result
    }
}
