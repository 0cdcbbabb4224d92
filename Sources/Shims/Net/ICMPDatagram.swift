// What an ICMP socket read, as bytes: the Net shim does not look inside them (ReachCommands' ICMPReader does).

/// One message read from an ICMP socket.
public struct ICMPDatagram: Sendable {
    /// The kernel's account of an error it queued about a message the socket sent (a datagram socket's error queue,
    /// `struct sock_extended_err`).
    public struct QueuedError: Sendable, Equatable {
        /// Whether an ICMP (or ICMPv6) message caused it, with that message's `type` and `code`; else the local host
        /// refused the message, and `messageTooLong` says whether for its size.
        public let fromICMP: Bool
        public let type: UInt8
        public let code: UInt8
        public let messageTooLong: Bool
        /// Who sent the ICMP message, when the kernel says.
        public let offender: IPAddress?

        public init(fromICMP: Bool, type: UInt8, code: UInt8, messageTooLong: Bool, offender: IPAddress?) {
            self.fromICMP = fromICMP
            self.type = type
            self.code = code
            self.messageTooLong = messageTooLong
            self.offender = offender
        }
    }

    /// The bytes read (at most 1500): on a raw IPv4 socket from the IP header on, else from the ICMP header; for a
    /// queued error, the message the error is about, as it was sent.
    public let bytes: [UInt8]
    /// Who sent it; for a queued error, where the message it is about went.
    public let source: IPAddress
    /// When the kernel received it (monotonic nanoseconds); nil when it did not say, and for queued errors.
    public let received: Int64?
    /// Set for an error from the error queue.
    public let queued: QueuedError?

    public init(bytes: [UInt8], source: IPAddress, received: Int64? = nil, queued: QueuedError? = nil) {
        self.bytes = bytes
        self.source = source
        self.received = received
        self.queued = queued
    }
}
