// The errors of the network shim: an errno, or a resolver (EAI_) code, with its message.
internal import CNet
import Glibc

/// A failed network call. The corresponding C values are `errno` and `getaddrinfo`'s `EAI_` codes.
public struct NetError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// An errno value.
        case system(Int32)
        /// A resolver error (`EAI_NONAME` and the like).
        case resolver(Int32)
    }

    public let kind: Kind

    init(errno code: Int32) { kind = .system(code) }

    /// The error an errno stands for (one that another library reported).
    public static func system(_ code: Int32) -> NetError { NetError(errno: code) }
    init(resolver code: Int32) { kind = .resolver(code) }

    public var description: String {
        switch kind {
        case .system(let code): return String(cString: strerror(code)).lowercased()
        case .resolver(let code): return String(cString: CNet_lookup_message(code)).lowercased()
        }
    }

    /// The connection was refused: nothing listens there.
    public var isRefused: Bool { kind == .system(ECONNREFUSED) }
    /// The kernel has no usable route: no route, host unreachable, a blackhole or prohibit route.
    public var isNoRoute: Bool {
        guard case .system(let code) = kind else { return false }
        return [ENETUNREACH, EHOSTUNREACH, EACCES, EPERM, EINVAL].contains(code)
    }
    /// What the routing table said, for messages: `no route`, `unreachable route`, `prohibit route`,
    /// `blackhole route`.
    public var routeDescription: String? {
        guard case .system(let code) = kind else { return nil }
        switch code {
        case EACCES, EPERM: return "prohibit route"
        case EINVAL: return "blackhole route"
        case EHOSTUNREACH: return "unreachable route"
        case ENETUNREACH: return "no route"
        default: return nil
        }
    }
    /// The name does not exist (as opposed to a resolver that failed).
    public var isUnknownName: Bool {
        guard case .resolver(let code) = kind else { return false }
        return code == CNet_eai_noname || code == CNet_eai_nodata || code == CNet_eai_addrfamily
    }
    /// Not allowed: a socket type the process may not open (a raw socket without root), a prohibit route.
    public var isPermissionDenied: Bool { kind == .system(EACCES) || kind == .system(EPERM) }
    /// The socket's buffer is full for now: send again a moment later.
    public var isWouldBlock: Bool { kind == .system(EAGAIN) || kind == .system(ENOBUFS) }
    public var isTimeout: Bool { kind == .system(ETIMEDOUT) }
    /// The process (or the system) has no descriptor left: try again once others are closed.
    public var isOutOfDescriptors: Bool { kind == .system(EMFILE) || kind == .system(ENFILE) }
}
