// What the probes of one run share, owned by Prober's loop: the poller and the tokens of the descriptors it waits
// on, the echo sockets, libcurl's multi handle, the settings, and what each local address's interface is.
import Curl
import Net

/// The probes' shared means. Each thing a probe registers names the target index it belongs to, so that the loop
/// hands its events to the check of that target.
final class ProbeServices {
    /// The tokens the loop waits on; connects get theirs from `firstConnection` on.
    enum Token {
        static let resolver: UInt64 = 0
        static let routes: UInt64 = 1
        static let output: UInt64 = 2
        static let icmp: UInt64 = 3
        static let icmpv6: UInt64 = 4
        static let firstConnection: UInt64 = 16
    }

    let settings: ProbeSettings
    let poller: Poller
    let echoes = EchoSockets()
    /// Made for the first http target: loading libcurl costs milliseconds that route and tcp checks need not pay.
    private(set) var multi: CurlMulti?
    /// The transfers on `multi`, by target index.
    var transfers: [ObjectIdentifier: Int] = [:]
    /// The descriptors registered with `watch`, by target index.
    var owners: [UInt64: Int] = [:]
    private var nextToken = Token.firstConnection
    /// What each local address's interface is; forgotten when routes change.
    private var interfaces: [IPAddress: (name: String?, kind: String?)] = [:]
    /// How many checks are in flight (the loop's count).
    var inFlight: () -> Int = { 0 }

    init(settings: ProbeSettings, poller: Poller) {
        self.settings = settings
        self.poller = poller
    }

    /// Whether other checks are in flight: one that runs out of descriptors then waits for them to end, while one
    /// alone fails (nothing would free any).
    var othersRunning: Bool { inFlight() > 1 }

    /// Has the poller wait on `fd` for the check of target `index`; the token its readiness comes with.
    func watch(_ fd: Int32, writable: Bool, for index: Int) throws(NetError) -> UInt64 {
        let token = nextToken
        nextToken += 1
        try poller.add(fd, writable: writable, token: token)
        owners[token] = index
        return token
    }

    func unwatch(_ token: UInt64) {
        owners[token] = nil
    }

    /// Opens the echo socket of a family the first time.
    func openEchoSocket(_ family: IPAddress.Family) throws {
        try echoes.open(family, poller: poller, token: family == .ipv6 ? Token.icmpv6 : Token.icmp)
    }

    /// The multi handle, made the first time.
    func curlMulti() throws(CurlError) -> CurlMulti {
        if let multi { return multi }
        let multi = try CurlMulti()
        self.multi = multi
        return multi
    }

    /// The name and kind of the interface that holds a local address.
    func interface(of local: IPAddress) -> (String?, String?) {
        if let known = interfaces[local] { return known }
        let name = Routes.interface(holding: local)
        let found = (name, name.map { InterfaceKind.of($0).rawValue })
        interfaces[local] = found
        return found
    }

    func forgetInterfaces() {
        interfaces = [:]
    }
}
