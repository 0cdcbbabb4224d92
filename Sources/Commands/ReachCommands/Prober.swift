// Runs checks of many targets at once on one thread: name lookups (on glibc's resolver threads, announced on an
// eventfd), non-blocking TCP connects and route lookups, ICMP echoes on one socket per address family, and HTTP
// requests on a libcurl multi handle, all waited for in one loop with one deadline per check. Results are reported the moment they are known.
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
    private let poller: Poller
    private let resolver = Resolver()
    /// Made for the first http target: loading libcurl costs milliseconds that route and tcp checks need not pay.
    private var multi: CurlMulti?

    /// A check in flight, by target index.
    private final class Check {
        let started: Int64
        /// Moved earlier by an icmp check that waits only a while after its last echo (`echoWait`).
        var deadline: Int64
        /// When the name lookup ended (or the check started, for an address).
        var resolved: Int64?
        var dns: Int?
        var attempts: [UInt64] = []
        var failures: [(IPAddress, NetError)] = []
        var transfer: CurlTransfer?
        var triedGET = false
        /// For http: the addresses libcurl is to use (the name was resolved here, under the deadline).
        var addresses: [IPAddress] = []
        /// For icmp: the echoes under way.
        var ping: Ping?

        init(started: Int64, deadline: Int64) {
            self.started = started
            self.deadline = deadline
        }
    }
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
    }
    /// An echo in flight, known by its family and sequence number.
    private struct EchoKey: Hashable {
        let family: IPAddress.Family
        let sequence: UInt16
    }
    private var checks: [Int: Check] = [:]
    /// The ICMP sockets, opened for the first icmp check of each family and shared by all of them.
    private var icmpSockets: [IPAddress.Family: ICMPSocket] = [:]
    /// The echoes awaiting an answer: the check they belong to, and when they were sent (just before the kernel had
    /// them).
    private var echoes: [EchoKey: (index: Int, sent: Int64)] = [:]
    private var nextSequence: UInt16 = 0
    private var connections: [UInt64: (target: Int, connection: TCPConnection)] = [:]
    private var transfers: [ObjectIdentifier: Int] = [:]
    private var nextToken: UInt64 = Token.firstConnection
    /// Checks to start later (--wait and --watch), by target index: when.
    private var scheduled: [Int: Int64] = [:]
    /// What each local address's interface is; forgotten when routes change.
    private var interfaces: [IPAddress: (name: String?, kind: String?)] = [:]
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

    private enum Token {
        static let resolver: UInt64 = 0
        static let routes: UInt64 = 1
        static let output: UInt64 = 2
        static let icmp: UInt64 = 3
        static let icmpv6: UInt64 = 4
        static let firstConnection: UInt64 = 16
    }

    init(targets: [ReachTarget], settings: ProbeSettings) throws {
        self.targets = targets
        self.settings = settings
        do {
            poller = try Poller()
            try poller.add(resolver.descriptor, token: Token.resolver)
        } catch {
            throw ToolError("cannot wait for network events: \(error)")
        }
        concurrency = DescriptorBudget.concurrentTasks()
    }

    /// Hears about route changes from the kernel from now on.
    func watchRoutes() throws {
        do {
            let monitor = try RouteMonitor()
            try poller.add(monitor.descriptor, token: Token.routes)
            self.monitor = monitor
        } catch {
            throw ToolError("cannot listen for route changes: \(error)")
        }
    }

    /// Hears when stdout hangs up from now on: a run that may print nothing for hours (--watch) notices that the
    /// reader of its pipe is gone.
    func watchOutput() throws {
        do {
            try poller.addHangUp(FileDescriptor.standardOutput.rawValue, token: Token.output)
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
        let check = Check(started: now, deadline: min(now + settings.timeout.wholeNanoseconds, deadline ?? .max))
        checks[index] = check
        let target = targets[index]
        if let address = IPAddress(target.host) {
            check.resolved = now
            connect(index, check, to: [address])
        } else {
            do {
                try resolver.start(target.host, family: settings.family)
            } catch {
                finish(index, failure: .dnsFailed, "cannot look up '\(target.host)': \(error)")
            }
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
            for (index, check) in checks where (check.ping?.nextEcho ?? .max) <= now {
                sendEcho(index, check, now: now)
            }
            for (index, check) in checks where check.deadline <= now { timeOut(index, check) }
            // A transfer can end in the perform that started it (a URL libcurl refuses): read now, or the poll below
            // would wait for the deadline, since no descriptor of it will ever wake it.
            if let multi {
                for (transfer, error) in multi.finished() { try httpFinished(transfer, error) }
            }
            guard keepGoing() else { break }
            let next = (checks.values.map(\.deadline) + checks.values.compactMap(\.ping?.nextEcho) + scheduled.values)
                .min()
            let wait = next.map { Int(max(0, ($0 - Self.now + 999_999) / 1_000_000)) }
            try willWait()
            // `ready` is when the descriptors were seen ready, taken before libcurl's work of this turn (a TLS set-up
            // can take tens of milliseconds) so that none of it counts in a connect's or a lookup's time.
            let tokens: [UInt64]
            let ready: Int64
            if let multi, multi.count > 0 {
                do {
                    try multi.poll(milliseconds: wait ?? 1000, alsoWaitingOn: poller.descriptor)
                    tokens = poller.wait(milliseconds: 0)
                    ready = Self.now
                    try multi.perform()
                } catch {
                    throw ToolError("HTTP checks failed: \(error)")
                }
                for (transfer, error) in multi.finished() { try httpFinished(transfer, error) }
            } else {
                tokens = poller.wait(milliseconds: wait)
                ready = Self.now
            }
            for token in tokens {
                switch token {
                case Token.resolver: try namesResolved(at: ready)
                case Token.output: try outputClosed()
                case Token.icmp: echoesArrived(.ipv4, seen: ready)
                case Token.icmpv6: echoesArrived(.ipv6, seen: ready)
                case Token.routes:
                    if monitor?.drain() ?? 0 > 0 {
                        interfaces = [:]
                        try routesChanged()
                    }
                default: connectionReady(token, at: ready)
                }
            }
        }
        if let failure { throw failure }
    }

    /// Starts the queued checks that fit now, oldest first; one that runs out of descriptors again waits for the
    /// next round.
    private func startQueued() {
        for index in queued.take(upTo: concurrency - checks.count) {
            isQueued.remove(index)
            start(index)
        }
    }

    /// A check ran out of descriptors (something else holds them): it starts again when another one has ended.
    private func requeue(_ index: Int, _ check: Check) {
        closeAttempts(of: check)
        checks[index] = nil
        if isQueued.insert(index).inserted { queued.append(index) }
    }

    /// Closes the connects a check still has under way.
    private func closeAttempts(of check: Check) {
        for token in check.attempts {
            if let (_, connection) = connections.removeValue(forKey: token) {
                poller.remove(connection.descriptor)
                connection.close()
            }
        }
    }

    // MARK: Names

    /// Hands the lookups that ended (seen at `time`) on to their checks.
    private func namesResolved(at time: Int64) throws {
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
            case .success(let addresses): connect(index, check, to: addresses)
            case .failure(let error):
                let status: ReachStatus = .dnsFailed
                let reason = error.isUnknownName ? "no such host" : error.description
                finish(index, failure: status, "cannot resolve '\(host)': \(reason)")
            }
        }
    }

    // MARK: Routes and connects

    private func connect(_ index: Int, _ check: Check, to all: [IPAddress]) {
        let target = targets[index]
        let addresses = all.filter { settings.family == nil || $0.family == settings.family }
        guard !addresses.isEmpty else {
            let family = settings.family == .ipv6 ? "IPv6" : "IPv4"
            return finish(index, failure: .dnsFailed, "'\(target.host)' has no \(family) address")
        }
        if target.method == .http {
            check.addresses = addresses
            return startHTTP(index, check, get: false)
        }
        if target.method == .route || target.method == .icmp {
            for address in addresses {
                switch Routes.check(address, port: target.port ?? 9) {
                case .success(let local) where target.method == .icmp:
                    return startEchoes(index, check, to: address, from: local)
                case .success(let local):
                    return succeed(index, check, address: address, local: local)
                case .failure(let error) where error.isOutOfDescriptors && checks.count > 1:
                    return requeue(index, check)
                case .failure(let error):
                    check.failures.append((address, error))
                }
            }
            return finishFailed(index, check)
        }
        for address in addresses {
            do {
                let connection = try TCPConnection(to: address, port: target.port ?? 0)
                let token = nextToken
                nextToken += 1
                try poller.add(connection.descriptor, writable: true, token: token)
                connections[token] = (index, connection)
                check.attempts.append(token)
            } catch  where error.isOutOfDescriptors && checks.count > 1 {
                return requeue(index, check)
            } catch {
                check.failures.append((address, error))
            }
        }
        if check.attempts.isEmpty { finishFailed(index, check) }
    }

    /// A connect's socket became ready at `time`.
    private func connectionReady(_ token: UInt64, at time: Int64) {
        guard let (index, connection) = connections.removeValue(forKey: token), let check = checks[index] else {
            return
        }
        poller.remove(connection.descriptor)
        check.attempts.removeAll { $0 == token }
        if let error = connection.outcome() {
            check.failures.append((connection.address, error))
            connection.close()
            if check.attempts.isEmpty { finishFailed(index, check) }
            return
        }
        let local = connection.localAddress()
        // The kernel's own timing of the handshake where it has one: the loop may have seen the socket late.
        let waited = time - (check.resolved ?? check.started)
        let connect = min(connection.handshakeNanoseconds() ?? waited, waited)
        connection.close()
        succeed(index, check, address: connection.address, local: local, at: time, connect: connect)
    }

    /// A route or a connect succeeded at `time` (a connect in `connect` nanoseconds).
    private func succeed(
        _ index: Int, _ check: Check, address: IPAddress, local: IPAddress?, at time: Int64 = now,
        connect: Int64? = nil
    ) {
        let status: ReachStatus = targets[index].method == .route ? .routable : .reachable
        var result = ReachResult(status: status, total: Int((time - check.started) / 1000))
        result.address = address.description
        result.dns = check.dns
        result.connect = connect.map { Int($0 / 1000) }
        if let local { (result.interface, result.interfaceKind) = interface(of: local) }
        complete(index, result)
    }

    /// Every address failed: the most telling failure decides (refused beats no route beats the rest).
    private func finishFailed(_ index: Int, _ check: Check) {
        let failures = check.failures
        let target = targets[index]
        func describe(_ address: IPAddress, _ error: NetError) -> String {
            let routed = target.method == .route || target.method == .icmp
            let place = routed ? "\(address)" : endpoint(address, target.port ?? 0)
            if routed, let route = error.routeDescription { return "\(place): \(route)" }
            return "\(place): \(error)"
        }
        let status: ReachStatus
        let chosen: (IPAddress, NetError)?
        if let refused = failures.first(where: { $0.1.isRefused }) {
            (status, chosen) = (.refused, refused)
        } else if let noRoute = failures.first(where: { $0.1.isNoRoute }) {
            (status, chosen) = (.noRoute, noRoute)
        } else if let timedOut = failures.first(where: { $0.1.isTimeout }) {
            (status, chosen) = (.timeout, timedOut)
        } else {
            (status, chosen) = (.noRoute, failures.first)
        }
        var result = ReachResult(status: status, total: Int((Self.now - check.started) / 1000))
        result.dns = check.dns
        result.address = chosen.map { $0.0.description }
        result.error = chosen.map { describe($0.0, $0.1) } ?? "no address to try"
        complete(index, result)
    }

    private func timeOut(_ index: Int, _ check: Check) {
        if check.ping != nil { return finishEchoes(index, check) }
        let target = targets[index]
        let limit = settings.timeout.argumentText
        var result = ReachResult(status: .timeout, total: Int((Self.now - check.started) / 1000))
        result.dns = check.dns
        if let transfer = check.transfer {
            multi?.remove(transfer)
            transfers[ObjectIdentifier(transfer)] = nil
            result.error = "no answer from '\(target.url ?? target.host)' within \(limit)"
        } else if check.resolved == nil {
            result.error = "no answer from the name server for '\(target.host)' within \(limit)"
        } else {
            let pending = check.attempts.compactMap { connections[$0]?.connection.address }
            result.address = pending.first?.description
            result.error =
                "no answer from \(pending.first.map { endpoint($0, target.port ?? 0) } ?? target.host) within \(limit)"
        }
        complete(index, result)
    }

    // MARK: ICMP echoes

    /// Starts pinging `address` (which has a route, from `local`): the first echo goes at once.
    private func startEchoes(_ index: Int, _ check: Check, to address: IPAddress, from local: IPAddress) {
        do {
            _ = try icmpSocket(address.family)
        } catch {
            return failure = failure ?? error
        }
        let now = Self.now
        check.ping = Ping(address: address, local: local, nextEcho: now)
        sendEcho(index, check, now: now)
    }

    /// The ICMP socket for a family, opened (and waited on) the first time.
    private func icmpSocket(_ family: IPAddress.Family) throws -> ICMPSocket {
        if let socket = icmpSockets[family] { return socket }
        let protocolName = family == .ipv6 ? "ICMPv6" : "ICMP"
        do {
            let socket = try ICMPSocket(family: family)
            try poller.add(socket.descriptor, token: family == .ipv6 ? Token.icmpv6 : Token.icmp)
            icmpSockets[family] = socket
            return socket
        } catch  where error.isPermissionDenied {
            throw ToolError(
                "cannot send \(protocolName) echoes: this group may not open ping sockets "
                    + "(sysctl net.ipv4.ping_group_range) and raw sockets need root or CAP_NET_RAW")
        } catch {
            throw ToolError("cannot open an \(protocolName) socket: \(error)")
        }
    }

    /// Sends a check's next echo, and schedules the one after (or, after the last, the end of the wait for replies).
    private func sendEcho(_ index: Int, _ check: Check, now: Int64) {
        guard var ping = check.ping, let socket = icmpSockets[ping.address.family] else { return }
        // An echo sent as the check times out could only count as lost.
        guard now < check.deadline else {
            ping.nextEcho = nil
            check.ping = ping
            return
        }
        let sequence = nextSequence
        nextSequence &+= 1
        do throws(NetError) {
            let sent = try socket.send(to: ping.address, sequence: sequence)
            echoes[EchoKey(family: ping.address.family, sequence: sequence)] = (index, sent)
            ping.pending.append(sequence)
        } catch {
            if error.isWouldBlock {
                // The socket's buffer is full (thousands of targets): the echo goes a millisecond later.
                ping.nextEcho = now + 1_000_000
                check.ping = ping
                return
            }
            guard ping.summary.sent > 0 else {
                check.ping = nil
                check.failures.append((ping.address, error))
                return finishFailed(index, check)
            }
            // The route went away between two echoes: this one counts as lost.
        }
        ping.summary.sent += 1
        // The last echo is the --count-th, or the last one before the deadline (--timeout shorter than
        // count × --echo-interval): the check then ends as soon as its replies are in.
        let next = now + settings.echoInterval.wholeNanoseconds
        if ping.summary.sent < settings.count && next < check.deadline {
            ping.nextEcho = next
        } else {
            ping.nextEcho = nil
            if let wait = settings.echoWait { check.deadline = min(check.deadline, now + wait.wholeNanoseconds) }
        }
        check.ping = ping
        if ping.nextEcho == nil && ping.pending.isEmpty { finishEchoes(index, check) }
    }

    /// Reads the replies and errors that came for our echoes (the socket was seen readable at `seen`); a check whose
    /// echoes are all answered ends.
    private func echoesArrived(_ family: IPAddress.Family, seen: Int64) {
        guard let socket = icmpSockets[family] else { return }
        let messages = socket.receive()
        let read = Self.now
        for message in messages {
            let (sequence, address) =
                switch message {
                case .reply(let from, let sequence, _): (sequence, from)
                case .error(let destination, let sequence, _, _): (sequence, destination)
                }
            let key = EchoKey(family: family, sequence: sequence)
            // On a raw socket, a reply to another process's echo with our sequence is told by its source.
            guard let (index, sent) = echoes[key], let check = checks[index], var ping = check.ping,
                ping.address.matches(address)
            else { continue }
            echoes[key] = nil
            ping.pending.removeAll { $0 == sequence }
            switch message {
            case .reply(_, _, let received):
                // The kernel's receive timestamp, which no work of tb's loop delays (else when the loop saw it);
                // never before the send nor after the read.
                let arrived = min(max(received ?? seen, sent), read)
                ping.summary.roundTrips.append(Int((arrived - sent) / 1000))
            case .error(_, _, let reporter, let problem): ping.problem = (reporter, problem)
            }
            check.ping = ping
            if ping.nextEcho == nil && ping.pending.isEmpty { finishEchoes(index, check) }
        }
    }

    /// Ends an icmp check: reachable when any echo was answered, unreachable when an ICMP error came back instead,
    /// else timed out.
    private func finishEchoes(_ index: Int, _ check: Check) {
        guard let ping = check.ping else { return }
        var result = ReachResult(status: .reachable, total: Int((Self.now - check.started) / 1000))
        result.dns = check.dns
        result.address = ping.address.description
        result.echoes = ping.summary
        (result.interface, result.interfaceKind) = interface(of: ping.local)
        if ping.summary.received == 0 {
            if let (reporter, problem) = ping.problem {
                result.status = .unreachable
                result.error = "\(ping.address): \(problem)" + (reporter.map { " (reported by \($0))" } ?? "")
            } else {
                result.status = .timeout
                let limit = (settings.echoWait ?? settings.timeout).argumentText
                result.error = "no echo reply from \(ping.address) within \(limit)"
            }
        }
        complete(index, result)
    }

    // MARK: HTTP

    private func startHTTP(_ index: Int, _ check: Check, get: Bool) {
        guard let url = targets[index].url else { return }
        let multi: CurlMulti
        do {
            multi = try self.multi ?? CurlMulti()
            self.multi = multi
        } catch {
            return finish(index, failure: .httpError, "cannot make HTTP requests: \(error)")
        }
        var options = CurlTransfer.Options(url: url)
        let remaining = max(1, Int((check.deadline - Self.now) / 1_000_000))
        options.timeout = remaining
        options.connectTimeout = remaining
        options.stallTimeout = 0
        options.maxRedirects = 0
        options.headOnly = !get
        options.failOnHTTPError = false
        settings.request.apply(to: &options)
        if IPAddress(targets[index].host) == nil, let port = targets[index].port {
            let list = check.addresses.map { $0.family == .ipv6 ? "[\($0)]" : "\($0)" }.joined(separator: ",")
            options.resolve = ["\(targets[index].host):\(port):\(list)"]
        }
        do {
            // The status is all that is wanted: a GET stops at the first bytes of the body.
            let transfer = try CurlTransfer(options) { _ in false }
            try multi.add(transfer)
            try multi.perform()
            check.transfer = transfer
            check.triedGET = get
            transfers[ObjectIdentifier(transfer)] = index
        } catch {
            finish(index, failure: .httpError, "cannot check '\(url)': \(error)")
        }
    }

    private func httpFinished(_ transfer: CurlTransfer, _ error: CurlError?) throws {
        guard let index = transfers.removeValue(forKey: ObjectIdentifier(transfer)), let check = checks[index] else {
            return
        }
        check.transfer = nil
        let target = targets[index]
        let timings = transfer.timings
        var result = ReachResult(status: .reachable, total: Int((Self.now - check.started) / 1000))
        result.address = transfer.primaryIP
        if let local = transfer.localIP.flatMap(IPAddress.init) {
            (result.interface, result.interfaceKind) = interface(of: local)
        }
        result.dns = check.dns
        if timings.connect > 0 { result.connect = timings.connect - timings.lookup }
        if timings.tls > 0 { result.tls = timings.tls - timings.connect }
        if let error, !(error.isAbortedByReceiver && check.triedGET) {
            if error.isResolveFailure {
                result.status = .dnsFailed
            } else if error.isTimeout {
                result.status = .timeout
            } else if error.isConnectFailure && transfer.ranOutOfDescriptors && checks.count > 1 {
                return requeue(index, check)
            } else if error.isConnectFailure {
                result.status = NetError.system(transfer.systemErrorCode).isRefused ? .refused : .noRoute
            } else if error.isTLSFailure {
                result.status = .tlsError
            } else {
                result.status = .httpError
            }
            result.error = "'\(target.url ?? target.host)': \(error.message)"
            return complete(index, result)
        }
        let code = transfer.responseCode
        // Some servers refuse HEAD; a GET (stopped at once) asks again.
        if (code == 405 || code == 501) && !check.triedGET {
            return startHTTP(index, check, get: true)
        }
        result.httpStatus = code
        if !settings.accepts(code) {
            result.status = .httpError
            result.error = "'\(target.url ?? target.host)': HTTP \(code)"
        }
        complete(index, result)
    }

    // MARK: Results

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
        closeAttempts(of: check)
        if let ping = check.ping {
            for sequence in ping.pending { echoes[EchoKey(family: ping.address.family, sequence: sequence)] = nil }
        }
        if let transfer = check.transfer {
            multi?.remove(transfer)
            transfers[ObjectIdentifier(transfer)] = nil
        }
        do {
            try report(index, result)
        } catch {
            failure = error
        }
    }

    /// The first error a report threw; the loop stops on it.
    private(set) var failure: (any Error)?

    private func interface(of local: IPAddress) -> (String?, String?) {
        if let known = interfaces[local] { return known }
        let name = Routes.interface(holding: local)
        let found = (name, name.map { InterfaceKind.of($0).rawValue })
        interfaces[local] = found
        return found
    }

    private func endpoint(_ address: IPAddress, _ port: Int) -> String {
        address.family == .ipv6 ? "[\(address)]:\(port)" : "\(address):\(port)"
    }

}
