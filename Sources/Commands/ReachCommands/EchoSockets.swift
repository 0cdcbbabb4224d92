// The ICMP sockets every icmp check shares, one per address family, and the echoes still awaiting an answer.
import Net
import Toolbox

/// The echo sockets and the echoes in flight, told apart by family and sequence number.
final class EchoSockets {
    /// An echo in flight.
    struct Key: Hashable {
        let family: IPAddress.Family
        let sequence: UInt16
    }

    private var sockets: [IPAddress.Family: (socket: ICMPSocket, reader: ICMPReader)] = [:]
    /// The echoes awaiting an answer: the check (target index) they belong to, and when they were sent (just before
    /// the kernel had them).
    private(set) var pending: [Key: (index: Int, sent: Int64)] = [:]
    private var nextSequence: UInt16 = 0
    /// The echo request being sent, rewritten for each.
    private var packet: [UInt8] = []

    /// Opens the socket of a family the first time, and has `poller` wait on it as `token`.
    func open(_ family: IPAddress.Family, poller: Poller, token: UInt64) throws {
        guard sockets[family] == nil else { return }
        let protocolName = family == .ipv6 ? "ICMPv6" : "ICMP"
        do {
            let socket = try ICMPSocket(family: family)
            try poller.add(socket.descriptor, token: token)
            sockets[family] = (socket, ICMPReader(family: family, isRaw: socket.isRaw, identifier: socket.identifier))
        } catch  where error.isPermissionDenied {
            throw ToolError(
                "cannot send \(protocolName) echoes: this group may not open ping sockets "
                    + "(sysctl net.ipv4.ping_group_range) and raw sockets need root or CAP_NET_RAW")
        } catch {
            throw ToolError("cannot open an \(protocolName) socket: \(error)")
        }
    }

    /// Whether the socket of `family` is open.
    func isOpen(_ family: IPAddress.Family) -> Bool { sockets[family] != nil }

    /// Sends the next echo to `address` for the check of target `index`; its sequence number. A sequence number is
    /// used up even when the kernel refuses the echo. The socket of the family is open (`isOpen`).
    func send(to address: IPAddress, for index: Int) throws(NetError) -> UInt16 {
        guard let (socket, _) = sockets[address.family] else { preconditionFailure("no \(address.family) socket") }
        let sequence = nextSequence
        nextSequence &+= 1
        ICMPEcho.write(
            into: &packet, family: address.family, identifier: socket.identifier, sequence: sequence,
            checksummed: socket.isRaw && address.family == .ipv4)
        let sent = try socket.send(packet, to: address)
        pending[Key(family: address.family, sequence: sequence)] = (index, sent)
        return sequence
    }

    /// What arrived for our echoes on the socket of `family` (anything else skipped).
    func receive(_ family: IPAddress.Family) -> [ICMPMessage] {
        guard let (socket, reader) = sockets[family] else { return [] }
        return socket.receive().compactMap(reader.message)
    }

    func forget(_ key: Key) {
        pending[key] = nil
    }
}
