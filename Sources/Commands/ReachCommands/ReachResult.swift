// What one check of one target found, and how it ended: what the prober reports and the records are made of.

/// How a check ended.
enum ReachStatus: String, Sendable, CaseIterable {
    case reachable, refused, timeout
    case dnsFailed = "dns_failed"
    case noRoute = "no_route"
    case httpError = "http_error"
    case tlsError = "tls_error"
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

    var reachable: Bool { status == .reachable }
}
