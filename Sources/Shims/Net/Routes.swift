internal import CNet
// The kernel's routing decision for an address, taken without sending a packet (as SCNetworkReachability means
// reachability), the interfaces that carry traffic, and a monitor for route changes.
import Glibc
import POSIX

/// Route lookups. The corresponding C calls are `connect` on a UDP socket, `getsockname` and `getifaddrs`.
public enum Routes {
    /// The local address traffic to `address` would leave from, or why the kernel would not send it.
    public static func check(_ address: IPAddress, port: Int) -> Result<IPAddress, NetError> {
        var family: Int32 = 0
        var local = [UInt8](repeating: 0, count: 16)
        let error = address.withBytes { bytes in
            local.withUnsafeMutableBufferPointer {
                CNet_route_check(address.cFamily, bytes, Int32(port), &family, $0.baseAddress)
            }
        }
        return error == 0 ? .success(IPAddress(family: family, bytes: local)) : .failure(NetError(errno: error))
    }

    /// The name of the interface that holds a local address.
    public static func interface(holding address: IPAddress) -> String? {
        var name = [CChar](repeating: 0, count: 32)
        let found = address.withBytes { bytes in
            name.withUnsafeMutableBufferPointer { CNet_interface_of(address.cFamily, bytes, $0.baseAddress) }
        }
        guard found == 0 else { return nil }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Raises the limit of open files as far as allowed (many targets mean many sockets); the new limit.
    public static func raiseFileLimit() -> Int { CNet_raise_file_limit() }
}

/// What an interface is, as /sys/class/net tells it.
public enum InterfaceKind: String, Sendable {
    case loopback, ethernet, wireless, cellular, tunnel, other

    /// The kind of the interface `name`. The hardware type (`type`, an ARPHRD_ number) says loopback, ethernet or
    /// tunnel; `uevent`'s DEVTYPE and the `wireless`/`phy80211` entries tell wireless and cellular (WWAN) devices
    /// among the ethernet-like ones.
    public static func of(_ name: String, sysfs: String = "/sys/class/net") -> InterfaceKind {
        let folder = sysfs + "/" + name
        let type = read(folder + "/type").flatMap { Int($0) }
        let deviceType = read(folder + "/uevent")?.split(separator: "\n")
            .first { $0.hasPrefix("DEVTYPE=") }.map { String($0.dropFirst("DEVTYPE=".count)) }
        switch deviceType {
        case "wlan": return .wireless
        case "wwan": return .cellular
        case "vxlan", "wireguard", "tun", "tap", "gre", "ipip", "sit", "ip6tnl", "vti": return .tunnel
        default: break
        }
        if FileSystem.kind(of: folder + "/wireless") != nil || FileSystem.kind(of: folder + "/phy80211") != nil {
            return .wireless
        }
        if FileSystem.kind(of: folder + "/tun_flags") != nil { return .tunnel }
        switch type {
        case 772?: return .loopback  // ARPHRD_LOOPBACK
        case 1?: return name.hasPrefix("wwan") ? .cellular : .ethernet  // ARPHRD_ETHER
        case 519?: return .cellular  // ARPHRD_RAWIP: WWAN modems
        case 65534?, 768?, 769?, 776?, 778?, 823?: return .tunnel  // NONE (tun), IPIP, IP6TNL, SIT, IPGRE, IP6GRE
        default: return .other
        }
    }

    private static func read(_ path: String) -> String? {
        guard let bytes = try? FileSystem.readFile(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters()
    }
}

extension String {
    fileprivate func trimmingCharacters() -> String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        return String(text)
    }
}

/// Hears about link, address and route changes (IPv4 and IPv6) from the kernel. The corresponding C call is a
/// `NETLINK_ROUTE` socket bound to the RTMGRP_LINK, _IPV4_IFADDR, _IPV6_IFADDR, _IPV4_ROUTE and _IPV6_ROUTE groups.
public final class RouteMonitor {
    public let descriptor: Int32

    public init() throws(NetError) {
        descriptor = CNet_route_monitor_open()
        guard descriptor >= 0 else { throw NetError(errno: errno) }
    }

    deinit {
        CNet_close(descriptor)
    }

    /// Reads what the kernel said; how many changes there were.
    public func drain() -> Int { Int(CNet_route_monitor_drain(descriptor)) }
}
