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
