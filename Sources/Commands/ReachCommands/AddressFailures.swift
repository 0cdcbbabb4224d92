// Why each address of a target failed, and the result when all of them did.
import Net

/// The failures of a check's addresses, in the order they were tried.
struct AddressFailures {
    private var failures: [(IPAddress, NetError)] = []

    mutating func append(_ address: IPAddress, _ error: NetError) {
        failures.append((address, error))
    }

    /// Every address failed: the most telling failure decides (refused beats no route beats the rest).
    func result(_ check: ReachCheck) -> ReachResult {
        let target = check.target
        func describe(_ address: IPAddress, _ error: NetError) -> String {
            let routed = target.method == .route || target.method == .icmp
            let place = routed ? "\(address)" : ReachCheck.endpoint(address, target.port ?? 0)
            if routed, let route = error.routeDescription { return "\(place): \(route)" }
            return "\(place): \(error)"
        }
        let status: ReachStatus
        let chosen: (IPAddress, NetError)?
        if let refused = failures.first(where: { $0.1.isRefused }) {
            (status, chosen) = (.refused, refused)
        } else if let noRoute = failures.first(where: { $0.1.isNoRoute }) {
            (status, chosen) = (.noRoute, noRoute)
        } else if let timedOut = failures.first(where: { $0.1.isTimeout }) {
            (status, chosen) = (.timeout, timedOut)
        } else {
            (status, chosen) = (.noRoute, failures.first)
        }
        var result = check.result(status)
        result.address = chosen.map { $0.0.description }
        result.error = chosen.map { describe($0.0, $0.1) } ?? "no address to try"
        return result
    }
}
