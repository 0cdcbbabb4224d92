// The one error type of the LZMA shim.
internal import CLZMA

/// A liblzma failure, in words.
public struct LZMAError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public var description: String { message }

    init(message: String) {
        self.message = message
    }

    /// The words for one of lzma_code's results, which has no lzma_strerror.
    init(_ result: lzma_ret, memoryLimit: UInt64) {
        switch result {
        case LZMA_MEM_ERROR: message = "out of memory"
        case LZMA_MEMLIMIT_ERROR: message = "it needs more than \(memoryLimit >> 20) MiB of memory to decompress"
        case LZMA_FORMAT_ERROR: message = "not in the xz format"
        case LZMA_OPTIONS_ERROR: message = "unsupported compression options"
        case LZMA_DATA_ERROR: message = "the compressed data is corrupt"
        case LZMA_BUF_ERROR: message = "the compressed data ends too soon"
        default: message = "liblzma error \(result.rawValue)"
        }
    }
}
