// The options every command that reads SOURCEs shares, and their checked values.

/// Declarations of the input options.
public enum InputOptions {
    public static let timeout = Option<Duration>(
        "timeout", help: "give up on a source that takes longer than this in all, DNS included (default: no limit)")
    public static let connectTimeout = Option<Duration>(
        "connect-timeout", help: "give up connecting to a server after this long (TLS handshake included)",
        default: .seconds(10))
    /// 0 is "never"; otherwise a Duration's own limits, so that 0.0001 is not taken for "never" either.
    public static let stallTimeout = Option<Duration>(
        "stall-timeout", short: nil, value: nil,
        help: "give up on a source when no byte arrived for this long once connected (0: never)",
        default: .seconds(30),
        bounds: ValueBounds(text: "from 1ms to 7d, or 0") { $0 == .zero || Duration.bounds?.contains($0) == true },
        declared: true, repeatable: false, completion: nil, conflicts: [], requires: [], hidden: false)
    public static let jobs = Option<Int>(
        "jobs", value: "N", help: "fetch at most N URL sources at once", default: 8, range: 1...1024)
    public static let perHost = Option<Int>(
        "per-host", value: "N",
        help: "at most N connections to one server (scheme, host and port); its sources take turns and reuse them",
        default: 2, range: 1...1024)
    public static let userAgent = Option<String>(
        "user-agent", value: "TEXT", help: "the User-Agent header to send", default: "tb/\(toolboxVersion)")
    public static let header = Option<HeaderLine>(
        "header", short: "H", help: "send an extra request header (repeatable)", repeatable: true)
    public static let insecure = Flag("insecure", short: "k", help: "do not check TLS certificates and host names")
    public static let cacert = Option<String>(
        "cacert", value: "FILE", help: "trust the CA certificates in FILE instead of the system's", completion: .files)
    public static let retry = Option<Int>(
        "retry", value: "N",
        help: "try a source again up to N times after a transient failure (no connection, a timeout, HTTP 408, "
            + "429 or 5xx) that happened before any data arrived; a Retry-After of up to 60 s is the delay (longer: "
            + "no retry)",
        default: 0, range: 0...100)
    public static let maxRedirects = Option<Int>(
        "max-redirs", value: "N", help: "follow at most N redirects", default: 10, range: 0...100)
    /// How many bytes are read from a file at a time; tests make it small to cut inputs at every possible place.
    public static let readSize = Option<Int>(
        "read-size", value: "BYTES", help: "bytes read from a file at a time", default: 1 << 17, range: 1...(64 << 20),
        hidden: true)

    /// The ones any HTTP request uses (RequestSettings), for commands that make requests but read no SOURCEs.
    public static let request: [any OptionDeclaration] = [userAgent, header, insecure, cacert]

    /// All of them, for a command's `options`.
    public static let all: [any OptionDeclaration] =
        [timeout, connectTimeout, stallTimeout, jobs, perHost] + request + [retry, maxRedirects, readSize]
}
