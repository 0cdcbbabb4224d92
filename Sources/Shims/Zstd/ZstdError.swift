// The one error type of the Zstd shim.
internal import CZstd

/// A libzstd failure, in its words ("Data corruption detected").
public struct ZstdError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public var description: String { message }

    init(message: String) {
        self.message = message
    }

    /// The words for an error code. The corresponding C function is `ZSTD_getErrorName`.
    init(code: Int) {
        message = libzstd.ZSTD_getErrorName(code).map { String(cString: $0) } ?? "libzstd error \(code)"
    }
}
