// What an ICMP socket's datagram says about one of our echoes, once ICMPReader has read it.
import Net

/// What arrived on an ICMP socket for one of our echoes.
enum ICMPMessage: Sendable, Equatable {
    /// An echo reply from `from`, which the kernel received at `received` (monotonic nanoseconds; nil when it did
    /// not say).
    case reply(from: IPAddress, sequence: UInt16, received: Int64?)
    /// An ICMP error about the echo sent to `destination`, from the router `reporter` (when known).
    case error(destination: IPAddress, sequence: UInt16, reporter: IPAddress?, problem: ICMPProblem)

    /// The echo it is about.
    var sequence: UInt16 {
        switch self {
        case .reply(_, let sequence, _), .error(_, let sequence, _, _): sequence
        }
    }

    /// Who the echo it is about went to, as far as the message tells: a reply's source, an error's destination.
    var address: IPAddress {
        switch self {
        case .reply(let from, _, _): from
        case .error(let destination, _, _, _): destination
        }
    }
}
