// The one error type of the SVN shim, and its making from libsvn's error chains.
internal import CSVN

/// A failure reported by libsvn (its whole error chain, outermost first), or the failure to load it.
public struct SVNError: Error, Sendable, CustomStringConvertible {
    /// The apr_status_t of the outermost error, or -1 when the library could not be loaded.
    public let code: Int
    /// The codes of the whole chain, outermost first.
    public let codes: [Int]
    /// The messages of the chain, outermost first, each once.
    public let chain: [String]

    public init(code: Int, chain: [String], codes: [Int]? = nil) {
        self.code = code
        self.chain = chain
        self.codes = codes ?? [code]
    }

    public var description: String { chain.joined(separator: ": ") }

    /// Whether the server refused the credentials, or wanted some and was given none.
    public var isAuthenticationFailure: Bool {
        codes.contains { Self.authenticationCodes.contains($0) }
    }

    /// Whether the server's certificate was refused.
    public var isCertificateFailure: Bool {
        codes.contains(Int(SVN_ERR_RA_SERF_SSL_CERT_UNTRUSTED.rawValue))
    }

    /// Whether the path is a directory where a file was wanted (svn cat of a directory).
    public var isNotAFile: Bool {
        codes.contains { $0 == Int(SVN_ERR_FS_NOT_FILE.rawValue) || $0 == Int(SVN_ERR_CLIENT_IS_DIRECTORY.rawValue) }
    }

    /// Whether the path does not exist in the revision asked about (each RA layer and command words it its own way:
    /// "path '/x' not found", "URL '…' non-existent in revision 4", "file not found: revision 4, path '/x'").
    public var isMissingPath: Bool {
        codes.contains { $0 == Int(SVN_ERR_FS_NOT_FOUND.rawValue) || $0 == Int(SVN_ERR_RA_ILLEGAL_URL.rawValue) }
    }

    static let authenticationCodes: Set<Int> = [
        Int(SVN_ERR_RA_NOT_AUTHORIZED.rawValue), Int(SVN_ERR_AUTHN_FAILED.rawValue),
        Int(SVN_ERR_AUTHN_NO_PROVIDER.rawValue), Int(SVN_ERR_AUTHN_CREDS_UNAVAILABLE.rawValue),
        Int(SVN_ERR_AUTHZ_UNREADABLE.rawValue), Int(SVN_ERR_RA_DAV_FORBIDDEN.rawValue),
    ]

    /// The error of a chain libsvn returned, which it then frees. Messages are libsvn's (the outermost is usually
    /// the most specific); duplicates and the "traced call" links of debug builds are left out.
    static func take(_ error: UnsafeMutablePointer<svn_error_t>) -> SVNError {
        var messages: [String] = []
        var codes: [Int] = []
        var link: UnsafeMutablePointer<svn_error_t>? = error
        var buffer = [CChar](repeating: 0, count: 512)
        while let current = link {
            codes.append(Int(current.pointee.apr_err))
            // The message may be in `buffer`: it is read while the buffer is lent, not after.
            let text = buffer.withUnsafeMutableBufferPointer { lent in
                libsvn.svn_err_best_message(current, lent.baseAddress, lent.count).map { String(cString: $0) } ?? ""
            }
            if !text.isEmpty, text != "traced call", !messages.contains(text) { messages.append(text) }
            link = current.pointee.child
        }
        libsvn.svn_error_clear(error)
        return SVNError(code: codes.first ?? -1, chain: messages, codes: codes)
    }

    /// Throws the error of a chain, if there is one.
    static func check(_ error: UnsafeMutablePointer<svn_error_t>?) throws(SVNError) {
        if let error { throw take(error) }
    }
}
