// Real servers for the tests, on 127.0.0.1 with ports chosen at run time, stopped when the test is done with them:
// a small Python HTTP server for drip-fed and broken responses, nginx for a real one (keep-alive, gzip, TLS), and
// an anonymous FTP server (python3-pyftpdlib). The Subversion servers are in SVNServers.swift.
import Foundation

/// A server process that the test owns.
public final class TestServer {
    public let port: Int
    /// `http`, `https`, `ftp`, `svn` or `svn+ssh`.
    public let scheme: String
    /// For an sshd server, the SVN_SSH value that reaches it (see `sshd(scratch:)`); nil for the others.
    public let svnSSH: String?
    /// For nginx, its access log: one line per request, `CONNECTION REQUESTS STATUS URI` (the connection's serial
    /// number and how many requests it has carried so far), to show connections reused and conditional requests.
    public private(set) var accessLog: String?
    private let process: any ServerProcess
    private let stopSignal: Int32

    /// `stopSignal` is sent first when the test is done; a server that forks workers (Apache) needs SIGTERM to take
    /// them down with it. It gets SIGKILL if it is still running 5 s later.
    init(
        process: any ServerProcess, port: Int, scheme: String, stopSignal: Int32 = SIGKILL, svnSSH: String? = nil
    ) {
        self.process = process
        self.port = port
        self.scheme = scheme
        self.stopSignal = stopSignal
        self.svnSSH = svnSSH
    }

    deinit {
        // nginx without a master process ignores SIGTERM; a test server has nothing to save.
        kill(process.processIdentifier, stopSignal)
        if stopSignal != SIGKILL {
            for _ in 0..<250 where process.isRunning { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
    }

    /// The URL of `path` on this server. svn+ssh URLs carry no port (it is in `svnSSH`): `path` is the
    /// repository's absolute path on disk.
    public func url(_ path: String) -> String {
        scheme == "svn+ssh" ? "svn+ssh://127.0.0.1\(path)" : "\(scheme)://127.0.0.1:\(port)\(path)"
    }

    /// The Python HTTP server of Tests/Fixtures/servers, serving `root`.
    public static func http(root: String) throws -> TestServer {
        try python("http_server.py", [root], scheme: "http")
    }

    /// The anonymous FTP server of Tests/Fixtures/servers, serving `root`.
    public static func ftp(root: String) throws -> TestServer {
        try python("ftp_server.py", [root], scheme: "ftp")
    }

    /// Tests/Fixtures/servers/tls_server.py: HTTPS on 127.0.0.1 with `certificate` (a chain: the server's
    /// certificate, then intermediates) and `key`, 200 for every GET and HEAD, handshakes alone served too.
    public static func tls(certificate: String, key: String) throws -> TestServer {
        try python("tls_server.py", [certificate, key], scheme: "https")
    }

    /// A Python server of Tests/Fixtures/servers that prints "PORT <n>" once it listens.
    static func python(_ script: String, _ arguments: [String], scheme: String) throws -> TestServer {
        let process = Process()
        // Debian's interpreter: it has python3-pyftpdlib, which a python3 earlier on PATH may not.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Package.root + "/Tests/Fixtures/servers/" + script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { break }
            line.append(byte)
        }
        guard let text = String(data: line, encoding: .utf8), text.hasPrefix("PORT "),
            let port = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.terminate()
            throw ServerError("\(script) did not start")
        }
        return TestServer(process: process, port: port, scheme: scheme)
    }

