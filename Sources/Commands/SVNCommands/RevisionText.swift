// How revisions are written on the command line: -r REV, -r A:B, -c N, and the peg revision of URL@REV.
import SVN
import Toolbox

/// A revision as written: a number, HEAD, {DATE}, or BASE, COMMITTED and PREV of a working-copy path. A date is
/// checked and converted when the command runs (libsvn parses it, as svn does).
enum RevisionText: Sendable, Equatable {
    case head
    case number(Int)
    case date(String)
    /// The working copy's revision of the node, its last change at or before that, and the change before.
    case base, committed, previous

    /// nil when `text` is none of these.
    init?(_ text: Substring) {
        if text.caseInsensitiveEquals("HEAD") {
            self = .head
        } else if text.caseInsensitiveEquals("BASE") {
            self = .base
        } else if text.caseInsensitiveEquals("COMMITTED") {
            self = .committed
        } else if text.caseInsensitiveEquals("PREV") {
            self = .previous
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
        case .base: "BASE"
        case .committed: "COMMITTED"
        case .previous: "PREV"
        }
    }

    /// BASE, COMMITTED or PREV, which only a working copy gives a meaning.
    var isWorkingCopyKeyword: Bool {
        self == .base || self == .committed || self == .previous
    }

    /// A usage error for BASE, COMMITTED and PREV of `target`, which is no path in a working copy.
    func checkURL(_ target: String) throws(UsageError) {
        guard isWorkingCopyKeyword else { return }
        throw UsageError(
            "revision \(text) needs a path in a working copy, and '\(target)' is not one")
    }

    /// The revision libsvn takes; a date svn would not accept is a usage error.
    func resolved() throws -> SVNRevision {
        switch self {
        case .head: return .head
        case .number(let number): return .number(number)
        case .base, .committed, .previous:
            // SVNTarget.revision makes them numbers first; reaching here means the target is no working copy.
            throw UsageError("revision \(text) needs a path in a working copy")
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
    static var expectation: String {
        "a revision: a number, HEAD, {DATE}, or BASE, COMMITTED or PREV in a working copy"
    }
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
    static var expectation: String {
        "a revision or a range A:B of revisions (numbers, HEAD, {DATE}, or BASE, COMMITTED or PREV in a working copy)"
    }
    var argumentText: String { start.text + (end.map { ":" + $0.text } ?? "") }
}

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
