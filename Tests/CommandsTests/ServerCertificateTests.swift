// What tb reach makes of the lines libcurl writes of a certificate: the end date in OpenSSL's format, whole days
// left, and whether it names the host as TLS clients decide it (RFC 6125: DNS names before the common name, one
// wildcard label, addresses among the IP entries only).
import Testing
import Toolbox

@testable import ReachCommands

struct ServerCertificateTests {
    func certificate(alternative: String?, subject: String = "C = FR, O = tb, CN = common.test") -> ServerCertificate? {
        var lines = [("Subject", subject), ("Issuer", "CN = ca"), ("Expire date", "Jan  6 03:02:50 2027 GMT")]
        if let alternative { lines.append(("X509v3 Subject Alternative Name", alternative)) }
        return ServerCertificate(lines.map { (name: $0.0, value: $0.1) })
    }

    @Test func theEndDateAndTheDaysLeft() throws {
        let read = try #require(certificate(alternative: nil))
        #expect(read.notAfter.rfc3339 == "2027-01-06T03:02:50Z")
        #expect(read.daysLeft(at: Timestamp(seconds: read.notAfter.seconds - 86_400)) == 1)
        #expect(read.daysLeft(at: Timestamp(seconds: read.notAfter.seconds - 86_400, nanoseconds: 1)) == 0)
        #expect(read.daysLeft(at: read.notAfter) == 0)
        #expect(read.daysLeft(at: Timestamp(seconds: read.notAfter.seconds + 1)) == -1)
        #expect(ServerCertificate.opensslTime("Feb 29 00:00:00 2028 GMT")?.rfc3339 == "2028-02-29T00:00:00Z")
        #expect(ServerCertificate.opensslTime("Feb 30 00:00:00 2027 GMT") == nil)
        #expect(ServerCertificate.opensslTime("2027-01-06") == nil)
        #expect(ServerCertificate([(name: "Subject", value: "CN = x")]) == nil)
    }

    @Test func namesAsTLSClientsMatchThem() throws {
        let read = try #require(
            certificate(
                alternative: "DNS:example.org, DNS:*.example.net, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1"))
        #expect(read.names("example.org") && read.names("EXAMPLE.org.") && read.names("www.example.net"))
        #expect(!read.names("www.example.org") && !read.names("a.b.example.net") && !read.names("example.net"))
        #expect(read.names("127.0.0.1") && read.names("::1") && !read.names("127.0.0.2"))
        // With DNS names, the common name names nothing; without any, it does.
        #expect(!read.names("common.test"))
        #expect(try #require(certificate(alternative: nil)).names("common.test"))
        #expect(try #require(certificate(alternative: "IP Address:10.0.0.1")).names("10.0.0.1"))
        #expect(!(try #require(certificate(alternative: nil)).names("127.0.0.1")))
        // OpenSSL escapes a comma inside a value: it starts no other attribute.
        let escaped = try #require(certificate(alternative: nil, subject: #"O = tb, CN = evil\, CN = victim.test"#))
        #expect(!escaped.names("victim.test"))
        // A wildcard covers one label under at least two.
        #expect(!(try #require(certificate(alternative: "DNS:*.com")).names("example.com")))
    }
}
