// tb reach's ICMP packets in Swift: the echoes ICMPEcho builds and what ICMPReader makes of what comes back, under the
// rules of the C they replaced (the `icmp` fuzz target compares the two on any bytes).
import Net
import Testing

@testable import ReachCommands

struct ICMPReaderTests {
    static let identifier: UInt16 = 0x1234
    let raw = ICMPReader(family: .ipv4, isRaw: true, identifier: identifier)
    let raw6 = ICMPReader(family: .ipv6, isRaw: true, identifier: identifier)
    let datagram = ICMPReader(family: .ipv4, isRaw: false, identifier: 0)
    let datagram6 = ICMPReader(family: .ipv6, isRaw: false, identifier: 0)
    let target = Self.address("203.0.113.5")
    let target6 = Self.address("2001:db8::5")
    let router = Self.address("192.0.2.1")
    let router6 = Self.address("2001:db8::1")

    /// A numeric address the test spells right.
    static func address(_ text: String) -> IPAddress {
        guard let address = IPAddress(text) else { preconditionFailure("'\(text)' is not an address") }
        return address
    }

    /// An echo (request 8/128, reply 0/129) with `identifier` and `sequence`, as ICMPEcho builds it.
    func echo(_ type: UInt8, _ family: IPAddress.Family, identifier: UInt16 = identifier, sequence: UInt16) -> [UInt8] {
        var packet = ICMPEcho.request(family: family, identifier: identifier, sequence: sequence, checksummed: false)
        packet[0] = type
        return packet
    }

    /// An IPv4 header (20 bytes, or more with options) of a packet to `destination`.
    func ipv4(to destination: IPAddress, options: Int = 0) -> [UInt8] {
        let octets = destination.description.split(separator: ".").compactMap { UInt8($0) }
        return [0x45 + UInt8(options / 4), 0, 0, 84, 0, 0, 0, 0, 64, 1, 0, 0, 192, 0, 2, 2] + octets
            + Array(repeating: 1, count: options)
    }

    /// An IPv6 header of a packet to 2001:db8::5 whose next header is `next` (58: ICMPv6).
    func ipv6(next: UInt8 = 58) -> [UInt8] {
        [0x60, 0, 0, 0, 0, 64, next, 64] + Array(repeating: 0, count: 16) + [0x20, 0x01, 0x0d, 0xb8]
            + Array(repeating: 0, count: 11) + [5]
    }

    /// A router's error of `type` and `code` about our echo `sequence` to the target, as a raw IPv4 socket reads it.
    func error4(_ type: UInt8, _ code: UInt8, sequence: UInt16 = 9) -> [UInt8] {
        ipv4(to: Self.address("10.0.0.1")) + [type, code, 0, 0, 0, 0, 0, 0] + ipv4(to: target)
            + echo(8, .ipv4, sequence: sequence)
    }

    func error6(_ type: UInt8, _ code: UInt8, sequence: UInt16 = 9) -> [UInt8] {
        [type, code, 0, 0, 0, 0, 0, 0] + ipv6() + echo(128, .ipv6, sequence: sequence)
    }

    // MARK: Echo replies

