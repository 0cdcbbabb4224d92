// tb svn log -v for people (--format human, the default on a terminal): revisions as `svn log -v` prints them, with
// each changed path on an indented line under its revision, which a table row has no room for.
import POSIX
import SVN
import Toolbox

/// svn's log of one run: a separator line, the revision's line, its changed paths, its message.
struct SVNLogView {
    private let output: Output

    /// svn's separator: 72 dashes.
    static let separator = String(repeating: "-", count: 72) + "\n"

    /// The view of a run, or nil when its output is not for people or the log has no changed paths to show.
    init?(output: Output, changedPaths: Bool) {
        guard changedPaths, case .human = output.settings.style else { return nil }
        self.output = output
    }

    /// Writes one revision.
    func write(_ entry: SVNLogEntry) throws {
        var text = Self.separator + "r\(entry.revision) | " + Self.safe(entry.author ?? "(no author)") + " | "
        text += entry.date.map(Self.date) ?? "(no date)"
        // As svn: a revision without a message has an empty one, of one line.
        let message = entry.message ?? ""
        let lines = Self.lineCount(message)
        text += " | \(lines) \(lines == 1 ? "line" : "lines")\n"
        if !entry.changedPaths.isEmpty {
            text += "Changed paths:\n"
            for change in entry.changedPaths {
                text += "   \(change.action) " + Self.safe(change.path)
                if let from = change.copyFromPath, let revision = change.copyFromRevision {
                    text += " (from " + Self.safe(from) + ":\(revision))"
                }
                text += "\n"
            }
        }
        text += "\n" + Self.safe(message, keepingLines: true) + "\n"
        try output.write(text)
    }

    /// svn's closing separator, after the last revision (or alone, when there was none).
    func finish() throws {
        try output.write(Self.separator)
    }

    /// Lines as svn counts them (`svn_cstring_count_newlines` + 1): CR, LF and CRLF each end one.
    static func lineCount(_ text: String) -> Int {
        var count = 1
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                if previous != UInt8(ascii: "\r") { count += 1 }
            } else if byte == UInt8(ascii: "\r") {
                count += 1
            }
            previous = byte
        }
        return count
    }

    /// `2026-12-03 20:26:48 +0000 (Thu, 03 Dec 2026)` in the local time zone, as svn writes dates for people.
    static func date(_ seconds: Int64) -> String {
        let offset = Clock.localOffset(at: seconds)
        let local = seconds + Int64(offset)
        // The local time's fields, read off its RFC 3339 form, `2026-12-03T20:26:48Z`.
        let parts = Timestamp(seconds: local).rfc3339.dropLast().split(separator: "T")
        let fields = parts.first?.split(separator: "-") ?? []
        guard parts.count == 2, fields.count == 3, let month = Int(fields[1]), (1...12).contains(month) else {
            return Timestamp(seconds: seconds).rfc3339
        }
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        // 1970-01-01 was a Thursday.
        let weekday = Int(((days + 4) % 7 + 7) % 7)
        let zone = abs(offset)
        return "\(parts[0]) \(parts[1]) \(offset < 0 ? "-" : "+")\(pad(zone / 3600))\(pad(zone / 60 % 60)) ("
            + "\(weekdays[weekday]), \(fields[2]) \(months[month - 1]) \(fields[0]))"
    }

    private static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Text with control characters written as `\u{HHHH}`, which would otherwise reach the terminal as commands; a
    /// message keeps its line breaks and tabs.
    static func safe(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, keepingLines: keepingLines) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar, keepingLines: keepingLines) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        if keepingLines, scalar == "\n" || scalar == "\t" { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
