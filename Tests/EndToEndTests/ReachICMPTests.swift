// tb reach --method icmp: echoes to 127.0.0.1 and ::1, and, as root, in namespaces of the tests' own: a neighbour
// that answers, a router that answers "prohibited", blackhole and missing routes and a tun device nobody reads
// (echoes vanish), over the datagram ping socket and over the raw socket root falls back to.
import Foundation
import TestSupport
import Testing

struct ReachICMPTests {
    let scratch = Scratch()

    func reach(_ argv: [String]) throws -> Finished {
        try tb(["reach"] + argv, environment: scratch.environment)
    }

    /// The records of a run, by target.
    func records(_ result: Finished) throws -> [String: [String: Any]] {
        try result.records(by: "target")
    }

    func number(_ value: Any?) -> Double? {
        (value as? Double) ?? (value as? Int).map(Double.init)
    }

    @Test func loopbackAnswersEveryEcho() throws {
        let result = try reach(["--count", "3", "--echo-interval", "0.05", "127.0.0.1", "::1"])
        #expect(result.status == 0, "\(result.stderr)")
        let found = try records(result)
        for target in ["127.0.0.1", "::1"] {
            let record = found[target] ?? [:]
            #expect(record["method"] as? String == "icmp", "\(target)")
            #expect(record["status"] as? String == "reachable")
            #expect(record["reachable"] as? Bool == true)
            #expect(record["port"] is NSNull)
            #expect(record["interface"] as? String == "lo")
            #expect(record["sent"] as? Int == 3)
            #expect(record["received"] as? Int == 3)
            #expect(number(record["loss_percent"]) == 0)
            let rtts = ["rtt_min_ms", "rtt_avg_ms", "rtt_max_ms"].compactMap { number(record[$0]) }
            #expect(rtts.count == 3, "\(record)")
            #expect(rtts == rtts.sorted(), "\(record)")
        }
    }

