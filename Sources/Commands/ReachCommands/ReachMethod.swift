// The five ways tb reach checks a target; each has a probe of its own (Prober.makeProbe).

/// How a target is checked.
enum ReachMethod: String, Sendable, CaseIterable {
    /// Does the host answer ICMP echo requests (ping).
    case icmp
    /// Is there a route to the host (no packet is sent).
    case route
    /// Does a TCP connect succeed.
    case tcp
    /// Does an HTTP HEAD (or GET) get an expected status.
    case http
    /// Does a TLS handshake succeed (no HTTP): what certificate does the server show.
    case tls
}
