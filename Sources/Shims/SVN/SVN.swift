// libsvn_client with APR, loaded on first use. Wrappers are added here as `tb svn` needs them.
internal import CSVN
import Loader

/// libsvn's and APR's functions, called straight through the table (`libsvn.svn_client_version()`); only once
/// `SVN.loaded` succeeded, which every way into this module checks first.
var libsvn: CSVN_table { CSVN_fn().pointee }

/// The Subversion client library.
public enum SVN {
    /// Loads libsvn the first time any wrapper needs it; Swift runs this initializer once, thread-safely.
    static let loaded: Result<Void, SVNError> = LazyLibrary.load("libsvn", CSVN_load) {
        SVNError(code: -1, chain: [$0])
    }

    /// The version of the library, such as "1.14.2". The corresponding C function is `svn_client_version`.
    public static func version() throws(SVNError) -> String {
        try loaded.get()
        return libsvn.svn_client_version().map { "\($0.pointee.major).\($0.pointee.minor).\($0.pointee.patch)" } ?? ""
    }
}
