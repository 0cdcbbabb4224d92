import SVN
import Toolbox

/// A tree the directory cache can hold a listing of.
enum FixedTree {
    case head
    case number(Int)

    /// The revision to ask about: nil for the youngest.
    var revision: Int? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// How the cache names it: "HEAD" or the number.
    var label: String { revision.map(String.init) ?? "HEAD" }
}
