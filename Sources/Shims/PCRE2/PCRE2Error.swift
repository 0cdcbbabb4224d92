// The one error type of the PCRE2 shim: PCRE2's error code, its message, and the pattern offset for compile errors.
internal import CPCRE2

/// A PCRE2 compile or match error.
public struct PCRE2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// PCRE2's negative error code (compile errors are positive codes from 100 up).
    public let code: Int32
    /// PCRE2's own message, such as "missing closing parenthesis".
    public let message: String
    /// For compile errors: the byte offset in the pattern where the error was found.
    public let offset: Int?

    init(code: Int32, offset: Int? = nil) {
        self.code = code
        self.offset = offset
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        message = length > 0 ? String(decoding: buffer.prefix(Int(length)), as: UTF8.self) : "error \(code)"
    }

    public var description: String { message }

    /// The match needed more backtracking than the limits allow (a catastrophic pattern such as `(a+)+$`).
    public var isResourceLimit: Bool {
        [
            PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT,
            PCRE2_ERROR_NOMEMORY,
        ].contains(code)
    }
}
