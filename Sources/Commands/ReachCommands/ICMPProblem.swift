// Why an ICMP error said an echo could not be delivered, from the error's type and code.
import Net

/// Why an ICMP error said an echo could not be delivered.
enum ICMPProblem: Sendable, Equatable, CustomStringConvertible {
    case network, host, port, prohibited, tooBig, hopLimit, other

    /// The problem an ICMP (`family` .ipv4) or ICMPv6 error of `type` and `code` names. Codes no standard gives a
    /// meaning of its own (host unknown, source route failed…) count as the host's.
    init(family: IPAddress.Family, type: UInt8, code: UInt8) {
        self = family == .ipv4 ? Self.icmp(type: type, code: code) : Self.icmpv6(type: type, code: code)
    }

    private static func icmp(type: UInt8, code: UInt8) -> ICMPProblem {
        // Time exceeded (11), destination unreachable (3) and its codes: RFC 792, 1122 and 1812.
        if type == 11 { return .hopLimit }
        guard type == 3 else { return .other }
        switch code {
        case 0, 6, 11: return .network
        case 2, 3: return .port
        case 4: return .tooBig
        case 9, 10, 13, 14, 15: return .prohibited
        default: return .host
        }
    }

    private static func icmpv6(type: UInt8, code: UInt8) -> ICMPProblem {
        // Time exceeded (3), packet too big (2), destination unreachable (1) and its codes: RFC 4443.
        if type == 3 { return .hopLimit }
        if type == 2 { return .tooBig }
        guard type == 1 else { return .other }
        switch code {
        case 0: return .network
        // Policy failed (5) and reject route (6) are prohibitions too.
        case 1, 5, 6: return .prohibited
        case 4: return .port
        default: return .host
        }
    }

    var description: String {
        switch self {
        case .network: "network unreachable"
        case .host: "host unreachable"
        case .port: "port unreachable"
        case .prohibited: "administratively prohibited"
        case .tooBig: "packet too big"
        case .hopLimit: "hop limit exceeded"
        case .other: "destination unreachable"
        }
    }
}
