internal import CExpat
import Glibc

/// A tape's buffers (see CExpat_tape), handed from thread to thread.
struct ExpatBuffers: @unchecked Sendable {
    var events: UnsafeMutablePointer<CExpat_event>?
    var eventCapacity = 0
    var attributes: UnsafeMutablePointer<CExpat_attribute>?
    var attributeCapacity = 0
    var bytes: UnsafeMutablePointer<UInt8>?
    var byteCapacity = 0

    func free() {
        Glibc.free(events)
        Glibc.free(attributes)
        Glibc.free(bytes)
    }
}
