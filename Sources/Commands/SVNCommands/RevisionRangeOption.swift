import SVN
import Toolbox

/// log's -r A:B (or a single revision).
struct RevisionRangeOption: ArgumentValue {
    let start: RevisionText
    let end: RevisionText?

    init?(argument: String) {
        // A date may hold a colon ({2026-12-01T10:00}): split at a colon outside braces.
        var depth = 0
        var split: String.Index?
        for index in argument.indices {
            switch argument[index] {
            case "{": depth += 1
            case "}": depth -= 1
            case ":" where depth == 0: split = split ?? index
            default: break
            }
        }
        if let split {
            guard let start = RevisionText(argument[..<split]),
                let end = RevisionText(argument[argument.index(after: split)...])
            else { return nil }
            self.start = start
            self.end = end
        } else {
            guard let start = RevisionText(argument[...]) else { return nil }
            self.start = start
            end = nil
        }
    }

    static var valueName: String { "A:B" }
    static var expectation: String {
        "a revision or a range A:B of revisions (numbers, HEAD, {DATE}, or BASE, COMMITTED or PREV in a working copy)"
    }
    var argumentText: String { start.text + (end.map { ":" + $0.text } ?? "") }
}
