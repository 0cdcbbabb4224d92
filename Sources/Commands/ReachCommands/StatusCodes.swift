// The value of --expect-status: HTTP status codes and ranges.
import Toolbox

/// --expect-status: HTTP status codes and ranges, `200,204,300-399`.
struct StatusCodes: ArgumentValue {
    let ranges: [ClosedRange<Int>]

    init?(argument: String) {
        var ranges: [ClosedRange<Int>] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", maxSplits: 1).map { Int(String($0).trimmingWhitespace()) }
            guard let low = bounds.first ?? nil, let high = bounds.last ?? nil, (100...599).contains(low),
                (100...599).contains(high), low <= high
            else { return nil }
            ranges.append(low...high)
        }
        self.ranges = ranges
    }

    static var valueName: String { "CODES" }
    static var expectation: String { "codes from 100 to 599, such as 200,204 or 200-299" }
    var argumentText: String {
        ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",")
    }
}
