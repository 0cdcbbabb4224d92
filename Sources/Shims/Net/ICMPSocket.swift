// ICMP echo (ping) for tb reach: one socket per address family for every target, a datagram "ping socket" where
// net.ipv4.ping_group_range allows it and a raw socket otherwise (root), replies and errors told apart by sequence.
internal import CNet
import Glibc

/// Why an ICMP error said an echo could not be delivered.
public enum ICMPProblem: Sendable, Equatable, CustomStringConvertible {
    case network, host, port, prohibited, tooBig, hopLimit, other

    init(_ reason: Int32) {
        switch reason {
        case Int32(CNet_icmp_network): self = .network
        case Int32(CNet_icmp_host): self = .host
        case Int32(CNet_icmp_port): self = .port
        case Int32(CNet_icmp_prohibited): self = .prohibited
        case Int32(CNet_icmp_too_big): self = .tooBig
        case Int32(CNet_icmp_hop_limit): self = .hopLimit
        default: self = .other
        }
    }

    public var description: String {
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

/// What arrived on an ICMP socket for one of our echoes.
public enum ICMPMessage: Sendable {
    /// An echo reply from `from`, which the kernel received at `received` (monotonic nanoseconds; nil when it did
    /// not say).
    case reply(from: IPAddress, sequence: UInt16, received: Int64?)
    /// An ICMP error about the echo sent to `destination`, from the router `reporter` (when known).
    case error(destination: IPAddress, sequence: UInt16, reporter: IPAddress?, problem: ICMPProblem)
}

/// An ICMP or ICMPv6 echo socket. The corresponding C calls are `socket(AF_INET, SOCK_DGRAM, IPPROTO_ICMP)` (or
/// `SOCK_RAW`), `sendto`, `recvfrom` and `recvmsg(MSG_ERRQUEUE)`.
public final class ICMPSocket {
    public let family: IPAddress.Family
    public let descriptor: Int32
    /// Whether it is a raw socket (the datagram one was not allowed): it sees other processes' ICMP too.
    public let isRaw: Bool
    /// The echo identifier a raw socket sends and filters by; a datagram socket's is the kernel's.
    private let identifier: UInt16

    /// Opens the socket; the error is the datagram socket's, or the raw one's when the datagram one was refused
    /// for want of permission (EACCES, EPERM: see `NetError.isPermissionDenied`).
    public init(family: IPAddress.Family) throws(NetError) {
        self.family = family
        var raw: Int32 = 0
        var identifier: UInt16 = 0
        var error: Int32 = 0
        descriptor = CNet_icmp_open(family.cValue, &raw, &identifier, &error)
        guard descriptor >= 0 else { throw NetError(errno: error) }
        isRaw = raw != 0
        self.identifier = identifier
    }

    deinit {
        CNet_close(descriptor)
    }

    /// Sends one echo request to `address`: when it went, in monotonic nanoseconds taken just before it was handed
    /// to the kernel; or why the kernel would not send it.
    public func send(to address: IPAddress, sequence: UInt16) throws(NetError) -> Int64 {
        var sent: Int64 = 0
        let error = address.withBytes {
            CNet_icmp_send(descriptor, address.cFamily, isRaw ? 1 : 0, $0, address.scope, identifier, sequence, &sent)
        }
        guard error == 0 else { throw NetError(errno: error) }
        return sent
    }

    /// Everything that arrived for our echoes since the last call (other processes' messages skipped).
    public func receive() -> [ICMPMessage] {
        var messages: [ICMPMessage] = []
        let cFamily = family.cValue
        // Bounded, so that a flood of other processes' ICMP on a raw socket cannot keep the loop here.
        for _ in 0..<4096 {
            var address = [UInt8](repeating: 0, count: 16)
            var reporter = [UInt8](repeating: 0, count: 16)
            var scope: UInt32 = 0
            var sequence: UInt16 = 0
            var reason: Int32 = 0
            var hasReporter: Int32 = 0
            var received: Int64 = 0
            let kind = address.withUnsafeMutableBufferPointer { address in
                reporter.withUnsafeMutableBufferPointer {
                    CNet_icmp_receive(
                        descriptor, cFamily, isRaw ? 1 : 0, identifier, address.baseAddress, &scope, &sequence,
                        &reason, $0.baseAddress, &hasReporter, &received)
                }
            }
            switch kind {
            case Int32(CNet_icmp_nothing): return messages
            case Int32(CNet_icmp_reply):
                messages.append(
                    .reply(
                        from: IPAddress(family: cFamily, bytes: address, scope: scope), sequence: sequence,
                        received: received > 0 ? received : nil))
            case Int32(CNet_icmp_error):
                messages.append(
                    .error(
                        destination: IPAddress(family: cFamily, bytes: address, scope: scope), sequence: sequence,
                        reporter: hasReporter != 0 ? IPAddress(family: cFamily, bytes: reporter) : nil,
                        problem: ICMPProblem(reason)))
            default: continue
            }
        }
        return messages
    }
}
