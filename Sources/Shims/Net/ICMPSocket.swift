// ICMP echo (ping) for tb reach: one socket per address family for every target, a datagram "ping socket" where
// net.ipv4.ping_group_range allows it and a raw socket otherwise (root). The socket moves bytes only: what goes out
// is built, and what comes back is read, by the caller in safe Swift (hostile bytes are never parsed here or in C).
internal import CNet
import Glibc

/// An ICMP or ICMPv6 echo socket. The corresponding C calls are `socket(AF_INET, SOCK_DGRAM, IPPROTO_ICMP)` (or
/// `SOCK_RAW`), `sendto`, `recvmsg` and `recvmsg(MSG_ERRQUEUE)`.
public final class ICMPSocket {
    public let family: IPAddress.Family
    public let descriptor: Int32
    /// Whether it is a raw socket (the datagram one was not allowed): it sees other processes' ICMP too, a raw IPv4
    /// socket reads IP headers, and nothing fills in the ICMPv4 checksum of what it sends.
    public let isRaw: Bool
    /// The echo identifier a raw socket sends and is told its replies by; a datagram socket's is the kernel's.
    public let identifier: UInt16
    /// Where each read lands: an Ethernet frame's worth, as ping reads (a longer datagram is cut there).
    private var buffer = [UInt8](repeating: 0, count: 1500)

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

    /// Sends `packet` (an ICMP message, from its header on) to `address`: when it went, in monotonic nanoseconds
    /// taken just before it was handed to the kernel; or why the kernel would not send it.
    public func send(_ packet: [UInt8], to address: IPAddress) throws(NetError) -> Int64 {
        var sent: Int64 = 0
        let error = address.withBytes { bytes in
            packet.withUnsafeBufferPointer {
                CNet_icmp_send(
                    descriptor, address.cFamily, isRaw ? 1 : 0, bytes, address.scope, $0.baseAddress,
                    Int32(packet.count), &sent)
            }
        }
        guard error == 0 else { throw NetError(errno: error) }
        return sent
    }

    /// Everything that arrived since the last call, unread: what the bytes mean is the caller's to decide.
    public func receive() -> [ICMPDatagram] {
        var datagrams: [ICMPDatagram] = []
        let cFamily = family.cValue
        // Bounded, so that a flood of other processes' ICMP on a raw socket cannot keep the loop here.
        for _ in 0..<4096 {
            var address = [UInt8](repeating: 0, count: 16)
            var scope: UInt32 = 0
            var length: Int32 = 0
            var queued = CNet_queued_error()
            var received: Int64 = 0
            let capacity = Int32(buffer.count)
            let kind = address.withUnsafeMutableBufferPointer { address in
                buffer.withUnsafeMutableBufferPointer {
                    CNet_icmp_receive(
                        descriptor, isRaw ? 1 : 0, $0.baseAddress, capacity, &length, address.baseAddress, &scope,
                        &queued, &received)
                }
            }
            let source = IPAddress(family: cFamily, bytes: address, scope: scope)
            let bytes = Array(buffer.prefix(Int(max(0, min(length, capacity)))))
            switch kind {
            case Int32(CNet_icmp_nothing): return datagrams
            case Int32(CNet_icmp_datagram):
                datagrams.append(ICMPDatagram(bytes: bytes, source: source, received: received > 0 ? received : nil))
            case Int32(CNet_icmp_queued):
                let offender = withUnsafeBytes(of: queued.offender) { Array($0) }
                let error = ICMPDatagram.QueuedError(
                    fromICMP: queued.fromICMP != 0, type: queued.type, code: queued.code,
                    messageTooLong: queued.messageTooLong != 0,
                    offender: queued.hasOffender != 0 ? IPAddress(family: cFamily, bytes: offender) : nil)
                datagrams.append(ICMPDatagram(bytes: bytes, source: source, received: nil, queued: error))
            default: continue
            }
        }
        return datagrams
    }
}
