// The input options of one run, read from the command line once (their declarations check them).

/// The input options of one run, checked.
public struct InputSettings: Sendable {
    public var timeout: Duration?
    public var connectTimeout: Duration
    public var request: RequestSettings
    public var retries: Int
    public var maxRedirects: Int
    public var readSize: Int

    /// Settings with every default (the declarations'), for tests.
    public init() {
        timeout = nil
        connectTimeout = InputOptions.connectTimeout.defaultValue ?? .seconds(30)
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
        request = try RequestSettings(arguments)
        retries = try arguments.valueOrDefault(InputOptions.retry)
        maxRedirects = try arguments.valueOrDefault(InputOptions.maxRedirects)
        readSize = try arguments.valueOrDefault(InputOptions.readSize)
    }
}
