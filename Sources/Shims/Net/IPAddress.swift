// An IPv4 or IPv6 address as a value: what the resolver returns and the probes connect to.
import Bytes
internal import CNet

/// An IP address. The corresponding C types are `struct in_addr` and `struct in6_addr`.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    public enum Family: Sendable { case ipv4, ipv6 }

    public let family: Family
    /// 4 bytes for IPv4 (the rest zero), 16 for IPv6.
    let bytes: [UInt8]
    /// The interface index of an IPv6 zone (`fe80::1%eth0`), 0 for none: link-local addresses need one.
    let scope: UInt32

    init(family: Int32, bytes: [UInt8], scope: UInt32 = 0) {
        self.family = family == CNet_inet6 ? .ipv6 : .ipv4
        self.bytes = bytes
        self.scope = scope
    }

    /// An address from its bytes in network order, as a packet carries it: 4 for IPv4, 16 for IPv6 (nil for any
    /// other count). It has no zone.
    public init?(family: Family, bytes: some Collection<UInt8>) {
        guard bytes.count == (family == .ipv6 ? 16 : 4) else { return nil }
        self.family = family
        self.bytes = Array(bytes) + Array(repeating: 0, count: 16 - bytes.count)
        scope = 0
    }

    /// A numeric address (`192.0.2.1`, `::1`, `fe80::1%eth0`); nil for anything else, an unknown zone included.
    /// The corresponding C functions are `inet_pton` and `if_nametoindex`.
    public init?(_ text: String) {
        var family: Int32 = 0
        var scope: UInt32 = 0
        var bytes = [UInt8](repeating: 0, count: 16)
        let parsed = bytes.withUnsafeMutableBufferPointer {
            CNet_parse_address(text, &family, $0.baseAddress, &scope)
        }
        guard parsed == 1 else { return nil }
        self.init(family: family, bytes: bytes, scope: scope)
    }

    /// The same address, whatever the zones say (a reply's zone is the interface it came in by).
    public func matches(_ other: IPAddress) -> Bool { family == other.family && bytes == other.bytes }

    /// The same address without its zone: a router's, which says nothing of the interface it was heard on.
    public var withoutZone: IPAddress { IPAddress(family: cFamily, bytes: bytes) }

    var cFamily: Int32 { family.cValue }

    /// `192.0.2.1`, `2001:db8::1`, `fe80::1%eth0`. The corresponding C functions are `inet_ntop` and
    /// `if_indextoname`.
    public var description: String {
        var text = [CChar](repeating: 0, count: 64)
        bytes.withUnsafeBufferPointer { bytes in
            text.withUnsafeMutableBufferPointer {
                CNet_format_address(cFamily, bytes.baseAddress, scope, $0.baseAddress)
            }
        }
        return Bytes.string(fromCString: text)
    }

    /// Calls `body` with the 16 bytes, as C wants them.
    func withBytes<R>(_ body: (UnsafePointer<UInt8>?) -> R) -> R {
        bytes.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

extension IPAddress.Family {
    /// CNet_inet or CNet_inet6, as the C calls want the family.
    var cValue: Int32 { self == .ipv6 ? Int32(CNet_inet6) : Int32(CNet_inet) }
}
