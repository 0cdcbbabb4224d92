// How tb reach checks: the options that apply to every target.
import Net
import Toolbox

/// What the checks need to know besides the targets.
struct ProbeSettings: Sendable {
    /// How long one check may take in all, DNS included.
    var timeout: Duration = .seconds(5)
    /// Only this address family, or both.
    var family: IPAddress.Family?
    /// The HTTP statuses that count as reachable; nil: any below 400.
    var expectedStatuses: [ClosedRange<Int>]?
    var request = RequestSettings()
    /// icmp: how many echoes each check sends, and how long apart.
    var count = 1
    var echoInterval: Duration = .milliseconds(200)
    /// icmp: how long a check waits for replies after its last echo; nil: until its deadline. --wait sets it, so
    /// that an echo lost while the host was down does not hold the next try back until the end.
    var echoWait: Duration?
    /// --min-cert-days: a certificate that ends sooner fails the check (cert_expiring).
    var minimumCertificateDays: Int?

    func accepts(_ status: Int) -> Bool {
        guard let expectedStatuses else { return status < 400 }
        return expectedStatuses.contains { $0.contains(status) }
    }
}
