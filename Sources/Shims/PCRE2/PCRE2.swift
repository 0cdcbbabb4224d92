// PCRE2, the regular expression engine behind `tb regex`. Wrappers are added here as the command needs them.
internal import CPCRE2

/// The PCRE2 library (8-bit code units).
public enum PCRE2 {
    /// The version of the linked library, such as "10.42 2022-12-11".
    /// The corresponding C function is `pcre2_config` with `PCRE2_CONFIG_VERSION`.
    public static var version: String {
        var buffer = [UInt8](repeating: 0, count: 64)
        _ = buffer.withUnsafeMutableBytes { pcre2_config_8(UInt32(PCRE2_CONFIG_VERSION), $0.baseAddress) }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }
}
