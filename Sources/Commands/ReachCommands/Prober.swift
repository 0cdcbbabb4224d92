// Runs checks of many targets at once on one thread: one loop with one deadline per check waits on every
// descriptor (epoll, and libcurl's multi poll when an http check runs), resolves the names (on glibc's resolver
// threads, announced on an eventfd), and hands everything else to the probe of each check's method (`Probe`:
// RouteProbe, TCPProbe, ICMPProbe, HTTPProbe). Results are reported the moment they are known.
// Probes are timed by the kernel where it can (an echo's receive timestamp, a connect's handshake), else at the
// readiness event before any other work of the loop's turn: what else the loop does (libcurl's set-up, output) is
// never counted in another probe's figures.
import Curl
import Net
import POSIX
import Toolbox

/// Checks targets, concurrently.
final class Prober {
    private let targets: [ReachTarget]
    private let settings: ProbeSettings
    private let services: ProbeServices
    private let resolver = Resolver()
    private var checks: [Int: ReachCheck] = [:]
    /// Checks to start later (--wait and --watch), by target index: when.
    private var scheduled: [Int: Int64] = [:]
    private var monitor: RouteMonitor?
    /// How many checks run at once: each holds a few descriptors (a socket per address, libcurl's), and some of the
    /// open-files limit must stay for the store and the output. Checks beyond wait in `queued`, once each.
    private let concurrency: Int
    private var queued = WaitingLine<Int>()
    private var isQueued = Set<Int>()

    /// Told each result as it is known.
    var report: (Int, ReachResult) throws -> Void = { _, _ in }
    /// Told when stdout hangs up (after `watchOutput`): the reader of the pipe went away.
    var outputClosed: () throws -> Void = {}
    /// Told when links, addresses or routes change (after `watchRoutes`).
    var routesChanged: () throws -> Void = {}
    /// Called before the loop waits, so that what was reported reaches the reader.
    var willWait: () throws -> Void = {}

    private typealias Token = ProbeServices.Token

    init(targets: [ReachTarget], settings: ProbeSettings) throws {
        self.targets = targets
        self.settings = settings
        do {
            let poller = try Poller()
            try poller.add(resolver.descriptor, token: Token.resolver)
            services = ProbeServices(settings: settings, poller: poller)
        } catch {
            throw ToolError("cannot wait for network events: \(error)")
        }
        concurrency = DescriptorBudget.concurrentTasks()
        services.inFlight = { [unowned self] in checks.count }
    }

    /// Hears about route changes from the kernel from now on.
    func watchRoutes() throws {
        do {
            let monitor = try RouteMonitor()
            try services.poller.add(monitor.descriptor, token: Token.routes)
            self.monitor = monitor
        } catch {
            throw ToolError("cannot listen for route changes: \(error)")
        }
    }

    /// Hears when stdout hangs up from now on: a run that may print nothing for hours (--watch) notices that the
    /// reader of its pipe is gone.
    func watchOutput() throws {
        do {
            try services.poller.addHangUp(FileDescriptor.standardOutput.rawValue, token: Token.output)
        } catch {
            throw ToolError("cannot watch the output: \(error)")
        }
    }

    static var now: Int64 { Clock.monotonicNanoseconds() }

    /// No check runs past this (--wait's deadline), whatever its own timeout.
    var deadline: Int64?

    /// Whether a check of the target is in flight.
    func isChecking(_ index: Int) -> Bool { checks[index] != nil }

    /// Starts checking a target now, or as soon as a slot is free.
    func start(_ index: Int) {
        guard checks[index] == nil else { return }
        scheduled[index] = nil
        guard checks.count < concurrency else {
            if isQueued.insert(index).inserted { queued.append(index) }
            return
        }
        let now = Self.now
        let target = targets[index]
        let check = ReachCheck(
            index: index, target: target, started: now,
            deadline: min(now + settings.timeout.wholeNanoseconds, deadline ?? .max), probe: makeProbe(index, target))
        checks[index] = check
        if let address = IPAddress(target.host) {
            check.resolved = now
            begin(check, on: [address])
        } else {
            do {
                try resolver.start(target.host, family: settings.family)
            } catch {
                finish(index, failure: .dnsFailed, "cannot look up '\(target.host)': \(error)")
            }
        }
    }

