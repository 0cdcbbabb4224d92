// Waiting on many descriptors at once with one deadline: epoll.
internal import CNet
import Glibc

/// A set of descriptors to wait on, each known by a token. The corresponding C functions are `epoll_create1`,
/// `epoll_ctl` and `epoll_wait`.
public final class Poller {
    /// The epoll descriptor itself, for a loop that waits on it from elsewhere (libcurl's multi poll).
    public let descriptor: Int32

    public init() throws(NetError) {
        descriptor = CNet_poll_open()
        guard descriptor >= 0 else { throw NetError(errno: errno) }
    }

    deinit {
        CNet_close(descriptor)
    }

    /// Waits for `fd` to become readable (or writable), reported as `token`.
    public func add(_ fd: Int32, writable: Bool = false, token: UInt64) throws(NetError) {
        let error = CNet_poll_add(descriptor, fd, Int32(writable ? CNet_poll_writable : CNet_poll_readable), token)
        guard error == 0 else { throw NetError(errno: error) }
    }

    /// Waits for `fd` to hang up or fail, reported as `token`: the reader of a pipe going away, a terminal closed.
    /// Regular files cannot be waited on (EPERM): they never hang up.
    public func addHangUp(_ fd: Int32, token: UInt64) throws(NetError) {
        let error = CNet_poll_add(descriptor, fd, Int32(CNet_poll_hangup), token)
        guard error == 0 || error == EPERM else { throw NetError(errno: error) }
    }

    public func remove(_ fd: Int32) {
        CNet_poll_remove(descriptor, fd)
    }

    /// Waits up to `milliseconds` (nil: for ever); the tokens of the descriptors that are ready, empty on timeout.
    public func wait(milliseconds: Int?) -> [UInt64] {
        var tokens = [UInt64](repeating: 0, count: 64)
        let count = tokens.withUnsafeMutableBufferPointer {
            CNet_poll_wait(descriptor, $0.baseAddress, 64, Int32(clamping: milliseconds ?? -1))
        }
        return Array(tokens.prefix(Int(count)))
    }
}
