// The options every command that reads SOURCEs shares (DESIGN §4), and their checked values.

/// Declarations of the input options.
public enum InputOptions {
    public static let timeout = Option<Double>(
        "timeout", value: "SECONDS", help: "give up on a source that takes longer than this in all (default: no limit)")
    public static let connectTimeout = Option<Double>(
        "connect-timeout", value: "SECONDS", help: "give up connecting to a server after this long", default: 30)
    public static let userAgent = Option<String>(
        "user-agent", value: "TEXT", help: "the User-Agent header to send", default: "tb/\(toolboxVersion)")
    public static let header = Option<String>(
        "header", short: "H", value: "'NAME: VALUE'", help: "send an extra request header (repeatable)",
        repeatable: true)
    public static let insecure = Flag("insecure", short: "k", help: "do not check TLS certificates and host names")
    public static let cacert = Option<String>(
        "cacert", value: "FILE", help: "trust the CA certificates in FILE instead of the system's", completion: .files)
    public static let retry = Option<Int>(
        "retry", value: "N",
        help: "try a source again up to N times after a transient failure (no connection, a timeout, HTTP 408, "
            + "429 or 5xx) that happened before any data arrived",
        default: 0)
    public static let maxRedirects = Option<Int>(
        "max-redirs", value: "N", help: "follow at most N redirects", default: 10)
    /// How many bytes are read from a file at a time; tests make it small to cut inputs at every possible place.
    public static let readSize = Option<Int>(
        "read-size", value: "BYTES", help: "bytes read from a file at a time", default: 1 << 17, hidden: true)

    /// The ones any HTTP request uses (RequestSettings), for commands that make requests but read no SOURCEs.
    public static let request: [any OptionDeclaration] = [userAgent, header, insecure, cacert]

    /// All of them, for a command's `options`.
    public static let all: [any OptionDeclaration] =
        [timeout, connectTimeout] + request + [retry, maxRedirects, readSize]
}

/// The input options of one run, checked.
public struct InputSettings: Sendable {
    public var timeout: Double?
    public var connectTimeout: Double
    public var request: RequestSettings
    public var retries: Int
    public var maxRedirects: Int
    public var readSize: Int

    /// Settings with every default (the declarations'), for tests.
    public init() {
        timeout = nil
        connectTimeout = InputOptions.connectTimeout.defaultValue ?? 30
        request = RequestSettings()
        retries = InputOptions.retry.defaultValue ?? 0
        maxRedirects = InputOptions.maxRedirects.defaultValue ?? 10
        readSize = InputOptions.readSize.defaultValue ?? 1 << 17
    }

    /// Reads and checks the input options.
    public init(_ arguments: ParsedArguments) throws(UsageError) {
        self.init()
        timeout = try arguments.value(InputOptions.timeout)
        if let timeout, timeout <= 0 { throw UsageError("--timeout must be more than 0 seconds") }
        connectTimeout = try arguments.valueOrDefault(InputOptions.connectTimeout)
        if connectTimeout <= 0 { throw UsageError("--connect-timeout must be more than 0 seconds") }
        request = try RequestSettings(arguments)
        retries = try arguments.valueOrDefault(InputOptions.retry)
        if retries < 0 { throw UsageError("--retry must be 0 or more") }
        maxRedirects = try arguments.valueOrDefault(InputOptions.maxRedirects)
        if maxRedirects < 0 { throw UsageError("--max-redirs must be 0 or more") }
        readSize = try arguments.valueOrDefault(InputOptions.readSize)
        if readSize < 1 { throw UsageError("--read-size must be at least 1") }
    }
}
