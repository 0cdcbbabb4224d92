// libcurl, loaded on first use and initialised once.
import Bytes
internal import CCurl

/// The libcurl library.
public enum Curl {
    /// Loads and initialises libcurl the first time any wrapper needs it; Swift runs this once, thread-safely.
    static let loaded: Result<Void, CurlError> = {
        var message = [CChar](repeating: 0, count: 512)
        guard CCurl_load(&message, UInt(message.count)) == 0 else {
            return .failure(CurlError(code: -1, message: "cannot load libcurl: " + Bytes.string(fromCString: message)))
        }
        let result = CCurl_global_init()
        guard result == CURLE_OK else { return .failure(CurlError(result)) }
        return .success(())
    }()

    /// The version of the library, such as "7.88.1". The corresponding C function is `curl_version_info`.
    public static func version() throws(CurlError) -> String {
        try loaded.get()
        return String(cString: CCurl_version())
    }
}
