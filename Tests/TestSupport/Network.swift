// What tb reach's tests start: listening, closed and silent ports on 127.0.0.1 (Tests/Fixtures/servers/
// listeners.py), and network namespaces of their own (root only) for routes, interfaces and a DNS server that
// never answers. Everything is torn down when the test is done with it.
import Foundation

/// Ports on 127.0.0.1 held by a helper process.
public final class Listeners {
    public let open: [Int]
    public let closed: [Int]
    public let silent: [Int]
    private let process: Process
    private let input: Pipe
    private let output: Pipe

    public init(open: Int, closed: Int = 0, silent: Int = 0) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            Package.root + "/Tests/Fixtures/servers/listeners.py", String(open), String(closed), String(silent),
        ]
        input = Pipe()
        output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = readLine(from: output)
        guard let data = line.data(using: .utf8),
            let ports = try? JSONSerialization.jsonObject(with: data) as? [String: [Int]]
        else {
            process.terminate()
            throw ServerError("listeners.py did not start: \(line)")
        }
        self.open = ports["open"] ?? []
        self.closed = ports["closed"] ?? []
        self.silent = ports["silent"] ?? []
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops listening on `port`: connects to it are refused from now on.
    public func close(_ port: Int) {
        input.fileHandleForWriting.write(Data("close \(port)\n".utf8))
        _ = readLine(from: output)
    }

}

/// A network namespace of the test's own (`ip netns add`), with its loopback up; deleted afterwards, with its
/// /etc/netns folder. Only root can make one.
public final class NetworkNamespace {
    public let name: String
    private var helpers: [Process] = []
    private nonisolated(unsafe) static var made = 0

    public static var canCreate: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip")
    }

    public init() throws {
        Self.made += 1
        name = "tb-test-\(getpid())-\(Self.made)"
        try Self.ip(["netns", "add", name])
        try ip(["link", "set", "lo", "up"])
    }

    deinit {
        for helper in helpers {
            kill(helper.processIdentifier, SIGKILL)
            helper.waitUntilExit()
        }
        _ = try? runProgram("/usr/sbin/ip", ["netns", "delete", name], environment: [:])
        try? FileManager.default.removeItem(atPath: "/etc/netns/\(name)")
    }

    /// Runs `ip -n NAME ARGUMENTS`.
    public func ip(_ arguments: [String]) throws {
        try NetworkNamespace.ip(["-n", name] + arguments)
    }

    private static func ip(_ arguments: [String]) throws {
        let result = try runProgram("/usr/sbin/ip", arguments, environment: [:])
        guard result.status == 0 else { throw ServerError("ip \(arguments.joined(separator: " ")): \(result.stderr)") }
    }

    /// A veth pair, v0 and v1, both up, with `address` (a CIDR) on v0: a route to the rest of its subnet. With a
    /// `peer`, v1 is in that namespace with `peerAddress`: a neighbour that answers, or routes on, as `peer` is set up.
    public func veth(address: String, peer: NetworkNamespace? = nil, peerAddress: String? = nil) throws {
        try ip(["link", "add", "v0", "type", "veth", "peer", "name", "v1"] + (peer.map { ["netns", $0.name] } ?? []))
        try ip(["link", "set", "v0", "up"])
        try (peer ?? self).ip(["link", "set", "v1", "up"])
        try ip(["addr", "add", address, "dev", "v0"])
        if let peer, let peerAddress { try peer.ip(["addr", "add", peerAddress, "dev", "v1"]) }
    }

    /// Sets a network sysctl of the namespace only (`net.ipv4.ip_forward`, `net.ipv4.ping_group_range`): what
    /// /proc/sys/net shows depends on the namespace of the process that opens it.
    public func sysctl(_ name: String, _ value: String) throws {
        let path = "/proc/sys/" + name.replacing(".", with: "/")
        let (program, arguments) = inside("/bin/sh", ["-c", "printf '%s\\n' \"$1\" > \"$2\"", "sh", value, path])
        let result = try runProgram(program, arguments, environment: [:])
        guard result.status == 0 else { throw ServerError("sysctl \(name)=\(value): \(result.stderr)") }
    }

    /// The arguments that run a program inside the namespace.
    public func inside(_ program: String, _ arguments: [String]) -> (String, [String]) {
        ("/usr/sbin/ip", ["netns", "exec", name, program] + arguments)
    }

    /// Makes the namespace's resolver ask a DNS server on its own loopback that never answers.
    public func silentNameServer() throws {
        let folder = "/etc/netns/\(name)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "nameserver 127.0.0.1\n".write(toFile: folder + "/resolv.conf", atomically: true, encoding: .utf8)
        let (program, arguments) = inside(
            "/usr/bin/python3",
            [
                "-c",
                "import socket, sys, time; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); "
                    + "s.bind(('127.0.0.1', 53)); print('ready', flush=True); time.sleep(600)",
            ])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        helpers.append(process)
        _ = output.fileHandleForReading.readData(ofLength: 5)
    }
}