    /// The probe of the target's method: the one place that knows the methods.
    private func makeProbe(_ index: Int, _ target: ReachTarget) -> any Probe {
        switch target.method {
        case .route: RouteProbe(services: services)
        case .tcp: TCPProbe(index: index, services: services)
        case .icmp: ICMPProbe(index: index, services: services)
        case .http: HTTPProbe(index: index, services: services)
        case .tls: HTTPProbe(index: index, services: services, handshakeOnly: true)
        }
    }

    /// Starts checking a target at a later time (monotonic nanoseconds).
    func schedule(_ index: Int, at time: Int64) {
        guard checks[index] == nil else { return }
        scheduled[index] = min(time, scheduled[index] ?? time)
    }

    /// Runs until `keepGoing` says no.
    func run(while keepGoing: () -> Bool) throws {
        while keepGoing() {
            if let failure { throw failure }
            startQueued()
            let now = Self.now
            for (index, time) in scheduled where time <= now { start(index) }
            for (_, check) in checks where (check.wake ?? .max) <= now {
                handle(check, check.probe.wake(check, now: now))
            }
            for (index, check) in checks where check.deadline <= now { timeOut(index, check) }
            // A transfer can end in the perform that started it (a URL libcurl refuses): read now, or the poll below
            // would wait for the deadline, since no descriptor of it will ever wake it.
            transfersEnded()
            guard keepGoing() else { break }
            let next = (checks.values.map(\.deadline) + checks.values.compactMap(\.wake) + scheduled.values).min()
            let wait = next.map { Int(max(0, ($0 - Self.now + 999_999) / 1_000_000)) }
            try willWait()
            let (tokens, ready) = try waitForEvents(milliseconds: wait)
            try dispatch(tokens, seen: ready)
        }
        if let failure { throw failure }
    }

    /// Waits up to `milliseconds` (nil: for ever): the tokens of the descriptors that became ready, and when they
    /// were seen ready. That time is taken before libcurl's work of this turn (a TLS set-up can take tens of
    /// milliseconds), so that none of it counts in a connect's or a lookup's time.
    private func waitForEvents(milliseconds wait: Int?) throws -> ([UInt64], Int64) {
        guard let multi = services.multi, multi.count > 0 else {
            let tokens = services.poller.wait(milliseconds: wait)
            return (tokens, Self.now)
        }
        let tokens: [UInt64]
        let ready: Int64
        do {
            try multi.poll(milliseconds: wait ?? 1000, alsoWaitingOn: services.poller.descriptor)
            tokens = services.poller.wait(milliseconds: 0)
            ready = Self.now
            try multi.perform()
        } catch {
            throw ToolError("HTTP checks failed: \(error)")
        }
        transfersEnded()
        return (tokens, ready)
    }

    /// Hands what became ready (seen at `time`) to whom it concerns.
    private func dispatch(_ tokens: [UInt64], seen time: Int64) throws {
        for token in tokens {
            switch token {
            case Token.resolver: namesResolved(at: time)
            case Token.output: try outputClosed()
            case Token.icmp: echoesArrived(.ipv4, seen: time)
            case Token.icmpv6: echoesArrived(.ipv6, seen: time)
            case Token.routes:
                if monitor?.drain() ?? 0 > 0 {
                    services.forgetInterfaces()
                    try routesChanged()
                }
            default:
                guard let index = services.owners.removeValue(forKey: token), let check = checks[index] else {
                    continue
                }
                handle(check, check.probe.event(check, .ready(token: token), at: time))
            }
        }
    }

