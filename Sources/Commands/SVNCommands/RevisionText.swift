// How revisions are written on the command line: -r REV, -r A:B, and the peg revision of URL@REV.
import SVN
import Toolbox

/// A revision as written: a number, HEAD, or {DATE}. A date is checked and converted when the command runs (libsvn
/// parses it, as svn does).
enum RevisionText: Sendable, Equatable {
    case head
    case number(Int)
    case date(String)

    /// nil when `text` is none of these.
    init?(_ text: Substring) {
        if text.caseInsensitiveEquals("HEAD") {
            self = .head
        } else if let number = Int(text, radix: 10), number >= 0, text.allSatisfy(\.isASCII) {
            self = .number(number)
        } else if text.count > 2, text.first == "{", text.last == "}" {
            self = .date(String(text.dropFirst().dropLast()))
        } else {
            return nil
        }
    }

    /// As it is written on a command line.
    var text: String {
        switch self {
        case .head: "HEAD"
        case .number(let number): String(number)
        case .date(let text): "{\(text)}"
        }
    }

    /// The revision libsvn takes; a date svn would not accept is a usage error.
    func resolved() throws -> SVNRevision {
        switch self {
        case .head: return .head
        case .number(let number): return .number(number)
        case .date(let text):
            guard let time = try SVN.parseDate(text) else {
                throw UsageError(
                    "invalid date '{\(text)}': expected a date such as {2026-12-01} or {2026-12-01T10:00Z}")
            }
            return .date(time)
        }
    }
}

extension Substring {
    fileprivate func caseInsensitiveEquals(_ word: String) -> Bool {
        count == word.count && zip(utf8, word.utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }
}

/// -r REV.
struct RevisionOption: ArgumentValue {
    let revision: RevisionText

    init?(argument: String) {
        guard let revision = RevisionText(argument[...]) else { return nil }
        self.revision = revision
    }

    static var valueName: String { "REV" }
    static var expectation: String { "a revision: a number, HEAD or {DATE}" }
    var argumentText: String { revision.text }
}

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
    static var expectation: String { "a revision or a range A:B of revisions (numbers, HEAD or {DATE})" }
    var argumentText: String { start.text + (end.map { ":" + $0.text } ?? "") }
}
