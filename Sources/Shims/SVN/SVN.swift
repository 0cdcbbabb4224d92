// libsvn_client with APR, loaded on first use. Wrappers are added here as `tb svn` needs them.
import Bytes
internal import CSVN

/// The Subversion client library.
public enum SVN {
    /// Loads libsvn the first time any wrapper needs it; Swift runs this initializer once, thread-safely.
    static let loaded: Result<Void, SVNError> = {
        var message = [CChar](repeating: 0, count: 512)
        if CSVN_load(&message, UInt(message.count)) == 0 { return .success(()) }
        return .failure(SVNError(code: -1, chain: ["cannot load libsvn: " + Bytes.string(fromCString: message)]))
    }()

    /// The version of the library, such as "1.14.2". The corresponding C function is `svn_client_version`.
    public static func version() throws(SVNError) -> String {
        try loaded.get()
        let info = CSVN_client_version().pointee
        return "\(info.major).\(info.minor).\(info.patch)"
    }
}