    /// Reads the replies and errors that came for our echoes (the socket was seen readable at `seen`) and hands
    /// each to the check whose echo it is about.
    private func echoesArrived(_ family: IPAddress.Family, seen: Int64) {
        let messages = services.echoes.receive(family)
        let read = Self.now
        for message in messages {
            let key = EchoSockets.Key(family: family, sequence: message.sequence)
            guard let (index, sent) = services.echoes.pending[key], let check = checks[index] else { continue }
            handle(check, check.probe.event(check, .echo(message, sent: sent, seen: seen, read: read), at: seen))
        }
    }

    /// Hands the transfers that ended to their checks.
    private func transfersEnded() {
        guard let multi = services.multi else { return }
        for (transfer, error) in multi.finished() {
            guard let index = services.transfers.removeValue(forKey: ObjectIdentifier(transfer)),
                let check = checks[index]
            else { continue }
            handle(check, check.probe.event(check, .transferEnded(transfer, error), at: Self.now))
        }
    }

    /// Starts the queued checks that fit now, oldest first; one that runs out of descriptors again waits for the
    /// next round.
    private func startQueued() {
        for index in queued.take(upTo: concurrency - checks.count) {
            isQueued.remove(index)
            start(index)
        }
    }

    /// Goes on as a probe says.
    private func handle(_ check: ReachCheck, _ step: ProbeStep) {
        switch step {
        case .running: break
        case .finished(let result): complete(check.index, result)
        case .requeue:
            // Out of descriptors (something else holds them): it starts again when another check has ended.
            check.probe.close()
            checks[check.index] = nil
            if isQueued.insert(check.index).inserted { queued.append(check.index) }
        case .failed(let error): failure = failure ?? error
        }
    }

    // MARK: Names

    /// Hands the lookups that ended (seen at `time`) on to their checks.
    private func namesResolved(at time: Int64) {
        resolver.collect()
        let waiting = checks.filter { $0.value.resolved == nil }
        var results: [String: Result<[IPAddress], NetError>] = [:]
        for (index, check) in waiting {
            let host = targets[index].host
            if results[host] == nil, let result = resolver.take(host) { results[host] = result }
            guard let result = results[host] else { continue }
            check.resolved = time
            check.dns = Int((time - check.started) / 1000)
            switch result {
            case .success(let addresses): begin(check, on: addresses)
            case .failure(let error):
                let reason = error.isUnknownName ? "no such host" : error.description
                finish(index, failure: .dnsFailed, "cannot resolve '\(host)': \(reason)")
            }
        }
    }

    /// Starts the check's probe on the addresses of the family asked for.
    private func begin(_ check: ReachCheck, on all: [IPAddress]) {
        let addresses = all.filter { settings.family == nil || $0.family == settings.family }
        guard !addresses.isEmpty else {
            let family = settings.family == .ipv6 ? "IPv6" : "IPv4"
            return finish(check.index, failure: .dnsFailed, "'\(check.target.host)' has no \(family) address")
        }
        handle(check, check.probe.start(check, addresses: addresses))
    }

    // MARK: Results

    private func timeOut(_ index: Int, _ check: ReachCheck) {
        guard check.resolved != nil else {
            let limit = settings.timeout.argumentText
            let message = "no answer from the name server for '\(check.target.host)' within \(limit)"
            return complete(index, check.failed(.timeout, message))
        }
        complete(index, check.probe.timeout(check))
    }

    private func finish(_ index: Int, failure status: ReachStatus, _ message: String) {
        let started = checks[index]?.started ?? Self.now
        var result = ReachResult(status: status, total: Int((Self.now - started) / 1000))
        result.dns = checks[index]?.dns
        result.error = message
        complete(index, result)
    }

    /// Ends a check: closes what it still has open and reports. A report that fails (the reader went away) is
    /// rethrown from `run`.
    private func complete(_ index: Int, _ result: ReachResult) {
        guard let check = checks.removeValue(forKey: index) else { return }
        check.probe.close()
        do {
            try report(index, result)
        } catch {
            failure = error
        }
    }

    /// The first error a report threw; the loop stops on it.
    private(set) var failure: (any Error)?
}
