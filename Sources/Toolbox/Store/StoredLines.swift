// Reads an NDJSON store file line by line. A damaged line is reported with its line number and kept verbatim, so
// the next write puts it back instead of silently dropping it.
import Bytes

/// One line of a store file.
enum StoredLine {
    /// A line that holds a valid record.
    case record(JSONValue, raw: ArraySlice<UInt8>)
    /// A line that does not: kept as it is.
    case damaged(raw: ArraySlice<UInt8>, line: Int, reason: String)

    /// The line's bytes, without the newline.
    var raw: ArraySlice<UInt8> {
        switch self {
        case .record(_, let raw), .damaged(let raw, _, _): return raw
        }
    }
}

enum StoredLines {
    /// Splits `bytes` into lines (blank lines are dropped); `isValid` decides whether a parsed object is a record.
    static func parse(_ bytes: [UInt8], isValid: (JSONValue) -> Bool) -> [StoredLine] {
        var lines: [StoredLine] = []
        var number = 0
        for raw in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if raw.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            do {
                let value = try JSONValue.parse(raw)
                if isValid(value) {
                    lines.append(.record(value, raw: raw))
                } else {
                    lines.append(.damaged(raw: raw, line: number, reason: "not a valid record"))
                }
            } catch {
                lines.append(.damaged(raw: raw, line: number, reason: error.description))
            }
        }
        return lines
    }

    /// The lines joined back into a file.
    static func join(_ lines: [ArraySlice<UInt8>]) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines {
            bytes.append(contentsOf: line)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
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
