// The echo requests tb reach sends, as ping sends them: an 8-byte header and 56 bytes of payload.
import Net

/// Builds echo requests, and the Internet checksum they carry.
enum ICMPEcho {
    /// ping's payload size: 64 bytes in all with the header.
    static let payloadLength = 56

    /// The type of an echo request (8, or 128 for ICMPv6) and of its reply (0, or 129).
    static func requestType(_ family: IPAddress.Family) -> UInt8 { family == .ipv4 ? 8 : 128 }
    static func replyType(_ family: IPAddress.Family) -> UInt8 { family == .ipv4 ? 0 : 129 }

    /// An echo request with `identifier` and `sequence` and ping's payload pattern (0x10, 0x11…). `checksummed`: only
    /// ICMPv4 on a raw socket needs the checksum filled in; the kernel computes ICMPv6's and the datagram sockets'.
    static func request(
        family: IPAddress.Family, identifier: UInt16, sequence: UInt16, checksummed: Bool
    ) -> [UInt8] {
        var packet: [UInt8] = []
        write(into: &packet, family: family, identifier: identifier, sequence: sequence, checksummed: checksummed)
        return packet
    }

    /// Writes that request over `packet`, which is made 64 bytes long the first time: a sender that keeps its
    /// packet allocates nothing per echo.
    static func write(
        into packet: inout [UInt8], family: IPAddress.Family, identifier: UInt16, sequence: UInt16,
        checksummed: Bool
    ) {
        if packet.count != 8 + payloadLength { packet = [UInt8](repeating: 0, count: 8 + payloadLength) }
        packet[0] = requestType(family)
        packet[1] = 0
        packet[2] = 0
        packet[3] = 0
        packet[4] = UInt8(identifier >> 8)
        packet[5] = UInt8(identifier & 0xff)
        packet[6] = UInt8(sequence >> 8)
        packet[7] = UInt8(sequence & 0xff)
        for i in 0..<payloadLength { packet[8 + i] = UInt8(0x10 + i) }
        if checksummed {
            let sum = checksum(packet.span)
            packet[2] = UInt8(sum >> 8)
            packet[3] = UInt8(sum & 0xff)
        }
    }

    /// The Internet checksum (RFC 1071) of `bytes`: the one's complement of the one's complement sum of its 16-bit
    /// big-endian words (an odd last byte padded with zero), to be stored high byte first.
    static func checksum(_ bytes: Span<UInt8>) -> UInt16 {
        // 64 bits hold the sum of any span's words without overflow; the carries are folded in at the end.
        var sum: UInt64 = 0
        var i = 0
        while i + 1 < bytes.count {
            sum += UInt64(bytes[i]) << 8 | UInt64(bytes[i + 1])
            i += 2
        }
        if bytes.count % 2 == 1 { sum += UInt64(bytes[bytes.count - 1]) << 8 }
        while sum >> 16 != 0 { sum = (sum & 0xffff) + (sum >> 16) }
        return ~UInt16(sum)
    }
}
