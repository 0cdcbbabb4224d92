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

    func accepts(_ status: Int) -> Bool {
        guard let expectedStatuses else { return status < 400 }
        return expectedStatuses.contains { $0.contains(status) }
    }
}
