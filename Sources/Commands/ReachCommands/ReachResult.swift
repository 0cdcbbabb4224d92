// What one check of one target found, and how it ended: what the prober reports and the records are made of.

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
    /// https and tls checks: the server's certificate (also when verification refused it), whether it names the
    /// host, and its whole days left when the check ended.
    var certificate: ServerCertificate?
    var certificateNamesHost: Bool?
    var certificateDaysLeft: Int?

    /// Whether the check succeeded: the host answered, or for a route check, there is a route.
    var reachable: Bool { status.succeeded }
}
