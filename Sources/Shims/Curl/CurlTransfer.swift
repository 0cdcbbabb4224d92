// One transfer (a libcurl easy handle): its options, the bytes it receives, and what the server said.
import Bytes
internal import CCurl
import Glibc

/// A download from a URL, run by a `CurlMulti`. The corresponding C type is `CURL`.
public final class CurlTransfer {
    /// How to fetch.
    public struct Options: Sendable {
        public var url: String
        /// The whole transfer's limit in milliseconds; 0 for none.
        public var timeout = 0
        /// The limit for connecting, in milliseconds.
        public var connectTimeout = 30_000
        /// Give up when less than one byte a second arrives for this many seconds; 0 for never. libcurl measures
        /// the speed over the last five seconds, so a stall is noticed up to five seconds late: a caller that needs
        /// it exact sets 0 here and watches `bytesSeen` itself.
        public var stallTimeout = 60
        public var userAgent = ""
        /// Extra request headers, `Name: value`.
        public var headers: [String] = []
        /// Skip TLS certificate and host name checks.
        public var insecure = false
        /// A file of CA certificates to trust instead of the system's.
        public var caFile: String?
        /// How many redirects to follow; 0 for none (the response itself is the answer).
        public var maxRedirects = 10
        /// Ask for the headers only (HEAD).
        public var headOnly = false
        /// Whether a status of 400 and above fails the transfer (as for downloads) or is a response like any other.
        public var failOnHTTPError = true
        /// Addresses to use instead of resolving, `HOST:PORT:ADDRESS[,ADDRESS…]` (CURLOPT_RESOLVE): for a caller
        /// that resolved the name itself, under its own deadline (libcurl waits for its resolver thread to end when a
        /// transfer is removed, however long the DNS server takes).
        public var resolve: [String] = []
        /// Keep the server's certificates of an https transfer (`certificates`), on a connection of its own.
        public var certificateInfo = false
        /// Connect (and for https, make the TLS handshake), then end: no request is sent.
        public var connectOnly = false

        public init(url: String) { self.url = url }
    }

    let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var resolveList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let receiver: (Span<UInt8>) -> Bool
    /// The URL asked for.
    public let url: String
    /// How many body bytes arrived (after content decoding).
    public private(set) var bytesReceived = 0
    /// How many bytes of headers arrived, of every response (redirects and 1xx included).
    public private(set) var headerBytesReceived = 0
    /// Bytes of any kind received so far: a caller that watches for a stalled transfer compares it over time.
    public var bytesSeen: Int { bytesReceived + headerBytesReceived }
    /// The status of the latest HTTP response whose status line arrived, 0 before any (and for FTP and files).
    public private(set) var httpStatus = 0
    /// The header fields of that response, in order, as sent (name without the colon, value trimmed; folded lines
    /// joined). Each new response (a redirect's target, a final response after 1xx) starts a new list, so once the
    /// body starts these are the final response's. Trailers after the body are not added.
    public private(set) var responseHeaders: [(name: String, value: String)] = []
    /// Called from inside `CurlMulti.perform` when a response's headers are complete, for every response: 1xx,
    /// redirects and the final one alike; `httpStatus` and `responseHeaders` describe it.
    public var headersComplete: ((CurlTransfer) -> Void)?
    /// Whether the latest response's status line came and its header fields are still coming.
    private var inHeaders = false
    private var bodyStarted = false

