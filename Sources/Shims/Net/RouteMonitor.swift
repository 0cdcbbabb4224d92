// A netlink socket that tells tb reach --watch when links, addresses or routes change.
internal import CNet
import Glibc

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
