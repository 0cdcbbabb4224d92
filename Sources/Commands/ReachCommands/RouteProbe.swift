// `--method route`: is there a route to the host. A UDP socket is connected, which asks the kernel's routing table
// and sends nothing; the host may well be down.
import Net

/// A route check: the first address with a route succeeds.
final class RouteProbe: Probe {
    private let services: ProbeServices

    init(services: ProbeServices) {
        self.services = services
    }

    func start(_ check: ReachCheck, addresses: [IPAddress]) -> ProbeStep {
        var failures = AddressFailures()
        switch Self.firstRouted(addresses, check, services, &failures) {
        case .found(let address, let local):
            return .finished(check.succeeded(address: address, local: local, services: services))
        case .requeue: return .requeue
        case .none: return .finished(failures.result(check))
        }
    }

    func event(_ check: ReachCheck, _ event: ProbeEvent, at time: Int64) -> ProbeStep { .running }

    /// Never asked: a route check ends as it starts.
    func timeout(_ check: ReachCheck) -> ReachResult { check.silent(pending: nil, settings: services.settings) }

    func close() {}

    /// What asking the routing table for each address in turn found.
    enum Routed {
        /// The first address with a route, and the local address its packets would leave from.
        case found(IPAddress, local: IPAddress)
        /// Out of descriptors while other checks hold some.
        case requeue
        /// No address has a route (each one's reason is in the failures).
        case none
    }

    /// Asks the routing table about each address in turn (an icmp check pings the first one it routes).
    static func firstRouted(
        _ addresses: [IPAddress], _ check: ReachCheck, _ services: ProbeServices, _ failures: inout AddressFailures
    ) -> Routed {
        for address in addresses {
            switch Routes.check(address, port: check.target.port ?? 9) {
            case .success(let local): return .found(address, local: local)
            case .failure(let error) where error.isOutOfDescriptors && services.othersRunning: return .requeue
            case .failure(let error): failures.append(address, error)
            }
        }
        return .none
    }
}