    /// Prepares a transfer; `receiver` gets the body in pieces as they arrive and returns false to stop it.
    /// Content-Encoding gzip, deflate and zstd (`Curl.acceptEncoding`) are asked for and decoded; HTTP statuses of 400 and above fail the
    /// transfer before any body is delivered. The corresponding C functions are `curl_easy_init` and
    /// `curl_easy_setopt`.
    public init(_ options: Options, receiver: @escaping (Span<UInt8>) -> Bool) throws(CurlError) {
        // libcurl takes the URL as a C string: one with a NUL inside (from a bookmark, say) would fetch the part
        // before it, another URL.
        guard !options.url.utf8.contains(0) else {
            throw CurlError(code: Int(CURLE_URL_MALFORMAT.rawValue), message: "the URL contains a NUL byte")
        }
        try Curl.loaded.get()
        guard let handle = libcurl.curl_easy_init() else { throw CurlError(CURLE_OUT_OF_MEMORY) }
        self.handle = handle
        self.receiver = receiver
        url = options.url
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        let context = Unmanaged.passUnretained(self).toOpaque()
        var result = CURLE_OK
        func set(_ code: CURLcode) { if result == CURLE_OK { result = code } }
        set(CCurl_setopt_string(handle, CURLOPT_URL, options.url))
        // Only fetching protocols; a redirect may not lead to a local file.
        set(CCurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https,ftp,ftps,file"))
        set(CCurl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https,ftp,ftps"))
        set(CCurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        set(CCurl_setopt_write_function(handle, curlWrite))
        set(CCurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        set(CCurl_setopt_header_function(handle, curlHeader))
        set(CCurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
        // A proxy's answer to CONNECT is not the server's response: it would pass for the final one.
        set(CCurl_setopt_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1))
        set(CCurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        // The name lookup runs on libcurl's thread; a transfer that ends before it (a timeout with a DNS server that
        // never answers) would wait for it, 10 s and more, without this: the thread is left to finish on its own.
        set(CCurl_setopt_long(handle, CURLOPT_QUICK_EXIT, 1))
        set(CCurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, options.maxRedirects > 0 ? 1 : 0))
        set(CCurl_setopt_long(handle, CURLOPT_MAXREDIRS, options.maxRedirects))
        set(CCurl_setopt_long(handle, CURLOPT_FAILONERROR, options.failOnHTTPError ? 1 : 0))
        if options.headOnly { set(CCurl_setopt_long(handle, CURLOPT_NOBODY, 1)) }
        set(CCurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, Curl.acceptEncoding))
        set(CCurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeout))
        set(CCurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, options.timeout))
        if options.stallTimeout > 0 {
            set(CCurl_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1))
            set(CCurl_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, options.stallTimeout))
        }
        if !options.userAgent.isEmpty { set(CCurl_setopt_string(handle, CURLOPT_USERAGENT, options.userAgent)) }
        for header in options.headers { headerList = libcurl.curl_slist_append(headerList, header) }
        if let headerList { set(CCurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList)) }
        for entry in options.resolve { resolveList = libcurl.curl_slist_append(resolveList, entry) }
        if let resolveList { set(CCurl_setopt_pointer(handle, CURLOPT_RESOLVE, resolveList)) }
        if options.insecure {
            set(CCurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 0))
            set(CCurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 0))
        }
        if let caFile = options.caFile { set(CCurl_setopt_string(handle, CURLOPT_CAINFO, caFile)) }
        if options.certificateInfo {
            // libcurl reads the certificates during a handshake: a connection reused from the pool (a GET after a
            // refused HEAD, the next round of --watch) would come without them.
            set(CCurl_setopt_long(handle, CURLOPT_CERTINFO, 1))
            set(CCurl_setopt_long(handle, CURLOPT_FRESH_CONNECT, 1))
            set(CCurl_setopt_long(handle, CURLOPT_FORBID_REUSE, 1))
        }
        if options.connectOnly { set(CCurl_setopt_long(handle, CURLOPT_CONNECT_ONLY, 1)) }
        guard result == CURLE_OK else { throw CurlError(result) }
    }

    deinit {
        libcurl.curl_easy_cleanup(handle)
        if let headerList { libcurl.curl_slist_free_all(headerList) }
        if let resolveList { libcurl.curl_slist_free_all(resolveList) }
        errorBuffer.deallocate()
    }

    /// Called by libcurl with each piece of the body.
    fileprivate func receive(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data, count > 0 else { return count }
        bytesReceived += count
        bodyStarted = true
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
        // Returning less than `count` makes libcurl stop the transfer.
        return receiver(bytes.span) ? count : 0
    }

    /// Called by libcurl with each whole header line of each response, the status line first and an empty line last.
    fileprivate func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data, count > 0 else { return count }
        headerBytesReceived += count
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
        var line = Substring(String(decoding: bytes, as: UTF8.self))
        while let last = line.last, last == "\r\n" || last == "\n" || last == "\r" { line = line.dropLast() }
        if line.hasPrefix("HTTP/") {
            // A new response: a redirect's target, or the final one after 1xx.
            let words = line.split(separator: " ", maxSplits: 2)
            httpStatus = words.count > 1 ? Int(words[1]) ?? 0 : 0
            responseHeaders = []
            inHeaders = !bodyStarted
        } else if !inHeaders {
            // FTP replies and trailers after the body.
        } else if line.isEmpty {
            inHeaders = false
            headersComplete?(self)
        } else if line.first == " " || line.first == "\t", let last = responseHeaders.indices.last {
            responseHeaders[last].value += " " + trimmed(line)
        } else if let colon = line.firstIndex(of: ":") {
            responseHeaders.append((String(line[..<colon]), trimmed(line[line.index(after: colon)...])))
        }
        return count
    }

    private func trimmed(_ text: Substring) -> String {
        func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(text[first...last])
    }

    /// The value of the final response's header `name` (any case), the first when it came more than once.
    public func responseHeader(_ name: String) -> String? {
        let wanted = name.lowercased()
        return responseHeaders.first { $0.name.lowercased() == wanted }?.value
    }

    /// Whether the connection is made (TLS included) and the request on its way: from then on, bytes are due.
    /// libcurl sets the pre-transfer time then, for a reused connection too (whose connect time stays 0).
    /// The corresponding C calls are `curl_easy_getinfo` with `CURLINFO_PRETRANSFER_TIME_T` and
    /// `CURLINFO_CONNECT_TIME_T`.
    public var isConnected: Bool {
        var pretransfer: curl_off_t = 0
        var connect: curl_off_t = 0
        _ = CCurl_getinfo_off_t(handle, CURLINFO_PRETRANSFER_TIME_T, &pretransfer)
        _ = CCurl_getinfo_off_t(handle, CURLINFO_CONNECT_TIME_T, &connect)
        return pretransfer > 0 || connect > 0
    }

    /// The error of a finished transfer, with libcurl's detailed message when it left one.
    func error(for code: CURLcode) -> CurlError {
        CurlError(
            code,
            detail: Bytes.string(
                fromCString: Array(UnsafeBufferPointer(start: errorBuffer, count: Int(CURL_ERROR_SIZE)))))
    }

    /// The last response's status code (HTTP status, or FTP reply code), 0 before any.
    /// The corresponding C call is `curl_easy_getinfo(CURLINFO_RESPONSE_CODE)`.
    public var responseCode: Int {
        var code = 0
        _ = CCurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    /// The Content-Type of the response, if the server sent one.
    public var contentType: String? { string(CURLINFO_CONTENT_TYPE) }

    /// The URL finally fetched, after redirects.
    public var effectiveURL: String? { string(CURLINFO_EFFECTIVE_URL) }

    /// When each phase of the transfer ended, in microseconds from its start: name lookup, TCP connect, TLS
    /// handshake (0 without TLS) and the whole transfer. The corresponding C calls are `curl_easy_getinfo` with
    /// `CURLINFO_NAMELOOKUP_TIME_T`, `_CONNECT_TIME_T`, `_APPCONNECT_TIME_T` and `_TOTAL_TIME_T`.
    public var timings: (lookup: Int, connect: Int, tls: Int, total: Int) {
        func time(_ info: CURLINFO) -> Int {
            var value: curl_off_t = 0
            _ = CCurl_getinfo_off_t(handle, info, &value)
            return Int(value)
        }
        return (
            time(CURLINFO_NAMELOOKUP_TIME_T), time(CURLINFO_CONNECT_TIME_T), time(CURLINFO_APPCONNECT_TIME_T),
            time(CURLINFO_TOTAL_TIME_T)
        )
    }

    /// The address of the server connected to, and the local one.
    public var primaryIP: String? { string(CURLINFO_PRIMARY_IP).flatMap { $0.isEmpty ? nil : $0 } }
    public var localIP: String? { string(CURLINFO_LOCAL_IP).flatMap { $0.isEmpty ? nil : $0 } }

    /// The errno of the last failed system call (a refused or unroutable connect), 0 when none.
    public var systemErrorCode: Int32 {
        var code = 0
        _ = CCurl_getinfo_long(handle, CURLINFO_OS_ERRNO, &code)
        return Int32(truncatingIfNeeded: code)
    }

    /// Whether the transfer failed because the process (or the system) had no descriptor left for its socket.
    public var ranOutOfDescriptors: Bool { systemErrorCode == EMFILE || systemErrorCode == ENFILE }

    /// The Content-Length the server announced, if any.
    public var expectedLength: Int? {
        var length: curl_off_t = -1
        _ = CCurl_getinfo_off_t(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
        return length >= 0 ? Int(length) : nil
    }

    /// The server's certificates, its own first, each as the `Name:value` lines libcurl writes of it (Subject,
    /// Issuer, Start date, Expire date, X509v3 Subject Alternative Name…); empty unless `certificateInfo` was set and
    /// a TLS handshake completed. The corresponding C call is `curl_easy_getinfo(CURLINFO_CERTINFO)`.
    public var certificates: [[(name: String, value: String)]] {
        var info: UnsafeMutablePointer<curl_certinfo>?
        guard CCurl_getinfo_certinfo(handle, &info) == CURLE_OK, let info, let lists = info.pointee.certinfo else {
            return []
        }
        return (0..<Int(info.pointee.num_of_certs)).map { index in
            var lines: [(name: String, value: String)] = []
            var item = lists[index]
            while let current = item {
                if let data = current.pointee.data {
                    let line = String(cString: data)
                    if let colon = line.firstIndex(of: ":") {
                        lines.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
                    }
                }
                item = current.pointee.next
            }
            return lines
        }
    }

    private func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard CCurl_getinfo_string(handle, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }
}

/// libcurl's write callback: finds the transfer through the context pointer. It must not capture anything.
private let curlWrite: CCurl_write_function = { data, size, count, context in
    guard let context else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().receive(data, size * count)
}

/// libcurl's header callback: finds the transfer through the context pointer. It must not capture anything.
private let curlHeader: CCurl_write_function = { data, size, count, context in
    guard let context else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().receiveHeader(data, size * count)
}
