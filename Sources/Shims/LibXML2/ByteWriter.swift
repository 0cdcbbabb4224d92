internal import CLibXML2
import Glibc

/// Writes bytes into a buffer sized beforehand (by a counting pass), front to back.
struct ByteWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    @inline(__always)
    mutating func write(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafePointer<xmlChar>?, _ length: Int) {
        guard let bytes, length > 0, let base = buffer.baseAddress else { return }
        (base + count).update(from: bytes, count: length)
        count += length
    }
}
