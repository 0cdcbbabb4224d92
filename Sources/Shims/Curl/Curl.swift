// libcurl, loaded on first use. Wrappers are added here as the input layer needs them.
import Bytes
internal import CCurl

/// The libcurl library.
public enum Curl {
    /// Loads libcurl the first time any wrapper needs it; Swift runs this initializer once, thread-safely.
    static let loaded: Result<Void, CurlError> = {
        var message = [CChar](repeating: 0, count: 512)
        if CCurl_load(&message, UInt(message.count)) == 0 { return .success(()) }
        return .failure(CurlError(code: -1, message: "cannot load libcurl: " + Bytes.string(fromCString: message)))
    }()

    /// The version of the library, such as "7.88.1". The corresponding C function is `curl_version_info`.
    public static func version() throws(CurlError) -> String {
        try loaded.get()
        return String(cString: CCurl_version())
    }
}
