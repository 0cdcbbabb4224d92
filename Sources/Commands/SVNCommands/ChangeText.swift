import SVN
import Toolbox

/// -c's changes, as svn reads them: `N` (the change made in N), `-N` (its reversal, the same revision to read),
/// `rN`, `A-B` (each change from A to B, in that order) and lists of these joined by commas.
enum ChangeText {
    /// The revision ranges `text` names, each as (from, to).
    static func ranges(_ text: String) throws(UsageError) -> [(from: Int, to: Int)] {
        var ranges: [(from: Int, to: Int)] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            var rest = item.trimmingPrefix("-")
            let bounds = rest.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            var numbers: [Int] = []
            for bound in bounds {
                rest = bound.first == "r" || bound.first == "R" ? bound.dropFirst() : bound
                guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(rest) else {
                    throw UsageError("non-numeric change argument '\(item)' given to -c: expected N, rN, -N or A-B")
                }
                guard number > 0 else { throw UsageError("there is no change 0: revision 0 changes nothing") }
                numbers.append(number)
            }
            ranges.append((numbers[0], numbers.last ?? numbers[0]))
        }
        return ranges
    }

    /// The one revision -c names for cat, ls and info: the one the change made.
    static func revision(_ text: String) throws(UsageError) -> RevisionText {
        let ranges = try ranges(text)
        guard ranges.count == 1, let range = ranges.first, range.from == range.to else {
            throw UsageError("-c '\(text)' names several changes: here it takes one, such as -c 1500")
        }
        return .number(range.to)
    }
}
