// One check of one target in flight: what every method has in common, around the probe of its own.
import Net

/// A check in flight: when it began, its deadline, its name lookup, and the probe of its method.
final class ReachCheck {
    /// The target's index in the run.
    let index: Int
    let target: ReachTarget
    let started: Int64
    /// Moved earlier by an icmp check that waits only a while after its last echo (`echoWait`).
    var deadline: Int64
    /// When the probe has something to do before the deadline (the next echo); nil for nothing. A stored time
    /// rather than a question to the probe: the loop reads it for every check at every turn.
    var wake: Int64?
    /// When the name lookup ended (or the check started, for an address).
    var resolved: Int64?
    /// How long the name lookup took, in microseconds.
    var dns: Int?
    let probe: any Probe

    init(index: Int, target: ReachTarget, started: Int64, deadline: Int64, probe: any Probe) {
        self.index = index
        self.target = target
        self.started = started
        self.deadline = deadline
        self.probe = probe
    }

    /// A result of `status` as of `time`: the time since the check began and the lookup's.
    func result(_ status: ReachStatus, at time: Int64 = Prober.now) -> ReachResult {
        var result = ReachResult(status: status, total: Int((time - started) / 1000))
        result.dns = dns
        return result
    }

    /// A failure of `status` as of now, saying `message`.
    func failed(_ status: ReachStatus, _ message: String) -> ReachResult {
        var result = result(status)
        result.error = message
        return result
    }

    /// A route or a connect succeeded at `time` (a connect in `connect` nanoseconds), from `local`.
    func succeeded(
        address: IPAddress, local: IPAddress?, at time: Int64 = Prober.now, connect: Int64? = nil,
        services: ProbeServices
    ) -> ReachResult {
        var result = result(target.method == .route ? .routable : .reachable, at: time)
        result.address = address.description
        result.connect = connect.map { Int($0 / 1000) }
        if let local { (result.interface, result.interfaceKind) = services.interface(of: local) }
        return result
    }

    /// No answer within the timeout from `pending`, the address still tried (nil: none was).
    func silent(pending: IPAddress?, settings: ProbeSettings) -> ReachResult {
        var result = result(.timeout)
        result.address = pending?.description
        let place = pending.map { Self.endpoint($0, target.port ?? 0) } ?? target.host
        result.error = "no answer from \(place) within \(settings.timeout.argumentText)"
        return result
    }

    /// `192.0.2.1:80`, `[2001:db8::1]:80`.
    static func endpoint(_ address: IPAddress, _ port: Int) -> String {
        address.family == .ipv6 ? "[\(address)]:\(port)" : "\(address):\(port)"
    }
}
