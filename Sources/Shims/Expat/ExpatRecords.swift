internal import CExpat
import Glibc

/// Events written down: in a tape's buffers, the first `count`.
struct ExpatRecords: @unchecked Sendable {
    var buffers: ExpatBuffers
    var count: Int
}
