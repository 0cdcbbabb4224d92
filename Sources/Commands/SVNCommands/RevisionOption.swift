import SVN
import Toolbox

/// -r REV.
struct RevisionOption: ArgumentValue {
    let revision: RevisionText

    init?(argument: String) {
        guard let revision = RevisionText(argument[...]) else { return nil }
        self.revision = revision
    }

    static var valueName: String { "REV" }
    static var expectation: String {
        "a revision: a number, HEAD, {DATE}, or BASE, COMMITTED or PREV in a working copy"
    }
    var argumentText: String { revision.text }
}
