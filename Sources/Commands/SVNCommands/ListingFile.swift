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

    /// The listing in `bytes`, or nil when it is not the one `key` names or is damaged in any way. Read as bytes:
    /// splitting a String into Characters cost 15 µs an entry.
    static func read(_ bytes: [UInt8], key: ListingKey) -> Contents? {
        var lines = Fields(bytes[...], separator: 0x0A)
        guard let header = lines.next(), String(decoding: header, as: UTF8.self) == key.header,
            let settings = lines.next(), bytes.last == 0x0A
        else { return nil }
        var columns = Fields(settings, separator: 0x09)
        guard let mask = columns.next().flatMap(number).map(UInt32.init), let locks = columns.next().flatMap(number),
            columns.next() == nil
        else { return nil }
        var entries: [SVNEntry] = []
        var values: [ArraySlice<UInt8>] = []
        while let line = lines.next() {
            if line.isEmpty, lines.atEnd { break }
            var columns = Fields(line, separator: 0x09)
            values.removeAll(keepingCapacity: true)
            while let column = columns.next() { values.append(column) }
            guard values.count == (locks == 1 ? 11 : 6),
                let kind = SVNNodeKind(rawValue: String(decoding: values[1], as: UTF8.self))
            else { return nil }
            var lock: SVNLock?
            if locks == 1, !isNone(values[6]) {
                lock = SVNLock(
                    token: field(values[6]), owner: field(values[7]), comment: field(values[8]),
                    created: number(values[9]).map(Int64.init), expires: number(values[10]).map(Int64.init))
            }
            entries.append(
                SVNEntry(
                    path: field(values[0]) ?? "", kind: kind, size: number(values[2]).map(Int64.init),
                    createdRevision: number(values[3]), time: number(values[4]).map(Int64.init),
                    lastAuthor: field(values[5]), lock: lock))
        }
        return Contents(fields: SVNDirentFields(rawValue: mask), hasLocks: locks == 1, entries: entries)
    }

    /// The pieces of bytes between separators.
    private struct Fields {
        private let bytes: ArraySlice<UInt8>
        private let separator: UInt8
        private var position: Int
        private var finished = false

        init(_ bytes: ArraySlice<UInt8>, separator: UInt8) {
            self.bytes = bytes
            self.separator = separator
            position = bytes.startIndex
        }

        var atEnd: Bool { finished }

        mutating func next() -> ArraySlice<UInt8>? {
            guard !finished else { return nil }
            let end = bytes[position...].firstIndex(of: separator) ?? bytes.endIndex
            let piece = bytes[position..<end]
            if end == bytes.endIndex { finished = true } else { position = end + 1 }
            return piece
        }
    }

    private static func isNone(_ column: ArraySlice<UInt8>) -> Bool {
        column.elementsEqual(none.utf8)
    }

    /// A whole number of decimal digits (with a leading minus), nil for `\N` or anything else.
    private static func number(_ column: ArraySlice<UInt8>) -> Int? {
        var value = 0
        var digits = column[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count < 19 else { return nil }
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return negative ? -value : value
    }

    private static func field(_ column: ArraySlice<UInt8>) -> String? {
        isNone(column) ? nil : unescape(column)
    }

    private static let none = "\\N"

    private static func optional<T>(_ value: T?) -> String {
        value.map { "\($0)" } ?? none
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

    static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var escaping = false
        for byte in bytes {
            if escaping {
                switch byte {
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                default: result.append(byte)
                }
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
