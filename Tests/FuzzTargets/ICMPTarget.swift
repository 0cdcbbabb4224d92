// Fuzz target `icmp`: any bytes as a datagram an ICMP socket read (a reply, another host's error quoting an echo,
// anyone's ICMP on a raw socket, an entry of a datagram socket's error queue). The first five bytes choose the
// socket and the kernel's account: flags (IPv6, raw, queued, from ICMP, too long), the queued error's type and code,
// and the identifier; the rest is the datagram. ICMPReader must read it exactly as the C it replaced did (the
// transliteration below, with C's signed lengths), and what ICMPEcho builds must read back as itself.
import Net

@testable import ReachCommands

/// ICMPReader and ICMPEcho (tb reach's ICMP packets).
enum ICMPTarget: FuzzTarget {
    static let name = "icmp"

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        guard input.count >= 5 else { return }
        let flags = input[0]
        let family: IPAddress.Family = flags & 1 != 0 ? .ipv6 : .ipv4
        let reader = ICMPReader(
            family: family, isRaw: flags & 2 != 0, identifier: UInt16(input[3]) << 8 | UInt16(input[4]))
        let source = family == .ipv4 ? sources.ipv4 : sources.ipv6
        let queued =
            flags & 4 == 0
            ? nil
            : ICMPDatagram.QueuedError(
                fromICMP: flags & 8 != 0, type: input[1], code: input[2], messageTooLong: flags & 16 != 0,
                offender: flags & 32 != 0 ? offender : nil)
        let bytes = Array(input[5...])
        let datagram = ICMPDatagram(bytes: bytes, source: source, received: 7, queued: queued)
        let read = reader.message(datagram)
        let expected = legacy(reader, datagram)
        try require(
            read == expected, "\(input): read \(String(describing: read)), the C read \(String(describing: expected))")
        try checksums(bytes)
        try roundTrip(reader, sequence: UInt16(input[1]) << 8 | UInt16(input[2]))
    }

    // Made once: parsing and printing addresses (inet_pton, inet_ntop) would take most of each run.
    static let sources = (ipv4: address("192.0.2.9"), ipv6: address("2001:db8::9"))
    static let destinations = (ipv4: address("203.0.113.5"), ipv6: address("2001:db8::5"))
    static let routers = (ipv4: address("192.0.2.1"), ipv6: address("2001:db8::1"))
    static let offender = address("198.51.100.1")
    static let headers = (
        ipv4: (destination: header(.ipv4, destinations.ipv4), router: header(.ipv4, routers.ipv4)),
        ipv6: header(.ipv6, destinations.ipv6)
    )

    /// The checksum is RFC 1071's (C's loop, transliterated), and a packet carrying it sums to zero.
    static func checksums(_ bytes: [UInt8]) throws(FuzzViolation) {
        var sum: UInt32 = 0
        var i = 0
        while i + 1 < bytes.count {
            sum &+= UInt32(bytes[i]) << 8 | UInt32(bytes[i + 1])
            i += 2
        }
        if bytes.count % 2 == 1 { sum &+= UInt32(bytes[bytes.count - 1]) << 8 }
        while sum >> 16 != 0 { sum = (sum & 0xffff) + (sum >> 16) }
        let checksum = ICMPEcho.checksum(bytes.span)
        try require(checksum == ~UInt16(sum), "checksum \(checksum) of \(bytes), C's \(~UInt16(sum))")
        guard bytes.count >= 4 else { return }
        var packet = bytes
        packet[2] = 0
        packet[3] = 0
        let filled = ICMPEcho.checksum(packet.span)
        packet[2] = UInt8(filled >> 8)
        packet[3] = UInt8(filled & 0xff)
        try require(ICMPEcho.checksum(packet.span) == 0, "\(packet) carries its checksum but does not sum to zero")
    }

    /// An echo built for `sequence` comes back as a reply, and quoted in a router's error.
    static func roundTrip(_ reader: ICMPReader, sequence: UInt16) throws(FuzzViolation) {
        let family = reader.family
        var echo = ICMPEcho.request(
            family: family, identifier: reader.identifier, sequence: sequence, checksummed: family == .ipv4)
        if family == .ipv4 { try require(ICMPEcho.checksum(echo.span) == 0, "\(echo) has a bad checksum") }
        let (destination, router) =
            family == .ipv4 ? (destinations.ipv4, routers.ipv4) : (destinations.ipv6, routers.ipv6)
        let ipHeader = family == .ipv4 ? headers.ipv4.destination : headers.ipv6
        let rawIPv4 = reader.isRaw && family == .ipv4
        var reply = echo
        reply[0] = family == .ipv4 ? 0 : 129
        let replied = reader.message(ICMPDatagram(bytes: (rawIPv4 ? ipHeader : []) + reply, source: destination))
        try require(
            replied == .reply(from: destination, sequence: sequence, received: nil),
            "a reply to echo \(sequence) reads as \(String(describing: replied))")
        echo[2] = 0xde  // a quoted packet's checksum is never looked at
        let unreachable: [UInt8] = [family == .ipv4 ? 3 : 1, family == .ipv4 ? 1 : 3, 0, 0, 0, 0, 0, 0]
        let error = (rawIPv4 ? headers.ipv4.router : []) + unreachable + ipHeader + echo
        let reported = reader.message(ICMPDatagram(bytes: error, source: router))
        let expected: ICMPMessage? =
            reader.isRaw
            ? .error(destination: destination, sequence: sequence, reporter: router, problem: .host) : nil
        try require(reported == expected, "an error about echo \(sequence) reads as \(String(describing: reported))")
    }

    /// A numeric address the target spells right.
    static func address(_ text: String) -> IPAddress {
        guard let address = IPAddress(text) else { preconditionFailure("'\(text)' is not an address") }
        return address
    }

    /// An IPv4 (20 bytes) or IPv6 (40 bytes) header of an ICMP packet to `destination`.
    static func header(_ family: IPAddress.Family, _ destination: IPAddress) -> [UInt8] {
        let text = destination.description
        if family == .ipv4 {
            let octets = text.split(separator: ".").compactMap { UInt8($0) }
            return [0x45, 0, 0, 84, 0, 0, 0, 0, 64, 1, 0, 0, 192, 0, 2, 2] + octets
        }
        let tail = UInt8(text.split(separator: ":").last.flatMap { UInt8($0, radix: 16) } ?? 0)
        let address: [UInt8] = [0x20, 0x01, 0x0d, 0xb8] + Array(repeating: 0, count: 11) + [tail]
        return [0x60, 0, 0, 0, 0, 64, 58, 64] + Array(repeating: 0, count: 16) + address
    }

    // MARK: The C it replaced (CNet_icmp_receive and receive_error), line by line

    static func legacy(_ reader: ICMPReader, _ datagram: ICMPDatagram) -> ICMPMessage? {
        let family = reader.family
        let packet = datagram.bytes
        let request: UInt8 = family == .ipv4 ? 8 : 128
        if let queued = datagram.queued {
            guard let sequence = ourEcho(request, packet, 0, packet.count, raw: false, reader.identifier) else {
                return nil
            }
            let reason =
                queued.fromICMP
                ? errorReason(family, queued.type, queued.code) : queued.messageTooLong ? .tooBig : .other
            return .error(destination: datagram.source, sequence: sequence, reporter: queued.offender, problem: reason)
        }
        var icmp = 0
        var length = packet.count
        if family == .ipv4 && reader.isRaw {
            if length < 20 { return nil }
            let header = Int(packet[0] & 0x0f) * 4
            if header + 8 > length { return nil }
            icmp += header
            length -= header
        }
        if length < 8 { return nil }
        let replyType: UInt8 = family == .ipv4 ? 0 : 129
        if packet[icmp] == replyType {
            guard let sequence = ourEcho(replyType, packet, icmp, length, raw: reader.isRaw, reader.identifier) else {
                return nil
            }
            return .reply(from: datagram.source, sequence: sequence, received: datagram.received)
        }
        if !reader.isRaw { return nil }
        let quoted = icmp + 8
        let left = length - 8
        let quotedHeader: Int
        if family == .ipv4 {
            if left < 20 { return nil }
            quotedHeader = Int(packet[quoted] & 0x0f) * 4
        } else {
            if left < 40 || packet[quoted + 6] != 58 { return nil }
            quotedHeader = 40
        }
        guard
            let sequence = ourEcho(
                request, packet, quoted + quotedHeader, left - quotedHeader, raw: true, reader.identifier)
        else { return nil }
        let at = quoted + (family == .ipv4 ? 16 : 24)
        guard let destination = IPAddress(family: family, bytes: packet[at..<at + (family == .ipv4 ? 4 : 16)]) else {
            return nil
        }
        return .error(
            destination: destination, sequence: sequence, reporter: datagram.source.withoutZone,
            problem: errorReason(family, packet[icmp], packet[icmp + 1]))
    }

    static func ourEcho(
        _ type: UInt8, _ packet: [UInt8], _ echo: Int, _ length: Int, raw: Bool, _ identifier: UInt16
    ) -> UInt16? {
        if length < 8 { return nil }
        if packet[echo] != type { return nil }
        let id = UInt16(packet[echo + 4]) << 8 | UInt16(packet[echo + 5])
        if raw && id != identifier { return nil }
        return UInt16(packet[echo + 6]) << 8 | UInt16(packet[echo + 7])
    }

    /// error_reason: the codes of destination unreachable that name something other than the host, by the C headers'
    /// names (netinet/ip_icmp.h, netinet/icmp6.h).
    static let unreachableCodes: [UInt8: ICMPProblem] = [
        0: .network, 6: .network, 11: .network,  // ICMP_NET_UNREACH, ICMP_NET_UNKNOWN, ICMP_NET_UNR_TOS
        2: .port, 3: .port, 4: .tooBig,  // ICMP_PROT_UNREACH, ICMP_PORT_UNREACH, ICMP_FRAG_NEEDED
        9: .prohibited, 10: .prohibited, 13: .prohibited,  // ICMP_NET_ANO, ICMP_HOST_ANO, ICMP_PKT_FILTERED
        14: .prohibited, 15: .prohibited,  // ICMP_PREC_VIOLATION, ICMP_PREC_CUTOFF
    ]
    static let unreachableCodesV6: [UInt8: ICMPProblem] = [
        0: .network, 4: .port,  // ICMP6_DST_UNREACH_NOROUTE, ICMP6_DST_UNREACH_NOPORT
        1: .prohibited, 5: .prohibited, 6: .prohibited,  // ICMP6_DST_UNREACH_ADMIN, policy failed, reject route
    ]

    static func errorReason(_ family: IPAddress.Family, _ type: UInt8, _ code: UInt8) -> ICMPProblem {
        // ICMP_TIME_EXCEEDED 11, ICMP_DEST_UNREACH 3; ICMP6_TIME_EXCEEDED 3, ICMP6_PACKET_TOO_BIG 2, ICMP6_DST_UNREACH 1
        let (timeExceeded, tooBig, unreachable) = family == .ipv4 ? (11, nil, 3) : (3, 2 as UInt8?, 1)
        if type == timeExceeded { return .hopLimit }
        if type == tooBig { return .tooBig }
        if type != unreachable { return .other }
        return (family == .ipv4 ? unreachableCodes : unreachableCodesV6)[code] ?? .host
    }
}
