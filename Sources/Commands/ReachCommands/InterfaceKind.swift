// The kind of a network interface (loopback, ethernet, wireless, cellular, tunnel), as /sys/class/net tells it:
// the interface_kind field of reach records.
import POSIX
import Toolbox

/// What an interface is, as /sys/class/net tells it.
enum InterfaceKind: String, Sendable, CaseIterable {
    case loopback, ethernet, wireless, cellular, tunnel, other

    /// The kind of the interface `name`. The hardware type (`type`, an ARPHRD_ number) says loopback, ethernet or
    /// tunnel; `uevent`'s DEVTYPE and the `wireless`/`phy80211` entries tell wireless and cellular (WWAN) devices
    /// among the ethernet-like ones.
    static func of(_ name: String, sysfs: String = "/sys/class/net") -> InterfaceKind {
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
        // A sysfs attribute holds at most a page.
        guard let bytes = try? FileSystem.readFile(path, limit: 4096) else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    }
}
