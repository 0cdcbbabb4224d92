// How one check of tb reach ended: the status its record carries.

/// How a check ended.
enum ReachStatus: String, Sendable, CaseIterable {
    /// The host answered: an echo reply, a TCP connect, an HTTP status that counts.
    case reachable
    /// A route check found a route. Nothing was sent: the host may be down.
    case routable
    case refused, timeout
    /// A router (or this host, for a neighbour that never answered) sent back an ICMP destination unreachable.
    case unreachable
    case dnsFailed = "dns_failed"
    case noRoute = "no_route"
    case httpError = "http_error"
    case tlsError = "tls_error"
    /// The check succeeded, but the server's certificate ends within --min-cert-days.
    case certExpiring = "cert_expiring"

    /// Whether the check succeeded: the host answered, or for a route check, there is a route.
    var succeeded: Bool { self == .reachable || self == .routable }
}
