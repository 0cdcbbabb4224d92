import Foundation
import TestSupport
import Testing

// tb reach's certificate checks against TLS servers on 127.0.0.1 whose certificates the test makes with its own CA
// (Tests/Fixtures/servers/make_certificates.py): valid for 300 days, ending in 3 days, ended, for another name,
// issued by an intermediate CA; https and tls:// checks; the fields read also when verification refuses the
// certificate; --min-cert-days at its boundary; the table's DAYS_LEFT.
@Suite(.serialized)
struct ReachCertificateTests {
    let scratch = Scratch()

    /// The certificates, their servers, and what make_certificates.py says of each.
    struct Servers {
        let directory: String
        let described: [String: [String: String]]
        let servers: [String: TestServer]

        func port(_ name: String) -> Int { servers[name]?.port ?? 0 }
    }

    func servers() throws -> Servers {
        let directory = scratch.file("certificates")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let made = try runProgram(
            "/usr/bin/python3", [Package.root + "/Tests/Fixtures/servers/make_certificates.py", directory],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(made.status == 0, "\(made.stderr)")
        let described = try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: [String: String]]
        var servers: [String: TestServer] = [:]
        for name in ["valid", "expiring", "expired", "other", "chain"] {
            servers[name] = try TestServer.tls(
                certificate: directory + "/\(name).pem", key: directory + "/\(name).key")
        }
        return Servers(directory: directory, described: described ?? [:], servers: servers)
    }

    /// The records of `tb reach ARGUMENTS --json`, by target.
    func reach(_ arguments: [String]) throws -> (status: Int32, records: [String: [String: Any]], stderr: String) {
        let run = try tb(["reach", "--json"] + arguments, environment: scratch.environment)
        return (run.status, try run.records(by: "target"), run.stderr)
    }

    @Test func everyCertificateIsDescribedVerifiedOrNot() throws {
        let servers = try servers()
        let cases: [(name: String, status: String, days: Int, matches: Bool)] = [
            ("valid", "reachable", 300, true), ("expiring", "reachable", 3, true), ("expired", "tls_error", -2, true),
            ("other", "tls_error", 300, false), ("chain", "reachable", 300, true),
        ]
        for row in cases {
            let port = servers.port(row.name)
            let targets = ["https://127.0.0.1:\(port)/", "tls://127.0.0.1:\(port)", "tls://localhost:\(port)"]
            let run = try reach(["--cacert", servers.directory + "/ca.pem"] + targets)
            #expect(run.status == (row.status == "reachable" ? 0 : 1), "\(row.name): \(run.stderr)")
            let described = servers.described[row.name] ?? [:]
            for target in targets {
                let record = run.records[target] ?? [:]
                #expect(record["status"] as? String == row.status, "\(row.name) \(target): \(record)")
                #expect(record["method"] as? String == (target.hasPrefix("tls") ? "tls" : "http"))
                #expect(record["cert_days_left"] as? Int == row.days, "\(row.name) \(target)")
                #expect(record["cert_not_after"] as? String == described["not_after"], "\(row.name) \(target)")
                #expect(record["cert_subject"] as? String == described["subject"], "\(row.name) \(target)")
                #expect(record["cert_issuer"] as? String == described["issuer"], "\(row.name) \(target)")
                #expect(record["cert_name_matches"] as? Bool == row.matches, "\(row.name) \(target)")
            }
        }
        // Without the CA, verification refuses even the valid certificate, and still describes it.
        let port = servers.port("valid")
        let untrusted = try reach(["https://127.0.0.1:\(port)/", "tls://localhost:\(port)"])
        #expect(untrusted.status == 1)
        for record in untrusted.records.values {
            #expect(record["status"] as? String == "tls_error")
            #expect(record["cert_days_left"] as? Int == 300)
            #expect((record["error"] as? String)?.contains("certificate") == true, "\(record)")
        }
    }

    /// --min-cert-days N fails a certificate with fewer than N whole days left: 3 days left pass 3 and fail 4.
    @Test func minCertDaysAtItsBoundary() throws {
        let servers = try servers()
        let target = "tls://127.0.0.1:\(servers.port("expiring"))"
        let ca = ["--cacert", servers.directory + "/ca.pem"]
        let enough = try reach(ca + ["--min-cert-days", "3", target])
        #expect(enough.status == 0, "\(enough.stderr)")
        #expect(enough.records[target]?["status"] as? String == "reachable")
        let short = try reach(ca + ["--min-cert-days", "4", target, "https://127.0.0.1:\(servers.port("valid"))/"])
        #expect(short.status == 1)
        let record = short.records[target] ?? [:]
        #expect(record["status"] as? String == "cert_expiring")
        #expect(record["reachable"] as? Bool == false)
        let end = servers.described["expiring"]?["not_after"] ?? "?"
        #expect(
            record["error"] as? String == "'\(target)': the certificate ends at \(end), in 3 days (--min-cert-days 4)")
        #expect(short.records["https://127.0.0.1:\(servers.port("valid"))/"]?["status"] as? String == "reachable")
        // A server that refuses HEAD is asked again with a GET, on a connection of its own: the certificate is read.
        let again = "https://127.0.0.1:\(servers.port("expiring"))/no-head"
        let refusedHead = try reach(ca + ["--min-cert-days", "4", again])
        #expect(refusedHead.records[again]?["status"] as? String == "cert_expiring", "\(refusedHead.records)")
        #expect(refusedHead.records[again]?["http_status"] as? Int == 200)
        // A quiet cron line: the exit status says it.
        let quiet = try tb(["reach", "-q", "--min-cert-days", "14"] + ca + [target], environment: scratch.environment)
        #expect(quiet.status == 1 && quiet.stdout.isEmpty)
        let usage = try tb(["reach", "--min-cert-days", "14", "127.0.0.1:1"], environment: scratch.environment)
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--min-cert-days applies to https and tls checks"))
    }

    @Test func theTableShowsTheDaysLeft() throws {
        let servers = try servers()
        let run = try tb(
            [
                "reach", "--format", "table", "--color", "never", "--ordered", "--cacert",
                servers.directory + "/ca.pem", "tls://127.0.0.1:\(servers.port("expiring"))",
                "tls://127.0.0.1:\(servers.port("expired"))",
            ], environment: scratch.environment.merging(["COLUMNS": "200"]) { $1 })
        #expect(run.lines.first?.hasSuffix("DAYS_LEFT") == true, "\(run.stdout)")
        #expect(run.lines.dropFirst().first?.hasSuffix(" 3") == true, "\(run.stdout)")
        #expect(run.lines.dropFirst(2).first?.hasSuffix(" -2") == true, "\(run.stdout)")
    }
}
