/// Encodes records into EncodedRecords, on any thread.
public struct RecordBatchEncoder: ~Copyable {
    private var encoder = RecordEncoder(capacity: 1 << 16)
    private var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    public mutating func add<R: Record>(_ record: R) {
        encoder.begin(R.self, capture: false)
        record.encode(to: &encoder)
        encoder.finish()
        count += 1
    }

    /// The records added since the last take.
    public mutating func take() -> EncodedRecords {
        defer {
            encoder.out.removeAll()
            count = 0
        }
        return EncodedRecords(bytes: encoder.out.bytes, count: count)
    }
}
