// Real servers for the tests, on 127.0.0.1 with ports chosen at run time, stopped when the test is done with them:
// a small Python HTTP server for drip-fed and broken responses, nginx for a real one (keep-alive, gzip, TLS), and
// an anonymous FTP server (python3-pyftpdlib).
import Foundation

/// A server process that the test owns.
public final class TestServer {
    public let port: Int
    /// `http`, `https` or `ftp`.
    public let scheme: String
    private let process: Process

    private init(process: Process, port: Int, scheme: String) {
        self.process = process
        self.port = port
        self.scheme = scheme
    }

    deinit {
        // nginx without a master process ignores SIGTERM; a test server has nothing to save.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// The Python HTTP server of Tests/Fixtures/servers, serving `root`.
    public static func http(root: String) throws -> TestServer {
        try python("http_server.py", root: root, scheme: "http")
    }

    /// The anonymous FTP server of Tests/Fixtures/servers, serving `root`.
    public static func ftp(root: String) throws -> TestServer {
        try python("ftp_server.py", root: root, scheme: "ftp")
    }

    private static func python(_ script: String, root: String, scheme: String) throws -> TestServer {
        let process = Process()
        // Debian's interpreter: it has python3-pyftpdlib, which a python3 earlier on PATH may not.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Package.root + "/Tests/Fixtures/servers/" + script, root]
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
        for _ in 0..<5 {
            let port = try freePort()
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
                    access_log off;
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
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
            process.arguments = ["-p", prefix, "-c", prefix + "/nginx.conf"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Ready once it accepts a connection; if the port was taken meanwhile, nginx exits: try another.
            for _ in 0..<100 {
                if !process.isRunning { break }
                if canConnect(port) { return TestServer(process: process, port: port, scheme: tls ? "https" : "http") }
                usleep(20_000)
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        throw ServerError("nginx did not start")
    }

    /// A self-signed certificate for 127.0.0.1 in `directory` (cert.pem, key.pem).
    private static func makeCertificate(in directory: String) throws {
        let result = try runProgram(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", directory + "/key.pem", "-out",
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

/// A server could not be started.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The fixture files shipped with the tests.
public enum Fixtures {
    /// The folder Tests/Fixtures/NAME.
    public static func folder(_ name: String) -> String { Package.root + "/Tests/Fixtures/" + name }
}
