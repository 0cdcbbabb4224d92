// Reads what an ICMP socket received: which of our echoes a reply answers, and which one an error is about and why.
// These are bytes from the network, anyone's: every read is bounds-checked (a Span), and the `icmp` fuzz target
// holds this reader to the rules of the C it replaced. Checksums are not verified: the kernel has checked the
// ICMP checksum of everything it delivers, and a quoted packet's own is not looked at, as ping does not.
import Net

/// Reads the datagrams of one ICMP socket.
struct ICMPReader: Sendable {
    let family: IPAddress.Family
    /// A raw socket reads every ICMP message of the host, with the IP header on IPv4; ours carry `identifier`.
    let isRaw: Bool
    let identifier: UInt16

    /// What `datagram` says about one of our echoes; nil for anything else (another process's, a packet cut short).
    func message(_ datagram: ICMPDatagram) -> ICMPMessage? {
        if let queued = datagram.queued { return queuedError(datagram, queued) }
        let bytes = datagram.bytes.span
        // A raw IPv4 socket reads the IP header too; ICMPv6 and datagram sockets start at the ICMP header.
        var start = 0
        if family == .ipv4 && isRaw {
            guard bytes.count >= 20 else { return nil }
            start = Int(bytes[0] & 0x0f) * 4
            guard start + 8 <= bytes.count else { return nil }
        }
        guard bytes.count - start >= 8 else { return nil }
        let type = bytes[start]
        if type == ICMPEcho.replyType(family) {
            guard let sequence = ourEcho(bytes, at: start, type: type, checkingIdentifier: isRaw) else { return nil }
            return .reply(from: datagram.source, sequence: sequence, received: datagram.received)
        }
        // A datagram socket hears of errors through its error queue only.
        guard isRaw else { return nil }
        return quotedError(bytes, at: start, from: datagram.source)
    }

    /// An error on a raw socket: it quotes the packet it is about, its IP header and then (at least) the first 8
    /// bytes of our echo.
    private func quotedError(_ bytes: Span<UInt8>, at start: Int, from source: IPAddress) -> ICMPMessage? {
        let quoted = start + 8
        let left = bytes.count - quoted
        let quotedHeader: Int
        if family == .ipv4 {
            guard left >= 20 else { return nil }
            quotedHeader = Int(bytes[quoted] & 0x0f) * 4
        } else {
            // The quoted IPv6 header's next header must be ICMPv6 (58): no extension headers are followed.
            guard left >= 40 && bytes[quoted + 6] == 58 else { return nil }
            quotedHeader = 40
        }
        let echo = ICMPEcho.requestType(family)
        guard let sequence = ourEcho(bytes, at: quoted + quotedHeader, type: echo, checkingIdentifier: true) else {
            return nil
        }
        // The quoted header's destination: at byte 16 of an IPv4 header, 24 of an IPv6 one.
        let (offset, length) = family == .ipv4 ? (16, 4) : (24, 16)
        var destination: [UInt8] = []
        for i in 0..<length { destination.append(bytes[quoted + offset + i]) }
        guard let address = IPAddress(family: family, bytes: destination) else { return nil }
        let problem = ICMPProblem(family: family, type: bytes[start], code: bytes[start + 1])
        return .error(destination: address, sequence: sequence, reporter: source.withoutZone, problem: problem)
    }

    /// An error from a datagram socket's error queue: the kernel read the ICMP message, and hands back our echo.
    private func queuedError(_ datagram: ICMPDatagram, _ queued: ICMPDatagram.QueuedError) -> ICMPMessage? {
        let echo = ICMPEcho.requestType(family)
        guard let sequence = ourEcho(datagram.bytes.span, at: 0, type: echo, checkingIdentifier: false) else {
            return nil
        }
        let problem =
            queued.fromICMP
            ? ICMPProblem(family: family, type: queued.type, code: queued.code)
            : queued.messageTooLong ? .tooBig : .other
        return .error(destination: datagram.source, sequence: sequence, reporter: queued.offender, problem: problem)
    }

    /// The sequence of the echo message at `start` when it is of `type` and one of ours (on a raw socket, ours carry
    /// `identifier`); nil when fewer than its 8 bytes are there.
    private func ourEcho(_ bytes: Span<UInt8>, at start: Int, type: UInt8, checkingIdentifier: Bool) -> UInt16? {
        guard bytes.count - start >= 8, bytes[start] == type else { return nil }
        let id = UInt16(bytes[start + 4]) << 8 | UInt16(bytes[start + 5])
        guard !checkingIdentifier || id == identifier else { return nil }
        return UInt16(bytes[start + 6]) << 8 | UInt16(bytes[start + 7])
    }
}
