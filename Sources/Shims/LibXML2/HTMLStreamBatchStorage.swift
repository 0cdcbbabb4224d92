/// A batch as the caller's side reads it: the parsing thread's records and bytes, and every name known so far.
final class HTMLStreamBatchStorage: Sendable {
    let records: [UInt32]
    let bytes: [UInt8]
    let names: [String]

    init(records: [UInt32], bytes: [UInt8], names: [String]) {
        self.records = records
        self.bytes = bytes
        self.names = names
    }
}
