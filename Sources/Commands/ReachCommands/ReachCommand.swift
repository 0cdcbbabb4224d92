// tb reach [options] TARGET...: does a host answer a ping, does a port accept connections, does a URL answer, is
// there a route — for many targets at once, within one deadline, DNS included; or wait until they do, or watch them.
import Net
import Toolbox

extension ReachMethod: ArgumentChoice {
    public static var valueName: String { "METHOD" }
    /// `ping` is icmp, as the tool of that name does it.
    public init?(argument: String) {
        guard let method = argument == "ping" ? .icmp : Self(rawValue: argument) else { return nil }
        self = method
    }
    public static var expectation: String { "one of icmp (or ping), route, tcp, http, tls" }
    public static var choices: [String]? { allCases.map(\.rawValue) + ["ping"] }
}

/// Checks reachability.
public struct ReachCommand: Command {
    static let method = Option<ReachMethod>(
        "method", short: "m",
        help:
            "how to check: icmp (or ping), route, tcp, http, tls (default: icmp for a host, tcp for host:port, http "
            + "for an http(s) URL, tls for tls://host:port)"
    )
    static let count = Option<Int>(
        "count", short: "c", value: "N", help: "icmp: send N echoes to each target and report loss and round trips",
        default: 1, range: 1...10000)
    static let echoInterval = Option<Duration>(
        "echo-interval", help: "icmp: the pause between two echoes to the same target", default: .milliseconds(200))
    static let timeout = Option<Duration>(
        "timeout", short: "t", help: "give up on a target after this long, DNS included (default: 5s; with --wait, 60s)"
    )
    static let interval = Option<Duration>(
        "interval", short: "i",
        help: "with --wait, the longest pause between tries; with --watch, how often every target is checked again",
        default: .seconds(2))
    static let wait = Flag("wait", short: "w", help: "keep trying until every target is reachable or --timeout passes")
    static let watch = Flag(
        "watch", help: "print the state, then a change record whenever a target's status changes",
        conflicts: [wait])
    static let any = Flag("any", help: "succeed when at least one target is reachable (default: all must be)")
    static let ordered = Flag("ordered", help: "print the records in the order of the targets, not as they come")
    static let quiet = Flag("quiet", short: "q", help: "print nothing: the exit status tells")
    static let expectStatus = Option<StatusCodes>(
        "expect-status",
        help: "HTTP statuses that count as reachable, such as 200,204 or 200-399 (default: any below 400)")
    static let minCertDays = Option<Int>(
        "min-cert-days", value: "N",
        help: "fail an https or tls check whose certificate ends within N days (status cert_expiring)",
        range: 0...36_500)
    static let ipv4 = Flag("ipv4", short: "4", help: "use IPv4 addresses only")
    static let ipv6 = Flag("ipv6", short: "6", help: "use IPv6 addresses only", conflicts: [ipv4])
    static let targets = Positional(
        "TARGET", help: "host, host:port (or host:SERVICE, such as host:ssh), [v6addr]:port, a URL, or @bookmark",
        arity: .oneOrMore,
        completion: .sources)