    /// A bare host is pinged; `ping` names icmp; a route check says routable, not reachable, and has no echo fields.
    @Test func aBareHostIsPingedAndARouteCheckIsRoutable() throws {
        let fields = ["--fields", "method,port,status,sent,received,rtt_avg_ms"]
        let bare = try reach(["127.0.0.1"] + fields)
        #expect(
            bare.lines.first?.hasPrefix(
                #"{"type":"reach","method":"icmp","port":null,"status":"reachable","sent":1,"received":1,"rtt_avg_ms":"#
            ) == true, "\(bare.stdout)")
        let ping = try reach(["--method", "ping", "127.0.0.1:22"] + fields)
        #expect(
            ping.lines.first?.hasPrefix(#"{"type":"reach","method":"icmp","port":null,"status":"reachable""#) == true)
        let route = try reach(["--method", "route", "127.0.0.1"] + fields)
        #expect(
            route.lines == [
                #"{"type":"reach","method":"route","port":null,"status":"routable","sent":null,"received":null,"rtt_avg_ms":null}"#
            ])
        #expect(route.status == 0)
    }

    @Test func echoOptionsNeedAnICMPTarget() throws {
        let result = try reach(["--count", "2", "127.0.0.1:80"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "tb reach: --count and --echo-interval apply to icmp checks, and no target is one\n"))
        #expect(try reach(["--count", "0", "127.0.0.1"]).status == 64)
        #expect(try reach(["--method", "pong", "127.0.0.1"]).status == 64)
    }

    /// --timeout shorter than --count × --echo-interval: the echoes that fit are sent, none at the deadline (it
    /// could only count as lost), and the check ends once they are answered rather than at the deadline.
    @Test func aTimeoutShorterThanTheEchoesCutsTheCount() throws {
        let targets = ["127.0.0.1", "127.0.0.2", "127.0.0.3", "::1"]
        for _ in 0..<3 {
            let result = try reach(["--count", "3", "--echo-interval", "0.5", "--timeout", "1"] + targets)
            #expect(result.status == 0, "\(result.stderr)")
            for (target, record) in try records(result) {
                #expect(record["sent"] as? Int == 2, "\(target): \(record)")
                #expect(record["received"] as? Int == 2, "\(target): \(record)")
                #expect(number(record["loss_percent"]) == 0, "\(target): \(record)")
                #expect((number(record["total_ms"]) ?? 1000) < 900, "\(target): \(record)")
            }
        }
    }

    // MARK: As root, in namespaces of the tests' own

    /// ping_group_range "1 0" admits no group: the datagram socket is refused and root falls back to a raw one;
    /// "0 2147483647" admits every group, root's included: the datagram socket is used.
    @Test(
        .enabled(if: NetworkNamespace.canCreate, "needs root and iproute2"),
        arguments: ["1 0", "0 2147483647"])
    func answersErrorsAndSilence(pingGroups: String) throws {
        let namespace = try NetworkNamespace()
        let router = try NetworkNamespace()
        try namespace.sysctl("net.ipv4.ping_group_range", pingGroups)
        try namespace.veth(address: "10.9.0.1/24", peer: router, peerAddress: "10.9.0.2/24")
        // The router forwards, but has a prohibit route for 10.7/16: it answers with an ICMP error.
        try router.sysctl("net.ipv4.ip_forward", "1")
        try router.ip(["route", "add", "prohibit", "10.7.0.0/16"])
        try namespace.ip(["route", "add", "10.7.0.0/16", "via", "10.9.0.2"])
        try namespace.ip(["route", "add", "blackhole", "10.1.0.0/16"])
        // Nobody reads the tun device: echoes routed there vanish.
        try namespace.ip(["tuntap", "add", "t0", "mode", "tun"])
        try namespace.ip(["link", "set", "t0", "up"])
        try namespace.ip(["addr", "add", "10.8.0.1/24", "dev", "t0"])
        let targets = ["10.9.0.2", "10.7.0.1", "10.1.0.1", "10.4.0.1", "10.8.0.2", "127.0.0.1", "::1"]
        let (program, arguments) = namespace.inside(Package.binary, ["reach", "--timeout", "1"] + targets)
        let started = Date()
        let result = try runProgram(program, arguments, environment: scratch.environment)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 1, "\(result.stderr)")
        let found = try records(result)
        #expect(found.count == targets.count, "\(result.stdout) \(result.stderr)")
        for target in ["10.9.0.2", "127.0.0.1", "::1"] {
            #expect(found[target]?["status"] as? String == "reachable", "\(target): \(result.stdout)")
            #expect(found[target]?["received"] as? Int == 1)
        }
        #expect(found["10.9.0.2"]?["interface"] as? String == "v0")
        #expect(found["10.7.0.1"]?["status"] as? String == "unreachable")
        #expect(found["10.7.0.1"]?["reachable"] as? Bool == false)
        #expect(
            found["10.7.0.1"]?["error"] as? String == "10.7.0.1: administratively prohibited (reported by 10.9.0.2)")
        #expect(found["10.1.0.1"]?["status"] as? String == "no_route")
        #expect(found["10.1.0.1"]?["error"] as? String == "10.1.0.1: blackhole route")
        #expect(found["10.4.0.1"]?["error"] as? String == "10.4.0.1: no route")
        #expect(found["10.8.0.2"]?["status"] as? String == "timeout")
        #expect(found["10.8.0.2"]?["error"] as? String == "no echo reply from 10.8.0.2 within 1s")
        #expect(found["10.8.0.2"]?["sent"] as? Int == 1)
        #expect(found["10.8.0.2"]?["received"] as? Int == 0)
        #expect(number(found["10.8.0.2"]?["loss_percent"]) == 100)
        #expect(found["10.8.0.2"]?["rtt_avg_ms"] is NSNull)
        #expect((number(found["10.8.0.2"]?["total_ms"]) ?? 0) >= 900)
        #expect(elapsed >= 0.9 && elapsed < 4, "took \(elapsed) s")
    }

    /// 250 targets share one socket: a burst of their replies must not overflow its receive buffer and count as
    /// loss (the default buffer holds ~160 loopback replies). Raw socket ("1 0") and datagram socket.
    @Test(
        .enabled(if: NetworkNamespace.canCreate, "needs root and iproute2"),
        arguments: ["1 0", "0 2147483647"])
    func aBurstOfRepliesIsNotDropped(pingGroups: String) throws {
        let namespace = try NetworkNamespace()
        try namespace.sysctl("net.ipv4.ping_group_range", pingGroups)
        let targets = (1...250).map { "127.0.0.\($0)" }
        let (program, arguments) = namespace.inside(
            Package.binary,
            ["reach", "--count", "10", "--echo-interval", "1ms", "--fields", "target,received"] + targets)
        let result = try runProgram(program, arguments, environment: scratch.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let found = try records(result)
        #expect(found.count == targets.count)
        let short = found.values.filter { $0["received"] as? Int != 10 }.count
        #expect(short == 0, "\(short) targets lost replies")
    }

    /// Neither a ping socket nor a raw one: one line, status 2.
    @Test(.enabled(if: NetworkNamespace.canCreate, "needs root and iproute2"))
    func withoutPermissionItSaysWhy() throws {
        let namespace = try NetworkNamespace()
        try namespace.sysctl("net.ipv4.ping_group_range", "1 0")
        let (program, arguments) = namespace.inside(
            "/usr/bin/setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", Package.binary, "reach", "127.0.0.1"])
        var environment = scratch.environment
        environment["TB_HISTORY"] = "off"
        let result = try runProgram(program, arguments, environment: environment)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "tb reach: cannot send ICMP echoes: this group may not open ping sockets "
                + "(sysctl net.ipv4.ping_group_range) and raw sockets need root or CAP_NET_RAW\n")
    }

    /// --wait: each icmp try waits a second for its reply, then the next goes; the record counts them.
    @Test(.enabled(if: NetworkNamespace.canCreate, "needs root and iproute2"))
    func waitCountsItsTries() throws {
        let namespace = try NetworkNamespace()
        try namespace.ip(["tuntap", "add", "t0", "mode", "tun"])
        try namespace.ip(["link", "set", "t0", "up"])
        try namespace.ip(["addr", "add", "10.8.0.1/24", "dev", "t0"])
        let (program, arguments) = namespace.inside(
            Package.binary,
            [
                "reach", "--wait", "--timeout", "3", "--interval", "0.2", "--fields", "target,status,tries,waited_ms",
                "10.8.0.2", "127.0.0.1",
            ])
        let result = try runProgram(program, arguments, environment: scratch.environment)
        #expect(result.status == 1, "\(result.stderr)")
        let found = try records(result)
        #expect(found["127.0.0.1"]?["tries"] as? Int == 1, "\(result.stdout)")
        #expect((number(found["127.0.0.1"]?["waited_ms"]) ?? 1000) < 1000)
        #expect(found["10.8.0.2"]?["status"] as? String == "timeout")
        #expect((found["10.8.0.2"]?["tries"] as? Int ?? 0) >= 2, "\(result.stdout)")
        #expect((number(found["10.8.0.2"]?["waited_ms"]) ?? 0) >= 1900, "\(result.stdout)")
    }
}
