// The one error type of the Curl shim.
internal import CCurl

/// A failure reported by libcurl, or the failure to load it.
public struct CurlError: Error, Sendable, CustomStringConvertible {
    /// libcurl's CURLcode or CURLMcode, or -1 when the library could not be loaded.
    public let code: Int
    /// libcurl's message: the transfer's error buffer when it has one (it names host, port and reason).
    public let message: String

    public var description: String { message }

    init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    init(_ code: CURLcode, detail: String = "") {
        self.code = Int(code.rawValue)
        message = detail.isEmpty ? libcurl.curl_easy_strerror(code).map { String(cString: $0) } ?? "" : detail
    }

    init(multi code: CURLMcode) {
        self.code = Int(code.rawValue)
        message = libcurl.curl_multi_strerror(code).map { String(cString: $0) } ?? ""
    }

    /// The server answered with an HTTP error status (CURLE_HTTP_RETURNED_ERROR, with --fail semantics).
    public var isHTTPError: Bool { code == Int(CURLE_HTTP_RETURNED_ERROR.rawValue) }
    /// The receiver stopped the transfer (CURLE_WRITE_ERROR after the write callback returned 0).
    public var isAbortedByReceiver: Bool { code == Int(CURLE_WRITE_ERROR.rawValue) }
    /// The transfer took too long (CURLE_OPERATION_TIMEDOUT).
    public var isTimeout: Bool { code == Int(CURLE_OPERATION_TIMEDOUT.rawValue) }

    /// The host name could not be resolved.
    public var isResolveFailure: Bool { code == Int(CURLE_COULDNT_RESOLVE_HOST.rawValue) }

    /// No connection could be made (refused, or no route: the transfer's `systemErrorCode` tells which).
    public var isConnectFailure: Bool { code == Int(CURLE_COULDNT_CONNECT.rawValue) }

    /// TLS failed: the handshake, or the certificate or host name check.
    public var isTLSFailure: Bool {
        [
            CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_ENGINE_INITFAILED,
        ]
        .contains { Int($0.rawValue) == code }
    }

    /// The server's certificate was refused: not trusted, expired, or not for the host. (The handshake itself
    /// completed: the certificate can be read by a handshake that does not verify it.)
    public var isCertificateFailure: Bool {
        [CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_INVALIDCERTSTATUS]
            .contains { Int($0.rawValue) == code }
    }

    /// Failures that may go away if tried again: no connection, timeouts, a connection that broke.
    public var isTransient: Bool {
        [
            CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_OPERATION_TIMEDOUT, CURLE_SEND_ERROR,
            CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM,
        ]
        .contains { Int($0.rawValue) == code }
    }
}
