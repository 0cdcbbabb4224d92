// libsvn_client with APR, loaded on first use: the library, its one-time set-up, and the values every call shares.
internal import CSVN
import Glibc
import Loader

/// libsvn's and APR's functions, called straight through the table (`libsvn.svn_client_version()`); only once
/// `SVN.loaded` succeeded, which every way into this module checks first.
var libsvn: CSVN_table { CSVN_fn().pointee }

/// The Subversion client library.
public enum SVN {
    /// Loads libsvn and sets it up the first time any wrapper needs it; Swift runs this initializer once,
    /// thread-safely.
    static let loaded: Result<Void, SVNError> = LazyLibrary.load("libsvn", CSVN_load) {
        SVNError(code: -1, chain: [$0])
    }.flatMap(initialize)

    /// APR's pools and allocator, libsvn's UTF-8 conversions and messages. libsvn converts names between UTF-8 and
    /// the locale's encoding: with `LANG` unset that is ASCII and every non-ASCII name fails, so the character
    /// type is UTF-8 whatever the environment says (tb's output is UTF-8 anyway).
    private static func initialize() -> Result<Void, SVNError> {
        guard libsvn.svn_cmdline_init("tb", nil) == 0 else {
            return .failure(SVNError(code: -1, chain: ["cannot initialise libsvn"]))
        }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { _ = setlocale(LC_CTYPE, "C.utf8") }
        // An assertion inside libsvn (odd data from a server) becomes an error with a message, not an abort of tb.
        _ = libsvn.svn_error_set_malfunction_handler(libsvn.svn_error_raise_on_malfunction)
        return .success(())
    }

    /// The version of the library, such as "1.14.2". The corresponding C function is `svn_client_version`.
    public static func version() throws(SVNError) -> String {
        try loaded.get()
        return libsvn.svn_client_version().map { "\($0.pointee.major).\($0.pointee.minor).\($0.pointee.patch)" } ?? ""
    }
}
