// `tb reach host:http`: service names for ports, from /etc/services as nc reads them. Only 127.0.0.1 is
// checked (a closed port there is refused at once; nothing leaves the machine), and only netbase's standard names.
import Foundation
import TestSupport
import Testing

struct ReachServiceNameTests {
    let scratch = Scratch()

    /// nc from netcat-openbsd, the peer, when it is installed.
    static let nc = ["/usr/bin/nc", "/bin/nc"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(arguments: [("http", 80), ("https", 443), ("ssh", 22)])
    func aServiceNameIsItsPort(_ name: String, _ port: Int) throws {
        let result = try tb(["reach", "--timeout", "2", "127.0.0.1:\(name)"], environment: scratch.environment)
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let record = try #require(try result.records(by: "target")["127.0.0.1:\(name)"], "\(result.stdout)")
        #expect(record["port"] as? Int == port)
        #expect(record["method"] as? String == "tcp")
        #expect(["reachable", "refused"].contains(record["status"] as? String ?? ""), "\(record)")
        // --method http asks for the URL on that port.
        let web = try tb(
            ["reach", "--timeout", "2", "--method", "http", "127.0.0.1:\(name)", "--fields", "port"],
            environment: scratch.environment)
        #expect(web.stdout.contains("\"port\":\(port)"), "\(web.stdout) \(web.stderr)")
    }

    @Test func anUnknownServiceIsAUsageError() throws {
        let result = try tb(["reach", "127.0.0.1:no-such-service"], environment: scratch.environment)
        #expect(result.status == 64)
        #expect(
            result.stderr.split(separator: "\n").first.map(String.init)
                == "tb reach: '127.0.0.1:no-such-service': unknown service 'no-such-service' "
                + "(a port from 1 to 65535, or a name in /etc/services)",
            "\(result.stderr)")
        let zero = try tb(["reach", "127.0.0.1:0"], environment: scratch.environment)
        #expect(zero.status == 64 && zero.stderr.contains("1 to 65535"), "\(zero.stderr)")
    }

    /// nc -z -v connects to the same port for the same name, and refuses the same unknown one.
    @Test(.enabled(if: nc != nil)) func ncAgrees() throws {
        let nc = try #require(Self.nc)
        let peer = try runProgram(nc, ["-z", "-v", "-w", "2", "127.0.0.1", "http"], environment: scratch.environment)
        #expect(peer.stderr.contains(" 80 ") || peer.stderr.contains("port 80"), "\(peer.stderr)")
        let unknown = try runProgram(
            nc, ["-z", "-v", "-w", "2", "127.0.0.1", "no-such-service"], environment: scratch.environment)
        #expect(unknown.status != 0)
    }
}
