// Records: what commands emit. A record type declares its fields once; the declaration documents the output
// (man pages, --fields, completion) and fixes the order in which the record encodes its values.

/// Something a command prints, such as a bookmark or a regex match.
public protocol Record {
    /// The record's `type` and its fields, in order.
    static var schema: RecordSchema { get }
    /// Writes one value per declared field, in declared order.
    func encode(to encoder: inout RecordEncoder)
}