    /// nginx serving `root` over HTTP (or HTTPS with a certificate for 127.0.0.1), with gzip for text and a
    /// redirect loop at /redirect-loop. Its files live in `scratch`.
    public static func nginx(root: String, scratch: Scratch, tls: Bool = false) throws -> TestServer {
        let (process, port) = try listening("nginx") { port in
            let prefix = scratch.file("nginx-\(port)")
            try FileManager.default.createDirectory(atPath: prefix + "/tmp", withIntermediateDirectories: true)
            var listen = "listen 127.0.0.1:\(port);"
            if tls {
                try makeCertificate(in: prefix)
                listen = """
                    listen 127.0.0.1:\(port) ssl;
                    ssl_certificate \(prefix)/cert.pem;
                    ssl_certificate_key \(prefix)/key.pem;
                    """
            }
            let configuration = """
                daemon off;
                master_process off;
                worker_processes 1;
                error_log \(prefix)/error.log;
                pid \(prefix)/nginx.pid;
                events { worker_connections 64; }
                http {
                    log_format connections '$connection $connection_requests $status $request_uri';
                    access_log \(prefix)/access.log connections;
                    client_body_temp_path \(prefix)/tmp;
                    proxy_temp_path \(prefix)/tmp;
                    fastcgi_temp_path \(prefix)/tmp;
                    uwsgi_temp_path \(prefix)/tmp;
                    scgi_temp_path \(prefix)/tmp;
                    types { text/plain txt; application/xml xml; application/gzip gz; }
                    default_type application/octet-stream;
                    gzip on;
                    gzip_types text/plain application/xml;
                    gzip_min_length 1;
                    server {
                        \(listen)
                        root \(root);
                        location = /redirect-loop { return 302 /redirect-loop; }
                    }
                }
                """
            try configuration.write(toFile: prefix + "/nginx.conf", atomically: true, encoding: .utf8)
            return try spawn("/usr/sbin/nginx", ["-p", prefix, "-c", prefix + "/nginx.conf"])
        }
        let server = TestServer(process: process, port: port, scheme: tls ? "https" : "http")
        server.accessLog = scratch.file("nginx-\(port)/access.log")
        return server
    }

    /// Starts a server on a free port: `start` launches it listening on the port it is given. It is ready once it
    /// accepts a connection; if the port was taken meanwhile, the server exits and another port is tried.
    static func listening(_ name: String, start: (Int) throws -> any ServerProcess) throws
        -> (process: any ServerProcess, port: Int)
    {
        for _ in 0..<5 {
            let port = try freePort()
            let process = try start(port)
            for _ in 0..<250 {
                if !process.isRunning { break }
                if canConnect(port) { return (process, port) }
                usleep(20_000)
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        throw ServerError("\(name) did not start")
    }

    /// Runs a server program, its output thrown away (servers here log to files in the test's scratch directory).
    static func spawn(_ executable: String, _ arguments: [String]) throws -> any ServerProcess {
        try SpawnedProcess(executable, arguments)
    }

    /// A self-signed certificate in `directory` (cert.pem, key.pem) for `name`, an IP address or a host name: its
    /// common name and its one subject alternative name.
    static func makeCertificate(in directory: String, name: String = "127.0.0.1") throws {
        let alternative = name.allSatisfy { $0.isNumber || $0 == "." } ? "IP:" + name : "DNS:" + name
        let result = try runProgram(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=" + name,
                "-addext", "subjectAltName=" + alternative, "-keyout", directory + "/key.pem", "-out",
                directory + "/cert.pem",
            ], environment: ["PATH": "/usr/bin:/bin"])
        guard result.status == 0 else { throw ServerError("openssl: \(result.stderr)") }
    }

    /// A port nobody listens on right now (bound and released at once).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("no socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw ServerError("cannot bind") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw ServerError("cannot name the socket") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func canConnect(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// What a test server needs of its process: Foundation's or a `SpawnedProcess`.
protocol ServerProcess: AnyObject {
    var processIdentifier: Int32 { get }
    var isRunning: Bool { get }
    func waitUntilExit()
}

extension Process: ServerProcess {}

/// A server program started with posix_spawn instead of Foundation's Process, which does not suit daemons: its
/// children start with the signals of its thread blocked (Apache never sees SIGTERM), and it learns of a child's end
/// when an inherited descriptor closes, then waits for it on a thread all Processes share: sshd closes every
/// descriptor at start, and that wait blocked every other Process of the test run until sshd ended. Here the child
/// gets default signals, /dev/null for stdin, stdout and stderr, and no other descriptor of the test process.
final class SpawnedProcess: ServerProcess {
    let processIdentifier: Int32
    private var exited = false

    init(_ executable: String, _ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // glibc has it since 2.34, but Swift's Glibc module does not show it.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            throw ServerError("no posix_spawn_file_actions_addclosefrom_np in this libc")
        }
        _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw ServerError("cannot run \(executable): \(String(cString: strerror(status)))") }
        processIdentifier = pid
    }

    var isRunning: Bool {
        if !exited { reap(WNOHANG) }
        return !exited
    }

    func waitUntilExit() {
        while !exited { reap(0) }
    }

    private func reap(_ options: Int32) {
        var status: Int32 = 0
        let result = waitpid(processIdentifier, &status, options)
        // ECHILD: someone else reaped it; EINTR: try again.
        if result == processIdentifier || (result < 0 && errno == ECHILD) { exited = true }
    }
}

/// A server could not be started.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
