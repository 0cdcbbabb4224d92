// What the user asked to reach: `host`, `host:port`, `[v6]:port`, a URL or a bookmark, and the method that fits it.
import Net
import Toolbox

/// One target, parsed.
struct ReachTarget: Sendable {
    /// As the user wrote it (a bookmark stays `@name`).
    let text: String
    /// A name or an address literal, without brackets.
    let host: String
    let port: Int?
    let method: ReachMethod
    /// The URL an http check asks for (a tls check: the https URL whose handshake it makes).
    let url: String?

    /// Whether its check makes a TLS handshake and reads the server's certificate: https and tls.
    var hasCertificate: Bool {
        method == .tls || (method == .http && url.map { $0.prefix(6).lowercased() == "https:" } == true)
    }

    /// The default port of URL schemes other than http(s), which are checked with a TCP connect.
    static let defaultPorts: [String: Int] = [
        "http": 80, "https": 443, "ftp": 21, "ftps": 990, "ssh": 22, "sftp": 22, "scp": 22, "svn+ssh": 22,
        "git+ssh": 22, "telnet": 23, "smtp": 25, "dns": 53, "gopher": 70, "pop3": 110, "nntp": 119, "imap": 143,
        "ldap": 389, "smtps": 465, "submission": 587, "ldaps": 636, "rsync": 873, "imaps": 993, "pop3s": 995,
        "mqtt": 1883, "mysql": 3306, "rdp": 3389, "svn": 3690, "postgres": 5432, "postgresql": 5432, "xmpp": 5222,
        "amqp": 5672, "vnc": 5900, "redis": 6379, "irc": 6667, "git": 9418, "memcached": 11211, "mongodb": 27017,
        "ws": 80, "wss": 443, "tls": 443,
    ]

    /// Parses `written` (already resolved from a bookmark into `text`); `method` overrides the one the form implies.
    init(_ written: String, resolved text: String, method override: ReachMethod?) throws(UsageError) {
        self.text = written
        if let schemeEnd = text.firstRange(of: "://") {
            let scheme = text[..<schemeEnd.lowerBound].lowercased()
            let rest = text[schemeEnd.upperBound...]
            let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            let hostPort = authority.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? ""
            // In a URL the % of an IPv6 zone is written %25 (RFC 6874): [fe80::1%25eth0].
            let (host, port) = try Self.split(hostPort.replacing("%25", with: "%"), in: written)
            guard let port = port ?? Self.defaultPorts[scheme] else {
                throw UsageError("'\(written)': no default port for '\(scheme)'; give one (\(scheme)://host:PORT)")
            }
            self.host = host
            let isWeb = scheme == "http" || scheme == "https"
            method = override ?? (isWeb ? .http : scheme == "tls" ? .tls : .tcp)
            self.port = method == .icmp ? nil : port
            switch method {
            case .http: url = isWeb ? text : "http://\(Self.bracketed(host)):\(port)/"
            case .tls: url = "https://\(Self.bracketed(host)):\(port)/"
            default: url = nil
            }
        } else {
            let (host, port) = try Self.split(text, in: written, serviceNames: true)
            self.host = host
            method = override ?? (port == nil ? .icmp : .tcp)
            // An echo goes to the host: a port given with --method icmp is not used, and the record says so. A
            // handshake without a port is made on https's.
            self.port = method == .icmp ? nil : method == .tls ? port ?? 443 : port
            switch method {
            case .http: url = "http://\(Self.bracketed(host))\(port.map { ":\($0)" } ?? "")/"
            case .tls: url = "https://\(Self.bracketed(host)):\(port ?? 443)/"
            default: url = nil
            }
        }
        if method == .tcp && port == nil {
            throw UsageError("'\(written)' has no port: a tcp check needs host:port")
        }
    }

    /// `host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 address; with `serviceNames`, the port may be a
    /// service's name (`host:http`), as nc takes it (a URL's port is a number).
    private static func split(_ text: String, in written: String, serviceNames: Bool = false) throws(UsageError)
        -> (String, Int?)
    {
        var host: Substring
        var port: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw UsageError("'\(written)': missing ']'") }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw UsageError("'\(written)': expected ':PORT' after ']'") }
                port = after.dropFirst()
            }
            guard IPAddress(String(host)) != nil else {
                throw UsageError(
                    host.contains("%")
                        ? "'\(written)': not an IPv6 address with a zone of this machine (fe80::1%eth0)"
                        : "'\(written)': not an IPv6 address")
            }
        } else if text.filter({ $0 == ":" }).count >= 2 {
            guard IPAddress(text) != nil else { throw UsageError("'\(written)': not a valid target") }
            host = Substring(text)
        } else if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        } else {
            host = Substring(text)
        }
        guard !host.isEmpty else { throw UsageError("'\(written)': no host") }
        guard host.allSatisfy({ $0.isLetter || $0.isNumber || "-._:%".contains($0) }) else {
            throw UsageError("'\(written)': '\(host)' is not a host name or address")
        }
        guard let port else { return (String(host), nil) }
        if let number = Int(port), (1...65535).contains(number) { return (String(host), number) }
        guard serviceNames, !port.isEmpty, !port.allSatisfy(\.isNumber) else {
            throw UsageError("'\(written)': the port must be a number from 1 to 65535")
        }
        guard let number = Services.tcpPort(named: String(port)) else {
            throw UsageError(
                "'\(written)': unknown service '\(port)' (a port from 1 to 65535, or a name in /etc/services)")
        }
        return (String(host), number)
    }

    /// The host as a URL writes it: an IPv6 address in brackets, its zone's % as %25.
    private static func bracketed(_ host: String) -> String {
        host.contains(":") ? "[\(host.replacing("%", with: "%25"))]" : host
    }
}
