// The one error type of the POSIX shim: an errno and the operation that set it.
import Glibc

/// A failed system call.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The errno value.
    public let code: Int32

    public init(code: Int32) { self.code = code }

    /// The error of the last failed call on this thread.
    static var last: SystemError { SystemError(code: errno) }

    /// The system's text for the code, such as "No such file or directory".
    public var reason: String { String(cString: strerror(code)) }
    public var description: String { reason }

    /// The reader of a pipe went away (EPIPE).
    public var isBrokenPipe: Bool { code == EPIPE }
    /// The descriptor is not open, or not open for this (EBADF): a standard descriptor closed when tb started.
    public var isNotOpen: Bool { code == EBADF }
    /// The path does not exist (ENOENT).
    public var isNotFound: Bool { code == ENOENT }
}

/// Retries `call` while it fails with EINTR; returns its result, or throws errno when it returns -1.
@discardableResult
func retrying<T: BinaryInteger>(_ call: () -> T) throws(SystemError) -> T {
    while true {
        let result = call()
        if result != -1 { return result }
        if errno != EINTR { throw SystemError.last }
    }
}