    public static let commandName = "reach"
    public static let spec = CommandSpec(
        name: commandName, abstract: "check that hosts, ports and URLs are reachable",
        discussion: """
            Checks every TARGET at once (as many as the open-files limit allows; the rest wait for a slot) and \
            prints a reach record for each the moment its check ends. How it checks \
            depends on the target (or --method):
              icmp   a bare host (--method ping too): ICMP or ICMPv6 echo requests, --count of them (1), \
            --echo-interval apart (0.2 s), all targets on one socket per address family: an unprivileged ping \
            socket where sysctl net.ipv4.ping_group_range allows it, else a raw socket (root). Reachable when an \
            echo is answered; the record has sent, received, loss_percent and the rtt_min/avg/max_ms round trips. \
            An ICMP error coming back (destination unreachable) is unreachable, no reply at all timeout; the \
            check ends when every echo is answered, or at --timeout.
              route  is there a route to the host? Nothing is sent: a UDP socket is connected and the \
            kernel's answer read (no route, unreachable, prohibit and blackhole routes), as Apple's \
            SCNetworkReachability means it. The status is routable, not reachable: the host may be down. The \
            outgoing interface and its kind are reported (every method reports them).
              tcp    host:port, [v6addr]:port, or a URL of another scheme (ftp, ssh, svn… use their default \
            ports): a TCP connect to every address of the host, IPv6 and IPv4, at once. The port may be a \
            service's name from /etc/services, as nc takes it (host:https is port 443; the record has the number).
              http   an http(s) URL: a HEAD request (a GET if the server refuses HEAD), with the status, and the \
            DNS, connect and TLS times. Any status below 400 counts, unless --expect-status says otherwise.
              tls    tls://host:port (443 when none): a TLS handshake and nothing more, verified as https is \
            (the system's CAs, or --cacert; --insecure verifies nothing).

            Certificates: https and tls checks report the server's certificate — cert_not_after, cert_days_left \
            (whole days, rounded down), cert_subject, cert_issuer and cert_name_matches — also when verification \
            refused it (status tls_error: expired, another name, an unknown issuer), read from a second handshake \
            that verifies nothing. --min-cert-days N fails a check whose certificate ends within N days (fewer than \
            N whole days left): status cert_expiring, exit 1, so that a cron job hears of it weeks ahead. The table \
            shows DAYS_LEFT when a target has a certificate.

            Round trips and connect times are the network's, not tb's: an echo is timed from just before it is \
            sent to the kernel's receive timestamp of its reply, and a connect by the kernel's own measure of the \
            handshake (SYN to SYN-ACK; from the connect to the socket's readiness when the SYN had to be sent \
            again), so that other checks of the same run (a slow TLS set-up, say) add nothing to them. \
            total_ms is the check's time as tb saw it.

            --timeout bounds each check as a whole, the name lookup included: a DNS server that never answers costs \
            the timeout, not the resolver's own 10 seconds and more. The exit status is 0 when every check \
            succeeded (reachable, or routable for a route check; with --any, when one did), 1 when one did not, 64 \
            for a malformed target or option, so that cron jobs can gate on the service they need: \
            tb reach -q feeds.example.org:443 && tb feed @news.

            --wait tries again (after 0.1 s, then twice as long each time, up to --interval) until every target is \
            reachable or --timeout passes, printing each target once: when it is reachable, or when time is up, \
            with tries and waited_ms; an icmp try waits 1 s for its replies after its last echo. --watch prints \
            each target's state, then a change record (with status and previous_status) whenever its status \
            changes, until interrupted: route changes come from the kernel (rtnetlink: links, addresses and \
            routes, IPv4 and IPv6) and trigger a new check of every target at once; every target is also checked \
            every --interval.
            """,
        options: [
            method, count, echoInterval, timeout, interval, wait, watch, any, ordered, quiet, expectStatus, minCertDays,
            ipv4, ipv6,
        ] + InputOptions.request,
        positionals: [targets],
        records: [ReachRecord.schema, ChangeRecord.schema],
        examples: [
            Example("tb reach --count 5 example.org", "Ping it five times: loss and round trips."),
            Example("tb reach --method route example.org", "Is there a route to it? (Nothing is sent.)"),
            Example("tb reach db.internal:5432 cache:6379 https://example.org/health", "Three checks at once."),
            Example("tb reach -q https://feeds.example.org/ && tb feed @news", "Gate a cron job on the server."),
            Example("tb reach --wait --timeout 120 localhost:5432 && ./migrate", "Wait for a service to come up."),
            Example("tb reach --watch 192.0.2.1 example.org:443", "Follow reachability as it changes."),
            Example(
                "tb reach -q --min-cert-days 14 https://example.org/ tls://mail.example.org:993",
                "Fail two weeks before a certificate ends."),
        ],
        exitStatuses: [ExitStatusNote(.negative, "a target is not reachable (with --any: none is)")])

