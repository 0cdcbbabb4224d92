// The echo figures of an icmp check, as its record carries them.

/// What the echoes of an icmp check found, like fping's summary: sent, received, and the round trips of the replies.
struct EchoSummary: Sendable {
    var sent = 0
    /// Round-trip times of the replies, in microseconds.
    var roundTrips: [Int] = []

    var received: Int { roundTrips.count }
    /// The share of echoes without a reply, in percent.
    var lossPercent: Double { sent == 0 ? 0 : Double(sent - received) * 100 / Double(sent) }
    /// The shortest, mean and longest round trip, in microseconds; nil without a reply.
    var shortest: Int? { roundTrips.min() }
    var mean: Int? { roundTrips.isEmpty ? nil : roundTrips.reduce(0, +) / roundTrips.count }
    var longest: Int? { roundTrips.max() }
}
