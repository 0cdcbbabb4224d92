// Reads an NDJSON store file line by line. A damaged line is reported with its line number and kept verbatim, so
// the next write puts it back instead of silently dropping it.
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

enum StoredLines {
    /// What `raw` holds (nil for a blank line); `decode` makes the record of a parsed object, nil when it is none.
    static func parse<Record>(_ raw: RawLine, as decode: (JSONValue) -> Record?) -> StoredLine<Record>? {
        guard let bytes = raw.bytes else {
            return .damaged(raw, reason: "longer than \(StoreLimits.lineText)")
        }
        if raw.isBlank { return nil }
        do {
            guard let record = decode(try JSONValue.parse(bytes)) else {
                return .damaged(raw, reason: "not a valid record")
            }
            return .record(record, raw)
        } catch {
            return .damaged(raw, reason: error.description)
        }
    }

    /// The NDJSON line of a record, without the newline. One longer than a line may be is an error: it could not be
    /// read back.
    static func line<R: Record>(_ record: R, tooLong: @autoclosure () -> ToolError) throws(ToolError) -> [UInt8] {
        let line = line(record)
        guard line.count <= StoreLimits.line else { throw tooLong() }
        return line
    }

    /// The NDJSON line of a record, without the newline.
    static func line<R: Record>(_ record: R) -> [UInt8] {
        var encoder = RecordEncoder(capacity: 512)
        encoder.begin(R.schema, capture: false)
        record.encode(to: &encoder)
        encoder.finish()
        return encoder.out.bytes.dropLast()
    }
}

/// Says which lines of a store file are damaged: once each, as `'PATH' line N: damaged, kept as it is (REASON)`.
struct DamageReport {
    let warn: (String) -> Void
    private var reported = Set<Int>()

    init(warn: @escaping (String) -> Void) {
        self.warn = warn
    }

    mutating func report(line number: Int, _ reason: String, in path: String) {
        guard reported.insert(number).inserted else { return }
        warn("'\(path)' line \(number): damaged, kept as it is (\(reason))")
    }
}
