// What the loop and ICMPProbe ask of a message an ICMP socket read: the echo it is about, and where that went.
import Net

extension ICMPMessage {
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
