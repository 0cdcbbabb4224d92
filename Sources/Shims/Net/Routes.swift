// The kernel's routing decision for an address, taken without sending a packet (as SCNetworkReachability means
// reachability), the interface that holds a local address, and a monitor for route changes.
import Bytes
internal import CNet
import Glibc

/// Route lookups. The corresponding C calls are `connect` on a UDP socket, `getsockname` and `getifaddrs`.
public enum Routes {
    /// The local address traffic to `address` would leave from, or why the kernel would not send it.
    public static func check(_ address: IPAddress, port: Int) -> Result<IPAddress, NetError> {
        var family: Int32 = 0
        var scope: UInt32 = 0
        var local = [UInt8](repeating: 0, count: 16)
        let error = address.withBytes { bytes in
            local.withUnsafeMutableBufferPointer {
                CNet_route_check(address.cFamily, bytes, address.scope, Int32(port), &family, $0.baseAddress, &scope)
            }
        }
        return error == 0
            ? .success(IPAddress(family: family, bytes: local, scope: scope)) : .failure(NetError(errno: error))
    }

    /// The name of the interface that holds a local address.
    public static func interface(holding address: IPAddress) -> String? {
        var name = [CChar](repeating: 0, count: 32)
        let found = address.withBytes { bytes in
            name.withUnsafeMutableBufferPointer { CNet_interface_of(address.cFamily, bytes, $0.baseAddress) }
        }
        guard found == 0 else { return nil }
        return Bytes.string(fromCString: name)
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
