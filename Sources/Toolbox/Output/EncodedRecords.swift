// Records encoded as NDJSON away from the Output — on another thread — and written by it as they are: a command
// that builds its records on two cores encodes them there too, so that only bytes cross between the threads (records
// crossing cost more in reference counts, and in freeing memory another thread allocated, than they saved).

/// Some records, encoded as the Output writes NDJSON without --fields.
public struct EncodedRecords: Sendable {
    let bytes: [UInt8]
    /// How many records the bytes hold.
    public let count: Int
}

extension Output {
    /// Whether records encoded apart (RecordBatchEncoder) can be written as they are: NDJSON without --fields.
    public var takesEncodedRecords: Bool {
        guard case .ndjson = settings.style else { return false }
        return settings.fields == nil
    }

    /// Writes records encoded apart; only when `takesEncodedRecords`.
    public func emit(_ records: EncodedRecords) throws(OutputError) {
        precondition(takesEncodedRecords, "records encoded apart given to an output that rewrites them")
        try write(records.bytes.span)
        recordCount += records.count
        if settings.interactive { try flush() }
    }
}
