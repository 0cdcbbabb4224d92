// zlib, which inflates gzip and deflate input on the fly. Wrappers are added here as the input layer needs them.
internal import CZlib

/// The zlib library.
public enum Zlib {
    /// The version of the linked library, such as "1.2.13". The corresponding C function is `zlibVersion`.
    public static var version: String {
        String(cString: zlibVersion())
    }
}
