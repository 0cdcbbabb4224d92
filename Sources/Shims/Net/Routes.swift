// The kernel's routing decision for an address, taken without sending a packet (as SCNetworkReachability means
// reachability), and the interface that holds a local address (RouteMonitor hears of changes).
import Bytes
internal import CNet

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
