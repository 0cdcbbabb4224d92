// One non-blocking TCP connect: started at once, finished when its socket becomes writable.
internal import CNet

/// A connection attempt. The corresponding C calls are `socket`, `connect` and `getsockopt(SO_ERROR)`.
public final class TCPConnection {
    public let address: IPAddress
    public let port: Int
    /// The socket; valid until `close`.
    public private(set) var descriptor: Int32 = -1

    /// Starts connecting; throws at once when the kernel refuses (no route, and so on).
    public init(to address: IPAddress, port: Int) throws(NetError) {
        self.address = address
        self.port = port
        var fd: Int32 = -1
        let error = address.withBytes { CNet_connect_start(address.cFamily, $0, address.scope, Int32(port), &fd) }
        guard error == 0 else { throw NetError(errno: error) }
        descriptor = fd
    }

    deinit {
        close()
    }

    /// Once the socket is writable: nil when connected, else why not.
    public func outcome() -> NetError? {
        let error = CNet_connect_result(descriptor)
        return error == 0 ? nil : NetError(errno: error)
    }

    /// How long the handshake of a connected socket took as the kernel timed it (SYN to SYN-ACK), in nanoseconds;
    /// nil when the kernel has no clean sample (the SYN was sent again). The corresponding C call is
    /// `getsockopt(TCP_INFO)`.
    public func handshakeNanoseconds() -> Int64? {
        let time = CNet_connect_handshake(descriptor)
        return time >= 0 ? time : nil
    }

    /// The local address of a connected socket.
    public func localAddress() -> IPAddress? {
        var family: Int32 = 0
        var scope: UInt32 = 0
        var bytes = [UInt8](repeating: 0, count: 16)
        let error = bytes.withUnsafeMutableBufferPointer {
            CNet_local_address(descriptor, &family, $0.baseAddress, &scope)
        }
        return error == 0 ? IPAddress(family: family, bytes: bytes, scope: scope) : nil
    }

    public func close() {
        guard descriptor >= 0 else { return }
        CNet_close(descriptor)
        descriptor = -1
    }
}
