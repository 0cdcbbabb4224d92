// tb reach against real sockets: listening, closed and silent ports and an HTTP server on 127.0.0.1; and, as root,
// network namespaces the tests make for blackhole, prohibit and missing routes, interfaces, and a DNS server that
// never answers. No test sends anything beyond 127.0.0.0/8, ::1 and its own namespaces.
import Foundation
import TestSupport
import Testing

struct ReachTests {
    let scratch = Scratch()

    func reach(_ argv: [String]) throws -> Finished {
        try tb(["reach"] + argv, environment: scratch.environment)
    }

    /// The records of a run, by target.
    func records(_ result: Finished) throws -> [String: [String: Any]] {
        try result.records(by: "target")
    }

    @Test func openClosedAndSilentPorts() throws {
        let ports = try Listeners(open: 3, closed: 2, silent: 2)
        let open = ports.open.map { "127.0.0.1:\($0)" }
        let closed = ports.closed.map { "127.0.0.1:\($0)" }
        let silent = ports.silent.map { "127.0.0.1:\($0)" }
        let started = Date()
        let result = try reach(["--timeout", "1"] + open + closed + silent)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 1)
        let found = try records(result)
        #expect(found.count == 7)
        for target in open {
            #expect(found[target]?["status"] as? String == "reachable", "\(target)")
            #expect(found[target]?["reachable"] as? Bool == true)
            #expect(found[target]?["method"] as? String == "tcp")
            #expect(found[target]?["interface"] as? String == "lo")
            #expect(found[target]?["interface_kind"] as? String == "loopback")
            #expect(found[target]?["connect_ms"] is Double || found[target]?["connect_ms"] is Int)
        }
        for target in closed {
            #expect(found[target]?["status"] as? String == "refused", "\(target)")
            #expect((found[target]?["error"] as? String)?.hasSuffix("connection refused") == true)
        }
        for target in silent {
            #expect(found[target]?["status"] as? String == "timeout", "\(target)")
            #expect(found[target]?["error"] as? String == "no answer from \(target) within 1s")
        }
        #expect(elapsed < 5, "the silent ports share one deadline")
        // Reachable ones come first: each record is written as its check ends.
        #expect(result.lines.prefix(3).allSatisfy { $0.contains(#""status":"reachable""#) })
        #expect(try reach(open).status == 0)
        #expect(try reach(["--any"] + closed + [open[0]]).status == 0)
        #expect(try reach(["--any"] + closed).status == 1)
    }

    @Test func orderedQuietAndTheExitStatus() throws {
        let ports = try Listeners(open: 2, closed: 1)
        let targets = ["127.0.0.1:\(ports.closed[0])", "127.0.0.1:\(ports.open[0])", "127.0.0.1:\(ports.open[1])"]
        let ordered = try reach(["--ordered", "--fields", "target"] + targets)
        #expect(ordered.lines == targets.map { #"{"type":"reach","target":"\#($0)"}"# })
        let quiet = try reach(["-q"] + targets)
        #expect(quiet.stdout.isEmpty)
        #expect(quiet.status == 1)
        #expect(try reach(["-q", targets[1], targets[2]]).status == 0)
    }

    /// More targets than open files: the checks beyond the limit wait for a slot instead of failing with "too many
    /// open files" (reported as no_route).
    @Test func moreTargetsThanOpenFilesAreQueued() throws {
        let ports = try Listeners(open: 3, closed: 2)
        let server = try TestServer.http(root: Fixtures.folder("text"))
        var targets: [String] = []
        for round in 0..<40 {
            targets += ports.open.map { "127.0.0.1:\($0)" } + ports.closed.map { "127.0.0.1:\($0)" }
            targets.append(server.url("/file/lorem.txt?\(round)"))
        }
        let result = try runProgram(
            "/bin/sh", ["-c", "ulimit -n 64 && exec \"$0\" \"$@\"", Package.binary, "reach", "--json"] + targets,
            environment: scratch.environment)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let statuses = try result.lines.map {
            (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["status"] as? String ?? ""
        }
        #expect(statuses.count == targets.count)
        #expect(statuses.filter { $0 == "reachable" }.count == 160, "\(Set(statuses))")
        #expect(statuses.filter { $0 == "refused" }.count == 80)
    }

    /// `--watch | head -1`: once the reader is gone, tb notices the hung-up pipe and ends with status 0, although
    /// nothing changes and nothing more is written (it used to run until killed).
    @Test func watchEndsWhenTheReaderGoesAway() throws {
        let result = try runProgram(
            "/bin/bash",
            [
                "-c",
                "timeout 20 \"$0\" reach --watch --interval 10m --method route 127.0.0.1 | head -1; echo \"${PIPESTATUS[0]}\"",
                Package.binary,
            ],
            environment: scratch.environment)
        #expect(result.lines.count == 2, "\(result.stdout)")
        #expect(result.lines.last == "0", "\(result.stdout) \(result.stderr)")
    }

    /// A route check sends nothing: it says routable (a route exists), never reachable, and succeeds.
    @Test func routesOnThisMachine() throws {
        let result = try reach(["--method", "route", "127.0.0.1", "::1", "localhost"])
        #expect(result.status == 0, "\(result.stderr)")
        let found = try records(result)
        for target in ["127.0.0.1", "::1", "localhost"] {
            #expect(found[target]?["method"] as? String == "route")
            #expect(found[target]?["status"] as? String == "routable")
            #expect(found[target]?["reachable"] as? Bool == true)
            #expect(found[target]?["interface"] as? String == "lo", "\(target)")
            #expect(found[target]?["interface_kind"] as? String == "loopback")
            #expect(found[target]?["port"] is NSNull)
        }
        #expect(found["localhost"]?["dns_ms"] is Double || found["localhost"]?["dns_ms"] is Int)
        #expect(found["127.0.0.1"]?["dns_ms"] is NSNull)
    }

    @Test func httpChecks() throws {
        let server = try TestServer.http(root: Fixtures.folder("text"))
        let ok = server.url("/file/lorem.txt")
        let unavailable = server.url("/status/503")
        let redirect = server.url("/redirect-loop")
        let result = try reach([ok, unavailable, redirect])
        #expect(result.status == 1)
        let found = try records(result)
        #expect(found[ok]?["status"] as? String == "reachable")
        #expect(found[ok]?["http_status"] as? Int == 200)
        #expect(found[ok]?["method"] as? String == "http")
        #expect(found[ok]?["port"] as? Int == server.port)
        #expect(found[ok]?["address"] as? String == "127.0.0.1")
        #expect(found[unavailable]?["status"] as? String == "http_error")
        #expect(found[unavailable]?["http_status"] as? Int == 503)
        #expect(found[unavailable]?["error"] as? String == "'\(unavailable)': HTTP 503")
        // A redirect is an answer: it is not followed.
        #expect(found[redirect]?["http_status"] as? Int == 302)
        #expect(try reach(["--expect-status", "503", unavailable]).status == 0)
        #expect(try reach(["--expect-status", "200-299", redirect]).status == 1)
        // tcp on the same port, and an http check of host:port.
        #expect(try reach(["127.0.0.1:\(server.port)"]).status == 0)
        let asHTTP = try reach(["--method", "http", "127.0.0.1:\(server.port)", "--fields", "http_status"])
        #expect(asHTTP.lines == [#"{"type":"reach","http_status":404}"#])
        let refused = try reach(["http://127.0.0.1:\(try Listeners(open: 0, closed: 1).closed[0])/"])
        #expect(refused.stdout.contains(#""status":"refused""#), "\(refused.stdout)")
    }

    @Test func httpsTimesTheHandshake() throws {
        let nginx = try TestServer.nginx(root: Fixtures.folder("text"), scratch: scratch, tls: true)
        let url = nginx.url("/lorem.txt")
        let untrusted = try records(try reach([url]))[url]
        #expect(untrusted?["status"] as? String == "tls_error")
        let trusted = try records(try reach([url, "--cacert", scratch.file("nginx-\(nginx.port)/cert.pem")]))[url]
        #expect(trusted?["status"] as? String == "reachable")
        #expect(((trusted?["tls_ms"] as? Double) ?? Double(trusted?["tls_ms"] as? Int ?? 0)) > 0)
    }

    /// A slow HTTP set-up in the same run (libcurl loading a CA file of 1,000 certificates takes tens of
    /// milliseconds, after the other probes started) adds nothing to a loopback echo's round trip or a loopback
    /// connect's time: each probe is timed by the kernel or at its readiness event, never across the loop's other work.
    @Test func aSlowHTTPSetUpIsNotCountedInTheOtherProbes() throws {
        let nginx = try TestServer.nginx(root: Fixtures.folder("text"), scratch: scratch, tls: true)
        let certificate = try String(contentsOfFile: scratch.file("nginx-\(nginx.port)/cert.pem"), encoding: .utf8)
        let bundle = scratch.file("slow-bundle.pem")
        try String(repeating: certificate, count: 1000).write(toFile: bundle, atomically: true, encoding: .utf8)
        let listeners = try Listeners(open: 1)
        let port = listeners.open[0]
        let url = nginx.url("/lorem.txt")
        let probes = ["127.0.0.1", "127.0.0.1:\(port)"]
        func milliseconds(_ value: Any?) -> Double {
            (value as? Double) ?? (value as? Int).map(Double.init) ?? .infinity
        }
        let alone = try records(try reach(probes))
        let mixedRun = try reach(probes + [url, "--cacert", bundle])
        #expect(mixedRun.status == 0, "\(mixedRun.stderr)")
        let mixed = try records(mixedRun)
        // The stall is there: the https check's handshake took at least 50 ms.
        #expect(milliseconds(mixed[url]?["tls_ms"]) >= 50, "\(mixed[url] ?? [:])")
        let echo = (milliseconds(alone["127.0.0.1"]?["rtt_avg_ms"]), milliseconds(mixed["127.0.0.1"]?["rtt_avg_ms"]))
        #expect(echo.1 < echo.0 + 1, "echo alone \(echo.0) ms, beside the slow set-up \(echo.1) ms")
        let target = "127.0.0.1:\(port)"
        let connect = (milliseconds(alone[target]?["connect_ms"]), milliseconds(mixed[target]?["connect_ms"]))
        #expect(connect.1 < connect.0 + 1, "connect alone \(connect.0) ms, beside the slow set-up \(connect.1) ms")
        withExtendedLifetime(listeners) {}
    }

    @Test func malformedTargetsAreUsageErrors() throws {
        for target in ["host:0", "host:99999", "host:x", "[::1", "[zz]:80", "a b", "", "mystery://host/"] {
            let result = try reach([target])
            #expect(result.status == 64, "\(target): \(result.stderr)")
        }
        #expect(try reach(["--method", "tcp", "example.org"]).stderr.hasPrefix("tb reach: 'example.org' has no port"))
        #expect(try reach(["--wait", "--watch", "127.0.0.1"]).status == 64)
        #expect(try reach(["--expect-status", "20x", "127.0.0.1"]).status == 64)
        #expect(try reach(["--timeout", "0", "127.0.0.1"]).status == 64)
        #expect(try reach(["@nothing"]).status == 64)
    }

    @Test func urlsOfOtherSchemesUseTheirPorts() throws {
        let ports = try Listeners(open: 1)
        _ = try tb(
            ["bookmark", "add", "svc", "svn://127.0.0.1:\(ports.open[0])/repo"], environment: scratch.environment)
        let result = try reach(["@svc", "--fields", "target,method,port,status"])
        #expect(
            result.lines == [
                #"{"type":"reach","target":"@svc","method":"tcp","port":\#(ports.open[0]),"status":"reachable"}"#
            ])
        let history = try tb(["history", "--fields", "command,target,exit_status"], environment: scratch.environment)
        #expect(history.lines.last == #"{"type":"visit","command":"reach","target":"@svc","exit_status":0}"#)
    }

    @Test func waitUntilAPortOpens() throws {
        let ports = try Listeners(open: 0, closed: 1)
        let port = ports.closed[0]
        // Something starts listening on the port a second from now.
        let opener = try RunningProgram(
            "/usr/bin/python3",
            [
                "-c",
                "import socket, time; time.sleep(1); s = socket.socket(); "
                    + "s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', \(port))); "
                    + "s.listen(8); time.sleep(10)",
            ], environment: [:])
        defer { withExtendedLifetime(opener) {} }
        let started = Date()
        let result = try reach(["--wait", "--timeout", "8", "--interval", "0.2", "127.0.0.1:\(port)"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.lines.count == 1)
        #expect(Date().timeIntervalSince(started) < 6)
        // The record says how long the wait took and how many tries: the port opened after about a second.
        let record = try records(result)["127.0.0.1:\(port)"] ?? [:]
        #expect((record["tries"] as? Int ?? 0) >= 2, "\(record)")
        #expect(((record["waited_ms"] as? Double) ?? 0) >= 500, "\(record)")
        let never = try reach(["--wait", "--timeout", "1", "127.0.0.1:\(try Listeners(open: 0, closed: 1).closed[0])"])
        #expect(never.status == 1)
        #expect(never.lines.count == 1)
        #expect(never.stdout.contains(#""status":"refused""#))
        #expect(try records(never).values.first?["tries"] as? Int ?? 0 >= 2)
        // Without --wait there are no tries to count.
        #expect(
            try reach(["127.0.0.1:\(port)", "--fields", "tries,waited_ms"]).lines.first
                == #"{"type":"reach","tries":null,"waited_ms":null}"#)
    }

    @Test func watchSeesAPortClose() throws {
        let ports = try Listeners(open: 1)
        let target = "127.0.0.1:\(ports.open[0])"
        let program = try RunningProgram(
            Package.binary,
            [
                "reach", "--watch", "--interval", "0.2", "--fields",
                "target,reachable,previous,status,previous_status,interface", target,
            ],
            environment: scratch.environment)
        let first = program.readLine()
        #expect(
            first
                == #"{"type":"reach","target":"\#(target)","reachable":true,"previous":null,"status":"reachable","previous_status":null,"interface":"lo"}"#
        )
        ports.close(ports.open[0])
        // The change has both statuses; a refused connect leaves no interface.
        let change = program.readLine()
        #expect(
            change
                == #"{"type":"change","target":"\#(target)","reachable":false,"previous":true,"status":"refused","previous_status":"reachable","interface":null}"#
        )
    }

    // MARK: As root, in namespaces of the tests' own

    @Test(.enabled(if: NetworkNamespace.canCreate, "needs root and iproute2"))
    func blackholeProhibitAndMissingRoutes() throws {
        let namespace = try NetworkNamespace()
        try namespace.ip(["route", "add", "blackhole", "10.1.0.0/16"])
        try namespace.ip(["route", "add", "prohibit", "10.2.0.0/16"])
        try namespace.ip(["route", "add", "unreachable", "10.3.0.0/16"])
        try namespace.veth(address: "10.9.0.1/24")
        try namespace.ip(["tuntap", "add", "t0", "mode", "tun"])
        try namespace.ip(["link", "set", "t0", "up"])
        try namespace.ip(["addr", "add", "10.8.0.1/24", "dev", "t0"])
        let targets = ["10.1.0.1", "10.2.0.1", "10.3.0.1", "10.4.0.1", "10.9.0.2", "10.8.0.2", "10.1.0.1:80"]
        let (program, arguments) = namespace.inside(Package.binary, ["reach", "--method", "route"] + targets)
        let result = try runProgram(program, arguments, environment: scratch.environment)
        #expect(result.status == 1)
        let found = try records(result)
        #expect(found["10.1.0.1"]?["status"] as? String == "no_route")
        #expect(found["10.1.0.1"]?["error"] as? String == "10.1.0.1: blackhole route")
        #expect(found["10.2.0.1"]?["error"] as? String == "10.2.0.1: prohibit route")
        #expect(found["10.3.0.1"]?["error"] as? String == "10.3.0.1: unreachable route")
        #expect(found["10.4.0.1"]?["error"] as? String == "10.4.0.1: no route")
        #expect(found["10.9.0.2"]?["status"] as? String == "routable")
        #expect(found["10.9.0.2"]?["interface"] as? String == "v0")
        #expect(found["10.9.0.2"]?["interface_kind"] as? String == "ethernet")
        #expect(found["10.8.0.2"]?["interface"] as? String == "t0")
        #expect(found["10.8.0.2"]?["interface_kind"] as? String == "tunnel")
        #expect(found["10.1.0.1:80"]?["status"] as? String == "no_route")
    }

    /// Link-local IPv6 addresses need a zone: `[fe80::1%v0]:PORT`, `fe80::2%v0` and `%25` in URLs are accepted and
    /// used (they were refused with 64); an unknown zone is a usage error.
    @Test(.enabled(if: NetworkNamespace.canCreate, "needs root and iproute2"))
    func ipv6ZonesAreUsed() throws {
        let namespace = try NetworkNamespace()
        try namespace.veth(address: "10.9.0.1/24")
        try namespace.ip(["addr", "add", "fe80::1/64", "dev", "v0", "nodad"])
        let link = try runProgram("/usr/sbin/ip", ["-n", namespace.name, "-o", "link", "show", "v0"], environment: [:])
        let index = String(link.stdout.prefix { $0 != ":" })
        let targets = ["fe80::1%v0", "[fe80::1%v0]:1", "ssh://[fe80::1%25v0]:1/", "[fe80::1%\(index)]:1"]
        let (program, arguments) = namespace.inside(Package.binary, ["reach", "--timeout", "2"] + targets)
        let result = try runProgram(program, arguments, environment: scratch.environment)
        #expect(result.status == 1, "\(result.stderr)")
        let found = try records(result)
        #expect(found["fe80::1%v0"]?["status"] as? String == "reachable", "\(result.stdout)")
        #expect(found["fe80::1%v0"]?["address"] as? String == "fe80::1%v0")
        #expect(found["fe80::1%v0"]?["interface"] as? String == "v0")
        #expect(found["[fe80::1%v0]:1"]?["status"] as? String == "refused")
        #expect(found["[fe80::1%v0]:1"]?["address"] as? String == "fe80::1%v0")
        #expect(found["ssh://[fe80::1%25v0]:1/"]?["status"] as? String == "refused")
        #expect(found["[fe80::1%\(index)]:1"]?["status"] as? String == "refused")
        let unknown = namespace.inside(Package.binary, ["reach", "[fe80::1%nosuch]:80"])
        let refused = try runProgram(unknown.0, unknown.1, environment: scratch.environment)
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("tb reach: '[fe80::1%nosuch]:80': not an IPv6 address with a zone"))
    }

    @Test(.enabled(if: NetworkNamespace.canCreate, "needs root and iproute2"))
    func aSilentNameServerCostsOnlyTheTimeout() throws {
        let namespace = try NetworkNamespace()
        try namespace.silentNameServer()
        let (program, arguments) = namespace.inside(
            Package.binary, ["reach", "--timeout", "1", "db.tb-test.example:5432", "http://www.tb-test.example/"])
        let started = Date()
        let result = try runProgram(program, arguments, environment: scratch.environment)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 1)
        let found = try records(result)
        #expect(found["db.tb-test.example:5432"]?["status"] as? String == "timeout")
        #expect(
            found["db.tb-test.example:5432"]?["error"] as? String
                == "no answer from the name server for 'db.tb-test.example' within 1s")
        #expect(found["http://www.tb-test.example/"]?["status"] as? String == "timeout")
        #expect(
            found["http://www.tb-test.example/"]?["error"] as? String
                == "no answer from the name server for 'www.tb-test.example' within 1s")
        #expect(elapsed < 3, "took \(elapsed) s")
    }

    @Test(.enabled(if: NetworkNamespace.canCreate, "needs root and iproute2"))
    func watchSeesARouteDisappear() throws {
        let namespace = try NetworkNamespace()
        try namespace.veth(address: "10.9.0.1/24")
        let (program, arguments) = namespace.inside(
            Package.binary,
            [
                "reach", "--watch", "--method", "route", "--interval", "600", "--fields", "target,reachable,status",
                "10.9.0.2",
            ])
        let watcher = try RunningProgram(program, arguments, environment: scratch.environment)
        #expect(watcher.readLine() == #"{"type":"reach","target":"10.9.0.2","reachable":true,"status":"routable"}"#)
        // The route goes with the link; only the kernel's notice can tell tb (the interval is ten minutes).
        try namespace.ip(["link", "set", "v0", "down"])
        #expect(watcher.readLine() == #"{"type":"change","target":"10.9.0.2","reachable":false,"status":"no_route"}"#)
    }
}
