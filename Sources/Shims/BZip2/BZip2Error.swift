// The one error type of the BZip2 shim.
internal import CBZip2

/// A libbz2 failure, in words.
public struct BZip2Error: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public var description: String { message }

    init(message: String) {
        self.message = message
    }

    /// The words for one of libbz2's results, which has no function of its own for them.
    init(code: Int32) {
        switch code {
        case BZ_MEM_ERROR: message = "out of memory"
        case BZ_DATA_ERROR_MAGIC: message = "not in the bzip2 format"
        case BZ_DATA_ERROR: message = "the compressed data is corrupt"
        case BZ_UNEXPECTED_EOF: message = "the compressed data ends too soon"
        default: message = "libbz2 error \(code)"
        }
    }
}