    @Test func aReplyIsMatchedByIdentifierAndSequence() {
        let reply = ipv4(to: router) + echo(0, .ipv4, sequence: 513)
        #expect(
            raw.message(ICMPDatagram(bytes: reply, source: target, received: 42))
                == .reply(from: target, sequence: 513, received: 42))
        // Another process's echo, on the raw socket every ICMP message of the host arrives on.
        let other = ipv4(to: router) + echo(0, .ipv4, identifier: 0x4321, sequence: 513)
        #expect(raw.message(ICMPDatagram(bytes: other, source: target)) == nil)
        // A request (ours, looped back) is not a reply.
        #expect(raw.message(ICMPDatagram(bytes: ipv4(to: router) + echo(8, .ipv4, sequence: 1), source: target)) == nil)
        // IP options: the header length says where ICMP starts.
        let long = ipv4(to: router, options: 8) + echo(0, .ipv4, sequence: 7)
        #expect(
            raw.message(ICMPDatagram(bytes: long, source: target)) == .reply(from: target, sequence: 7, received: nil))
    }

    /// A ping socket's kernel sets and checks the identifier itself, and hands over no IP header.
    @Test func aDatagramSocketsRepliesHaveNoHeaderAndAnyIdentifier() {
        let reply = echo(0, .ipv4, identifier: 77, sequence: 3)
        #expect(
            datagram.message(ICMPDatagram(bytes: reply, source: target))
                == .reply(from: target, sequence: 3, received: nil))
        let reply6 = echo(129, .ipv6, identifier: 77, sequence: 4)
        #expect(
            datagram6.message(ICMPDatagram(bytes: reply6, source: target6))
                == .reply(from: target6, sequence: 4, received: nil))
        #expect(raw6.message(ICMPDatagram(bytes: reply6, source: target6)) == nil)
        #expect(
            raw6.message(ICMPDatagram(bytes: echo(129, .ipv6, sequence: 4), source: target6))
                == .reply(from: target6, sequence: 4, received: nil))
        // Errors reach a datagram socket through its error queue only.
        #expect(datagram.message(ICMPDatagram(bytes: Array(error4(3, 1).dropFirst(20)), source: router)) == nil)
    }

    // MARK: Errors quoting our echo

    @Test(
        arguments: [
            (3, 0, ICMPProblem.network), (3, 1, .host), (3, 2, .port), (3, 3, .port), (3, 4, .tooBig), (3, 5, .host),
            (3, 6, .network), (3, 7, .host), (3, 8, .host), (3, 9, .prohibited), (3, 10, .prohibited),
            (3, 11, .network),
            (3, 12, .host), (3, 13, .prohibited), (3, 14, .prohibited), (3, 15, .prohibited), (3, 200, .host),
            (11, 0, .hopLimit), (11, 1, .hopLimit), (12, 0, .other), (5, 1, .other),
        ] as [(UInt8, UInt8, ICMPProblem)])
    func eachICMPErrorQuotingTheEchoIsRead(type: UInt8, code: UInt8, problem: ICMPProblem) {
        let message = raw.message(ICMPDatagram(bytes: error4(type, code), source: router))
        #expect(message == .error(destination: target, sequence: 9, reporter: router, problem: problem))
    }

    @Test(
        arguments: [
            (1, 0, ICMPProblem.network), (1, 1, .prohibited), (1, 2, .host), (1, 3, .host), (1, 4, .port),
            (1, 5, .prohibited), (1, 6, .prohibited), (1, 7, .host), (2, 0, .tooBig), (3, 0, .hopLimit),
            (3, 1, .hopLimit),
            (4, 0, .other),
        ] as [(UInt8, UInt8, ICMPProblem)])
    func eachICMPv6ErrorQuotingTheEchoIsRead(type: UInt8, code: UInt8, problem: ICMPProblem) {
        let message = raw6.message(ICMPDatagram(bytes: error6(type, code), source: router6))
        #expect(message == .error(destination: target6, sequence: 9, reporter: router6, problem: problem))
    }

    /// The router's zone (the interface its error came in by) is not part of the reporter, as in the C.
    @Test func theReporterHasNoZone() {
        let zoned = Self.address("fe80::1%1")
        guard case .error(_, _, let reporter, _) = raw6.message(ICMPDatagram(bytes: error6(1, 3), source: zoned)) else {
            Issue.record("not read as an error")
            return
        }
        #expect(reporter?.description == "fe80::1")
    }

    @Test func anErrorAboutSomethingElseIsSkipped() {
        // Another process's echo.
        var other = error4(3, 1)
        other[20 + 8 + 20 + 4] ^= 0xff
        #expect(raw.message(ICMPDatagram(bytes: other, source: router)) == nil)
        // A quoted reply, not a request.
        var reply = error4(3, 1)
        reply[20 + 8 + 20] = 0
        #expect(raw.message(ICMPDatagram(bytes: reply, source: router)) == nil)
        // ICMPv6 quoting a packet with an extension header (or another protocol): not followed.
        let hopByHop = [1, 3, 0, 0, 0, 0, 0, 0] + ipv6(next: 0) + echo(128, .ipv6, sequence: 9)
        #expect(raw6.message(ICMPDatagram(bytes: hopByHop, source: router6)) == nil)
    }

    // MARK: Cut short

    /// Every prefix shorter than the headers and the 8 bytes of the echo reads as nothing; the whole error and
    /// anything longer reads as the error.
    @Test func truncatedPacketsAreSkipped() {
        let whole = error4(3, 1)
        let needed = 20 + 8 + 20 + 8
        for length in 0..<whole.count {
            let message = raw.message(ICMPDatagram(bytes: Array(whole.prefix(length)), source: router))
            #expect((message != nil) == (length >= needed), "\(length) bytes")
        }
        let whole6 = error6(1, 0)
        for length in 0..<whole6.count {
            let message = raw6.message(ICMPDatagram(bytes: Array(whole6.prefix(length)), source: router6))
            #expect((message != nil) == (length >= 8 + 40 + 8), "\(length) bytes")
        }
        let reply = ipv4(to: router) + echo(0, .ipv4, sequence: 1)
        for length in 0..<(20 + 8) {
            #expect(raw.message(ICMPDatagram(bytes: Array(reply.prefix(length)), source: target)) == nil)
        }
        #expect(
            datagram.message(ICMPDatagram(bytes: Array(echo(0, .ipv4, sequence: 1).prefix(7)), source: target)) == nil)
        // An IP header length past the bytes there are.
        var long = reply
        long[0] = 0x4f
        #expect(raw.message(ICMPDatagram(bytes: long, source: target)) == nil)
        // A quoted header length past them.
        var quoted = error4(3, 1)
        quoted[20 + 8] = 0x4f
        #expect(raw.message(ICMPDatagram(bytes: quoted, source: router)) == nil)
    }

    // MARK: Checksums

    /// The kernel checks the checksum of every ICMP message it delivers; the C never looked at one again, nor at a
    /// quoted echo's, and neither does the reader.
    @Test func checksumsAreNotVerifiedOnReceipt() {
        var reply = ipv4(to: router) + echo(0, .ipv4, sequence: 5)
        reply[22] = 0xba
        reply[23] = 0xad
        #expect(
            raw.message(ICMPDatagram(bytes: reply, source: target)) == .reply(from: target, sequence: 5, received: nil))
        var error = error4(3, 1)
        error[20 + 2] = 0xff
        error[20 + 8 + 20 + 2] = 0xff
        #expect(raw.message(ICMPDatagram(bytes: error, source: router)) != nil)
    }

    @Test func theChecksumIsRFC1071s() {
        // RFC 1071's example: the words 0001 f203 f4f5 f6f7 sum to ddf2.
        #expect(ICMPEcho.checksum([0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7].span) == ~0xddf2)
        // An odd byte is padded with zero.
        #expect(ICMPEcho.checksum([0x01].span) == ~0x0100)
        #expect(ICMPEcho.checksum([UInt8]().span) == 0xffff)
        // Only raw ICMPv4 carries one; a packet with its checksum sums to zero.
        let echo = ICMPEcho.request(family: .ipv4, identifier: 0xbeef, sequence: 0x0102, checksummed: true)
        #expect(echo.count == 64)
        #expect(Array(echo.prefix(8)) == [8, 0, echo[2], echo[3], 0xbe, 0xef, 0x01, 0x02])
        #expect(Array(echo.suffix(56)) == (0..<56).map { UInt8(0x10 + $0) })
        #expect(ICMPEcho.checksum(echo.span) == 0)
        let unsummed = ICMPEcho.request(family: .ipv6, identifier: 1, sequence: 2, checksummed: false)
        #expect(unsummed[0] == 128 && unsummed[2] == 0 && unsummed[3] == 0)
    }

    // MARK: A datagram socket's error queue

    @Test func queuedErrorsAreClassified() {
        let ours = echo(8, .ipv4, identifier: 0, sequence: 11)
        func read(_ queued: ICMPDatagram.QueuedError, _ bytes: [UInt8]? = nil) -> ICMPMessage? {
            datagram.message(ICMPDatagram(bytes: bytes ?? ours, source: target, received: 5, queued: queued))
        }
        let prohibited = ICMPDatagram.QueuedError(
            fromICMP: true, type: 3, code: 13, messageTooLong: false, offender: router)
        #expect(read(prohibited) == .error(destination: target, sequence: 11, reporter: router, problem: .prohibited))
        let local = ICMPDatagram.QueuedError(fromICMP: false, type: 0, code: 0, messageTooLong: true, offender: nil)
        #expect(read(local) == .error(destination: target, sequence: 11, reporter: nil, problem: .tooBig))
        let other = ICMPDatagram.QueuedError(fromICMP: false, type: 3, code: 1, messageTooLong: false, offender: nil)
        #expect(read(other) == .error(destination: target, sequence: 11, reporter: nil, problem: .other))
        // Not an echo request of ours, or cut short.
        #expect(read(prohibited, echo(0, .ipv4, sequence: 11)) == nil)
        #expect(read(prohibited, Array(ours.prefix(7))) == nil)
        let v6 = ICMPDatagram.QueuedError(fromICMP: true, type: 1, code: 4, messageTooLong: false, offender: router6)
        let ours6 = echo(128, .ipv6, identifier: 0, sequence: 12)
        #expect(
            datagram6.message(ICMPDatagram(bytes: ours6, source: target6, queued: v6))
                == .error(destination: target6, sequence: 12, reporter: router6, problem: .port))
    }
}
