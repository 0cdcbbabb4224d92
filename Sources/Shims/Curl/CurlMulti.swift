// Many transfers at once on one libcurl multi handle, which also reuses connections to the same host.
internal import CCurl

/// Runs transfers concurrently on the calling thread. The corresponding C type is `CURLM`.
public final class CurlMulti {
    private let handle: UnsafeMutableRawPointer
    /// The transfers added and not yet finished, by easy handle; holding them keeps them alive.
    private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// - Parameter idleConnections: how many finished connections are kept open for reuse (by default four times
    ///   the number of transfers added, which with many transfers holds many descriptors).
    /// The corresponding C functions are `curl_multi_init` and `curl_multi_setopt(CURLMOPT_MAXCONNECTS)`.
    public init(idleConnections: Int? = nil) throws(CurlError) {
        try Curl.loaded.get()
        guard let handle = libcurl.curl_multi_init() else { throw CurlError(CURLE_OUT_OF_MEMORY) }
        self.handle = handle
        if let idleConnections {
            let result = CCurl_multi_setopt_long(handle, CURLMOPT_MAXCONNECTS, idleConnections)
            guard result == CURLM_OK else { throw CurlError(multi: result) }
        }
    }

    deinit {
        for transfer in transfers.values { _ = libcurl.curl_multi_remove_handle(handle, transfer.handle) }
        _ = libcurl.curl_multi_cleanup(handle)
    }

    /// How many transfers are running.
    public var count: Int { transfers.count }

    /// Starts a transfer. The corresponding C function is `curl_multi_add_handle`.
    public func add(_ transfer: CurlTransfer) throws(CurlError) {
        let result = libcurl.curl_multi_add_handle(handle, transfer.handle)
        guard result == CURLM_OK else { throw CurlError(multi: result) }
        transfers[transfer.handle] = transfer
    }

    /// Stops a transfer and forgets it. The corresponding C function is `curl_multi_remove_handle`.
    public func remove(_ transfer: CurlTransfer) {
        guard transfers.removeValue(forKey: transfer.handle) != nil else { return }
        _ = libcurl.curl_multi_remove_handle(handle, transfer.handle)
    }

    /// Moves every transfer forward as far as it can without waiting; data is delivered to the receivers from
    /// inside this call. The corresponding C function is `curl_multi_perform`.
    public func perform() throws(CurlError) {
        var running: Int32 = 0
        let result = libcurl.curl_multi_perform(handle, &running)
        guard result == CURLM_OK else { throw CurlError(multi: result) }
    }

    /// Waits until a transfer can move or `milliseconds` pass. The corresponding C function is
    /// `curl_multi_poll`.
    public func poll(milliseconds: Int) throws(CurlError) {
        var ready: Int32 = 0
        let result = libcurl.curl_multi_poll(handle, nil, 0, Int32(clamping: milliseconds), &ready)
        guard result == CURLM_OK else { throw CurlError(multi: result) }
    }

    /// Whether a transfer has data or an event waiting, so that `poll` would return at once.
    /// The corresponding C function is `curl_multi_poll` with a zero timeout.
    public func hasWork() throws(CurlError) -> Bool {
        var ready: Int32 = 0
        let result = libcurl.curl_multi_poll(handle, nil, 0, 0, &ready)
        guard result == CURLM_OK else { throw CurlError(multi: result) }
        return ready > 0
    }

    /// Waits until a transfer can move, `descriptor` becomes readable, or `milliseconds` pass: lets one loop wait
    /// for transfers and for its own descriptors (an epoll set) together. The corresponding C function is
    /// `curl_multi_poll` with one extra `curl_waitfd`.
    public func poll(milliseconds: Int, alsoWaitingOn descriptor: Int32) throws(CurlError) {
        var extra = curl_waitfd(fd: descriptor, events: Int16(CURL_WAIT_POLLIN), revents: 0)
        let result = libcurl.curl_multi_poll(handle, &extra, 1, Int32(clamping: milliseconds), nil)
        guard result == CURLM_OK else { throw CurlError(multi: result) }
    }

    /// The transfers that finished since the last call, each with its error (nil on success); they are removed.
    /// The corresponding C function is `curl_multi_info_read`.
    public func finished() -> [(transfer: CurlTransfer, error: CurlError?)] {
        var done: [(transfer: CurlTransfer, error: CurlError?)] = []
        var queued: Int32 = 0
        while let message = libcurl.curl_multi_info_read(handle, &queued)?.pointee {
            guard message.msg == CURLMSG_DONE, let easy = message.easy_handle, let transfer = transfers[easy] else {
                continue
            }
            remove(transfer)
            // CURLMsg's `data` is a union: for CURLMSG_DONE it holds the transfer's result.
            let result = message.data.result
            done.append((transfer, result == CURLE_OK ? nil : transfer.error(for: result)))
        }
        return done
    }
}
