// libcurl, loaded on first use and initialised once.
internal import CCurl
import Loader

/// libcurl's functions, called straight through the table (`libcurl.curl_easy_init()`); only once `Curl.loaded`
/// succeeded, which every way into this module checks first.
var libcurl: CCurl_table { CCurl_fn().pointee }

/// The libcurl library.
public enum Curl {
    /// Loads and initialises libcurl the first time any wrapper needs it; Swift runs this once, thread-safely.
    static let loaded: Result<Void, CurlError> = LazyLibrary.load("libcurl", CCurl_load) {
        CurlError(code: -1, message: $0)
    }.flatMap {
        let result = libcurl.curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        return result == CURLE_OK ? .success(()) : .failure(CurlError(result))
    }

    /// The Content-Encodings asked for: gzip and deflate, and zstd where this libcurl decodes it (Debian's does).
    static let acceptEncoding: String = {
        let features = libcurl.curl_version_info(CCurl_version_now).map { Int32($0.pointee.features) } ?? 0
        return features & CURL_VERSION_ZSTD != 0 ? "gzip, deflate, zstd" : "gzip, deflate"
    }()

    /// The version of the library, such as "7.88.1". The corresponding C function is `curl_version_info`.
    public static func version() throws(CurlError) -> String {
        try loaded.get()
        return libcurl.curl_version_info(CCurl_version_now).map { String(cString: $0.pointee.version) } ?? ""
    }
}
