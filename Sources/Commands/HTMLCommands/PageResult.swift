import Threads
import Toolbox

/// What a worker made of one page.
struct PageResult: Sendable {
    var name = ""
    /// The records, or when the output takes them so, the records encoded (only bytes then cross to the main thread,
    /// and the encoding runs on the workers).
    var records: [NodeRecord] = []
    var encoded: EncodedRecords?
    var warnings: [String] = []
    var failure: String?
}
