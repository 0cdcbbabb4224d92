// Reads an NDJSON store file line by line. A damaged line is reported with its line number and kept verbatim, so
// the next write puts it back instead of silently dropping it.
import Bytes

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
        encoder.begin(R.self, capture: false)
        record.encode(to: &encoder)
        encoder.finish()
        return encoder.out.bytes.dropLast()
    }
}