    let mode: ReachMode
    let settings: ProbeSettings
    let interval: Duration
    let succeedOnAny: Bool
    let ordered: Bool
    let quiet: Bool
    let methodOverride: ReachMethod?
    let targetTexts: [String]
    /// --count or --echo-interval: they need an icmp target.
    let echoOptionsGiven: Bool

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        let waiting = arguments.flag(Self.wait)
        let watching = arguments.flag(Self.watch)
        mode = watching ? .watch : waiting ? .wait : .once
        var settings = ProbeSettings()
        settings.timeout = try arguments.value(Self.timeout) ?? .seconds(waiting ? 60 : 5)
        echoOptionsGiven = arguments.isPresent(Self.count) || arguments.isPresent(Self.echoInterval)
        settings.count = try arguments.valueOrDefault(Self.count)
        settings.echoInterval = try arguments.valueOrDefault(Self.echoInterval)
        if waiting { settings.echoWait = .seconds(1) }
        interval = try arguments.valueOrDefault(Self.interval)
        let v4 = arguments.flag(Self.ipv4)
        let v6 = arguments.flag(Self.ipv6)
        settings.family = v4 ? .ipv4 : v6 ? .ipv6 : nil
        settings.expectedStatuses = try arguments.value(Self.expectStatus)?.ranges
        settings.minimumCertificateDays = try arguments.value(Self.minCertDays)
        settings.request = try RequestSettings(arguments)
        self.settings = settings
        succeedOnAny = arguments.flag(Self.any)
        ordered = arguments.flag(Self.ordered)
        quiet = arguments.flag(Self.quiet)
        methodOverride = try arguments.value(Self.method)
        targetTexts = arguments.positionals(Self.targets)
    }

    public func run(_ context: Context) throws -> ExitStatus {
        var targets: [ReachTarget] = []
        for text in targetTexts {
            let resolved: String
            do {
                resolved = try context.bookmarks.resolve(text)
            } catch {
                throw UsageError(error.message)
            }
            targets.append(try ReachTarget(text, resolved: resolved, method: methodOverride))
        }
        if echoOptionsGiven && !targets.contains(where: { $0.method == .icmp }) {
            throw UsageError("--count and --echo-interval apply to icmp checks, and no target is one")
        }
        let certificates = targets.contains(where: \.hasCertificate)
        if settings.minimumCertificateDays != nil && !certificates {
            throw UsageError("--min-cert-days applies to https and tls checks, and no target is one")
        }
        // A streaming table keeps room for what some targets will fill; a table printed at once shows what they did.
        let http = targets.contains { $0.method == .http }
        context.output.showInTable(
            ["error"] + (http ? ["http_status"] : []) + (certificates ? ["cert_days_left"] : []), of: ReachRecord.self)
        // What the reader looks for is the target: it is whole before the error beside it grows.
        context.output.widenFirst(["target"], of: ReachRecord.self, toFit: targetTexts)
        context.output.widenFirst(["target"], of: ChangeRecord.self, toFit: targetTexts)
        if mode == .watch { context.output.runsUntilInterrupted() }
        let run = try ReachRun(
            targets: targets, settings: settings, interval: interval, context: context, ordered: ordered, quiet: quiet)
        let results = try run.run(mode)
        // A target that is not reachable is an answer (its record says why), not a failure of the run.
        var outcomes = TargetOutcomes()
        for (target, result) in zip(targets, results) {
            let status = result.reachable ? ExitStatus.success : .negative
            outcomes.done(target.text, status: status, records: 1, visited: true, in: context)
        }
        let answered = succeedOnAny ? outcomes.succeeded > 0 : outcomes.answeredNo == 0
        return outcomes.exitStatus(answer: answered ? .success : .negative)
    }
}
