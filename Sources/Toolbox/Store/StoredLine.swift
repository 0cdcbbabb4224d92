import Bytes

/// One line of a store file, its record decoded once.
enum StoredLine<Record> {
    /// A line that holds a valid record.
    case record(Record, RawLine)
    /// A line that does not, or one too long to read: kept as it is.
    case damaged(RawLine, reason: String)

    /// The line as read.
    var raw: RawLine {
        switch self {
        case .record(_, let raw), .damaged(let raw, _): return raw
        }
    }
}
