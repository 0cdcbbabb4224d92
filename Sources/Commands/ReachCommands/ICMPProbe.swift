// `--method icmp` (a bare host): does the host answer echo requests. The first address with a route is pinged
// --count times, --echo-interval apart, on the socket of its family that every icmp check shares (EchoSockets).
import Net

/// A ping check.
final class ICMPProbe: Probe {
    private let index: Int
    private let services: ProbeServices
    private var failures = AddressFailures()
    /// The echoes, once the route check found an address.
    private var ping: Ping?

    /// The echoes of an icmp check: the address pinged, what came back, the sequences still unanswered.
    private struct Ping {
        let address: IPAddress
        /// The local address the echoes leave from (the route check's answer), for the interface.
        let local: IPAddress
        var summary = EchoSummary()
        var pending: [UInt16] = []
        /// When the next echo goes; nil once all are sent.
        var nextEcho: Int64?
        /// The last ICMP error about an echo: who sent it (when known) and what it said.
        var problem: (reporter: IPAddress?, problem: ICMPProblem)?

        /// Whether every echo went and has its answer.
        var isDone: Bool { nextEcho == nil && pending.isEmpty }
    }

    init(index: Int, services: ProbeServices) {
        self.index = index
        self.services = services
    }

    func start(_ check: ReachCheck, addresses: [IPAddress]) -> ProbeStep {
        switch RouteProbe.firstRouted(addresses, check, services, &failures) {
        case .found(let address, let local): return startEchoes(check, to: address, from: local)
        case .requeue: return .requeue
        case .none: return .finished(failures.result(check))
        }
    }

    /// Starts pinging `address` (which has a route, from `local`): the first echo goes at once.
    private func startEchoes(_ check: ReachCheck, to address: IPAddress, from local: IPAddress) -> ProbeStep {
        do {
            try services.openEchoSocket(address.family)
        } catch {
            return .failed(error)
        }
        let now = Prober.now
        ping = Ping(address: address, local: local, nextEcho: now)
        return wake(check, now: now)
    }

    /// Sends the next echo, and schedules the one after (or, after the last, the end of the wait for replies).
    func wake(_ check: ReachCheck, now: Int64) -> ProbeStep {
        defer { check.wake = self.ping?.nextEcho }
        guard var ping, services.echoes.isOpen(ping.address.family) else { return .running }
        // An echo sent as the check times out could only count as lost.
        guard now < check.deadline else {
            self.ping?.nextEcho = nil
            return .running
        }
        do throws(NetError) {
            ping.pending.append(try services.echoes.send(to: ping.address, for: index))
        } catch {
            if error.isWouldBlock {
                // The socket's buffer is full (thousands of targets): the echo goes a millisecond later.
                self.ping?.nextEcho = now + 1_000_000
                return .running
            }
            guard ping.summary.sent > 0 else {
                failures.append(ping.address, error)
                self.ping = nil
                return .finished(failures.result(check))
            }
            // The route went away between two echoes: this one counts as lost.
        }
        ping.summary.sent += 1
        // The last echo is the --count-th, or the last one before the deadline (--timeout shorter than
        // count × --echo-interval): the check then ends as soon as its replies are in.
        let settings = services.settings
        let next = now + settings.echoInterval.wholeNanoseconds
        if ping.summary.sent < settings.count && next < check.deadline {
            ping.nextEcho = next
        } else {
            ping.nextEcho = nil
            if let wait = settings.echoWait { check.deadline = min(check.deadline, now + wait.wholeNanoseconds) }
        }
        self.ping = ping
        return ping.isDone ? .finished(result(check, ping)) : .running
    }

    /// A reply or an error about one of the echoes; the check ends once every echo is answered.
    func event(_ check: ReachCheck, _ event: ProbeEvent, at time: Int64) -> ProbeStep {
        // On a raw socket, a reply to another process's echo with our sequence is told by its source.
        guard case .echo(let message, let sent, let seen, let read) = event, var ping,
            ping.address.matches(message.address)
        else { return .running }
        services.echoes.forget(EchoSockets.Key(family: ping.address.family, sequence: message.sequence))
        ping.pending.removeAll { $0 == message.sequence }
        switch message {
        case .reply(_, _, let received):
            // The kernel's receive timestamp, which no work of tb's loop delays (else when the loop saw it);
            // never before the send nor after the read.
            let arrived = min(max(received ?? seen, sent), read)
            ping.summary.roundTrips.append(Int((arrived - sent) / 1000))
        case .error(_, _, let reporter, let problem): ping.problem = (reporter, problem)
        }
        self.ping = ping
        return ping.isDone ? .finished(result(check, ping)) : .running
    }

    func timeout(_ check: ReachCheck) -> ReachResult {
        guard let ping else { return check.silent(pending: nil, settings: services.settings) }
        return result(check, ping)
    }

    func close() {
        guard let ping else { return }
        for sequence in ping.pending {
            services.echoes.forget(EchoSockets.Key(family: ping.address.family, sequence: sequence))
        }
    }

    /// Reachable when any echo was answered, unreachable when an ICMP error came back instead, else timed out.
    private func result(_ check: ReachCheck, _ ping: Ping) -> ReachResult {
        var result = check.result(.reachable)
        result.address = ping.address.description
        result.echoes = ping.summary
        (result.interface, result.interfaceKind) = services.interface(of: ping.local)
        if ping.summary.received == 0 {
            if let (reporter, problem) = ping.problem {
                result.status = .unreachable
                result.error = "\(ping.address): \(problem)" + (reporter.map { " (reported by \($0))" } ?? "")
            } else {
                result.status = .timeout
                let limit = (services.settings.echoWait ?? services.settings.timeout).argumentText
                result.error = "no echo reply from \(ping.address) within \(limit)"
            }
        }
        return result
    }
}
