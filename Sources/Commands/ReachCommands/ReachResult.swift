// What one check of one target found, and how it ended: what the prober reports and the records are made of.

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

    /// Whether the check succeeded: the host answered, or for a route check, there is a route.
    var succeeded: Bool { self == .reachable || self == .routable }
}

/// What one check of one target found.
struct ReachResult: Sendable {
    var status: ReachStatus
    var address: String?
    var interface: String?
    var interfaceKind: String?
    /// Durations in microseconds.
    var dns: Int?
    var connect: Int?
    var tls: Int?
    var total: Int
    var httpStatus: Int?
    /// Why it is not reachable.
    var error: String?
    /// For icmp checks: the echoes sent and answered.
    var echoes: EchoSummary?
    /// With --wait: how many checks were made, and how long since the first began (microseconds).
    var tries: Int?
    var waited: Int?

    /// Whether the check succeeded: the host answered, or for a route check, there is a route.
    var reachable: Bool { status.succeeded }
}

/// What the echoes of an icmp check found, like fping's summary: sent, received, and the round trips of the replies.
struct EchoSummary: Sendable {
    var sent = 0
    /// Round-trip times of the replies, in microseconds.
    var roundTrips: [Int] = []

    var received: Int { roundTrips.count }
    /// The share of echoes without a reply, in percent.
    var lossPercent: Double { sent == 0 ? 0 : Double(sent - received) * 100 / Double(sent) }
    /// The shortest, mean and longest round trip, in microseconds; nil without a reply.
    var shortest: Int? { roundTrips.min() }
    var mean: Int? { roundTrips.isEmpty ? nil : roundTrips.reduce(0, +) / roundTrips.count }
    var longest: Int? { roundTrips.max() }
}
