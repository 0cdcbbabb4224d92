internal import CLibXML2
import Glibc
import Threads

/// The record kinds of `HTMLStreamBatch.records`.
enum HTMLStreamRecord {
    static let start: UInt32 = 0
    static let end: UInt32 = 1
    static let text: UInt32 = 2
    static let comment: UInt32 = 3
}
