// The input options of one run, read from the command line once (their declarations check them).

/// The input options of one run, checked.
public struct InputSettings: Sendable {
    public var timeout: Duration?
    public var connectTimeout: Duration
    /// No byte for this long once connected ends a source; zero for never.
    public var stallTimeout: Duration
    /// How many URL sources are fetched at once, and how many of them to one server.
    public var jobs: Int
    public var perHost: Int
    public var request: RequestSettings
    public var retries: Int
    public var maxRedirects: Int
    public var readSize: Int
    /// Whether gzip, xz, bzip2 and zstd are decompressed on the fly (tb regex --no-decompress reads their bytes).
    public var decompress = true

    /// Settings with every default (the declarations'), for tests.
    public init() {
        timeout = nil
        connectTimeout = InputOptions.connectTimeout.defaultValue ?? .seconds(10)
        stallTimeout = InputOptions.stallTimeout.defaultValue ?? .seconds(30)
        jobs = InputOptions.jobs.defaultValue ?? 8
        perHost = InputOptions.perHost.defaultValue ?? 2
        request = RequestSettings()
        retries = InputOptions.retry.defaultValue ?? 0
        maxRedirects = InputOptions.maxRedirects.defaultValue ?? 10
        readSize = InputOptions.readSize.defaultValue ?? 1 << 17
    }

    /// Reads the input options (their declarations check the ranges).
    public init(_ arguments: ParsedArguments) throws(UsageError) {
        self.init()
        timeout = try arguments.value(InputOptions.timeout)
        connectTimeout = try arguments.valueOrDefault(InputOptions.connectTimeout)
        stallTimeout = try arguments.valueOrDefault(InputOptions.stallTimeout)
        jobs = try arguments.valueOrDefault(InputOptions.jobs)
        perHost = try arguments.valueOrDefault(InputOptions.perHost)
        request = try RequestSettings(arguments)
        retries = try arguments.valueOrDefault(InputOptions.retry)
        maxRedirects = try arguments.valueOrDefault(InputOptions.maxRedirects)
        readSize = try arguments.valueOrDefault(InputOptions.readSize)
    }
}
