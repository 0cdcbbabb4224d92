// The certificate a TLS server showed, as tb reach reports it: when it ends, who it names and who issued it, and
// whether it names the host checked — read from the lines libcurl writes of it (CURLINFO_CERTINFO, OpenSSL's
// formats), so that a certificate verification refused is described all the same.
import Net
import Toolbox

/// The server's own certificate (the first of the chain it sent).
struct ServerCertificate: Sendable, Equatable {
    /// Its last valid moment (notAfter).
    let notAfter: Timestamp
    /// As OpenSSL writes the names: `C = FR, O = tb test, CN = localhost`.
    let subject: String
    let issuer: String
    /// Its subjectAltName entries: DNS names and IP addresses.
    let dnsNames: [String]
    let ipAddresses: [String]
    /// The subject's common name, which names the host only when there is no DNS name.
    let commonName: String?

    /// Reads the lines libcurl gives for one certificate; nil without an end date it can read.
    init?(_ lines: [(name: String, value: String)]) {
        func value(_ name: String) -> String? { lines.first { $0.name == name }?.value }
        guard let end = value("Expire date"), let notAfter = Self.opensslTime(end) else { return nil }
        self.notAfter = notAfter
        subject = value("Subject") ?? ""
        issuer = value("Issuer") ?? ""
        var dnsNames: [String] = []
        var ipAddresses: [String] = []
        for entry in (value("X509v3 Subject Alternative Name") ?? "").split(separator: ",") {
            let item = Self.trimmed(entry)
            if item.hasPrefix("DNS:") { dnsNames.append(String(item.dropFirst(4))) }
            if item.hasPrefix("IP Address:") { ipAddresses.append(String(item.dropFirst(11))) }
        }
        self.dnsNames = dnsNames
        self.ipAddresses = ipAddresses
        var commonName: String?
        for part in Self.attributes(subject) {
            let item = Self.trimmed(part)
            guard item.hasPrefix("CN=") || item.hasPrefix("CN =") else { continue }
            commonName = Self.trimmed(item.drop { $0 != "=" }.dropFirst())
        }
        self.commonName = commonName
    }

    /// Whole days from `now` to the end, rounded down: 0 on its last day, negative once it has ended.
    func daysLeft(at now: Timestamp) -> Int {
        // The end is in whole seconds: a moment into `now`'s second is one less whole second before it.
        let seconds = notAfter.seconds - now.seconds - (now.nanoseconds > 0 ? 1 : 0)
        return Int(seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400))
    }

    /// Whether it names `host` as TLS clients check (RFC 6125): an address among its IP addresses; a name among its
    /// DNS names, in any case, `*.` matching one leftmost label; the common name only when it has no DNS name.
    func names(_ host: String) -> Bool {
        if host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) {
            return ipAddresses.contains { Self.sameAddress($0, host) }
        }
        let names = dnsNames.isEmpty ? commonName.map { [$0] } ?? [] : dnsNames
        let wanted = host.lowercased().trimmingSuffix(".")
        return names.contains { pattern in
            let pattern = pattern.lowercased()
            // A wildcard covers one label, under at least two (`*.com` names nothing).
            if pattern.hasPrefix("*.") {
                guard pattern.dropFirst(2).contains("."), let dot = wanted.firstIndex(of: ".") else { return false }
                return wanted[wanted.index(after: dot)...] == pattern.dropFirst(2) && wanted.first != "."
            }
            return pattern == wanted
        }
    }

    /// The `TYPE = value` parts of a name as OpenSSL writes it on one line: split at the commas it does not escape
    /// (a `\,` is a comma inside a value, and `CN = a\, CN = b` is one attribute).
    private static func attributes(_ name: String) -> [Substring] {
        var parts: [Substring] = []
        var start = name.startIndex
        var escaped = false
        for index in name.indices {
            let character = name[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                parts.append(name[start..<index])
                start = name.index(after: index)
            }
        }
        parts.append(name[start...])
        return parts
    }

    /// `text` without spaces around it.
    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// OpenSSL writes an IPv6 address in full, upper case (`0:0:0:0:0:0:0:1`): compared as addresses.
    private static func sameAddress(_ written: String, _ host: String) -> Bool {
        guard let a = IPAddress(written), let b = IPAddress(host) else { return written == host }
        return a == b
    }

    /// OpenSSL's time (`ASN1_TIME_print`): `Jan  6 03:02:50 2027 GMT`.
    static func opensslTime(_ text: String) -> Timestamp? {
        let parts = text.split(separator: " ")
        guard parts.count == 5, parts[4] == "GMT",
            let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
                .firstIndex(of: String(parts[0])),
            let day = Int(parts[1]), let year = Int(parts[3])
        else { return nil }
        let clock = parts[2].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        return Timestamp(year: year, month: month + 1, day: day, hour: clock[0], minute: clock[1], second: clock[2])
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
