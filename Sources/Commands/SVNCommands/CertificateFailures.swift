import POSIX
import SVN
import Toolbox

/// --trust-server-cert-failures: certificate failures to accept, as svn spells them (`unknown-ca,cn-mismatch`).
struct CertificateFailures: ArgumentValue {
    let failures: Set<SVNCertificateFailure>

    init?(argument: String) {
        var failures: Set<SVNCertificateFailure> = []
        for word in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let failure = SVNCertificateFailure(rawValue: String(word).trimmingWhitespace()) else { return nil }
            failures.insert(failure)
        }
        self.failures = failures
    }

    static var valueName: String { "FAILURES" }
    static var expectation: String {
        "a comma-separated list of " + SVNCertificateFailure.allCases.map(\.rawValue).joined(separator: ", ")
    }
    var argumentText: String { failures.map(\.rawValue).sorted().joined(separator: ",") }
}
