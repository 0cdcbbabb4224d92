import Bytes
import POSIX

/// Output kept in memory, for tests.
public final class MemoryBuffer {
    /// Everything flushed so far.
    public var bytes: [UInt8] = []

    public init() {}

    /// The bytes as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
