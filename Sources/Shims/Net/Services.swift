// Service names for ports (`http` is 80, `ssh` 22), from the C library's services database (/etc/services), which is
// where nc looks them up too. Reading it sends nothing.
import Glibc

/// The services database.
public enum Services {
    /// The TCP port of the service called `name`, nil when the database has none. The corresponding C function is
    /// `getservbyname_r`.
    public static func tcpPort(named name: String) -> Int? {
        // A service name is a word; anything else (a path, an empty string) is no lookup.
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 < 0x80 && $0 > 0x20 && $0 != UInt8(ascii: "#") }) else {
            return nil
        }
        var entry = servent()
        var found: UnsafeMutablePointer<servent>? = nil
        var storage = [CChar](repeating: 0, count: 4096)
        let status = storage.withUnsafeMutableBufferPointer { buffer in
            getservbyname_r(name, "tcp", &entry, buffer.baseAddress, buffer.count, &found)
        }
        guard status == 0, found != nil else { return nil }
        // s_port is in network byte order.
        let port = Int(UInt16(bigEndian: UInt16(truncatingIfNeeded: entry.s_port)))
        return port > 0 ? port : nil
    }
}
