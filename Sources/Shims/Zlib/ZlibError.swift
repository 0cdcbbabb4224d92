// The one error type of the Zlib shim.
internal import CZlib

/// A zlib failure: its return code and message.
public struct ZlibError: Error, Sendable, Equatable, CustomStringConvertible {
    /// zlib's return code, such as Z_DATA_ERROR (-3); Z_BUF_ERROR (-5) for input that ended too soon.
    public let code: Int32
    public let message: String

    public var description: String { message }

    init(code: Int32, stream: UnsafeMutablePointer<z_stream>? = nil) {
        self.code = code
        if let text = stream?.pointee.msg {
            message = String(cString: text)
        } else if code == Z_BUF_ERROR {
            message = "the compressed data ends too soon"
        } else {
            message = String(cString: zError(code))
        }
    }
}
