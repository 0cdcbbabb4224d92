// The text of a cached listing: a header line, the fields it holds, then one entry a line, tab-separated.
import SVN

/// Reads and writes cached listings. A line is `path kind size revision time author` and, when locks were
/// fetched, `token owner comment created expires`; `\N` is "none", and tabs, newlines and backslashes in text are
/// escaped, so that every entry is one line.
enum ListingFile {
    struct Contents {
        let fields: SVNDirentFields
        let hasLocks: Bool
        let entries: [SVNEntry]
    }

    static func text(_ key: ListingKey, fields: SVNDirentFields, locks: Bool, entries: [SVNEntry]) -> String {
        var text = key.header + "\n" + "\(fields.rawValue)\t\(locks ? 1 : 0)\n"
        for entry in entries {
            var columns = [
                escape(entry.path), entry.kind.rawValue, optional(entry.size), optional(entry.createdRevision),
                optional(entry.time), entry.lastAuthor.map(escape) ?? none,
            ]
            if locks {
                let lock = entry.lock
                columns += [
                    lock?.token.map(escape) ?? none, lock?.owner.map(escape) ?? none,
                    lock?.comment.map(escape) ?? none, optional(lock?.created), optional(lock?.expires),
                ]
            }
            text += columns.joined(separator: "\t") + "\n"
        }
        return text
    }

    /// The listing in `text`, or nil when it is not the one `key` names or is damaged in any way.
    static func read(_ text: String, key: ListingKey) -> Contents? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0] == key.header, lines.last == "" else { return nil }
        lines.removeLast()
        let settings = lines[1].split(separator: "\t")
        guard settings.count == 2, let mask = UInt32(settings[0]), let locks = Int(settings[1]) else { return nil }
        var entries: [SVNEntry] = []
        entries.reserveCapacity(lines.count - 2)
        for line in lines.dropFirst(2) {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count == (locks == 1 ? 11 : 6), let kind = SVNNodeKind(rawValue: String(columns[1])) else {
                return nil
            }
            var lock: SVNLock?
            if locks == 1, columns[6] != none {
                lock = SVNLock(
                    token: field(columns[6]), owner: field(columns[7]), comment: field(columns[8]),
                    created: Int64(columns[9]), expires: Int64(columns[10]))
            }
            entries.append(
                SVNEntry(
                    path: unescape(columns[0]), kind: kind, size: Int64(columns[2]), createdRevision: Int(columns[3]),
                    time: Int64(columns[4]), lastAuthor: field(columns[5]), lock: lock))
        }
        return Contents(fields: SVNDirentFields(rawValue: mask), hasLocks: locks == 1, entries: entries)
    }

    private static let none = "\\N"

    private static func optional<T>(_ value: T?) -> String {
        value.map { "\($0)" } ?? none
    }

    private static func field(_ column: Substring) -> String? {
        column == none ? nil : unescape(column)
    }

    static func escape(_ text: String) -> String {
        // Scalars, not Characters: "\r\n" is one Character, and must still become two escapes.
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\".unicodeScalars
            case "\t": escaped += "\\t".unicodeScalars
            case "\n": escaped += "\\n".unicodeScalars
            case "\r": escaped += "\\r".unicodeScalars
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    static func unescape(_ text: Substring) -> String {
        guard text.utf8.contains(0x5C) else { return String(text) }
        var result = String.UnicodeScalarView()
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                switch scalar {
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "r": result.append("\r")
                default: result.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
