// What every HTTP request tb makes carries besides its URL — the User-Agent, extra headers and the TLS trust
// options — read from the shared options once, for the input layer and for tb reach alike.
import Curl

/// The request options of one run, checked.
public struct RequestSettings: Sendable {
    public var userAgent = InputOptions.userAgent.defaultValue ?? "tb"
    public var headers: [String] = []
    public var insecure = false
    public var caFile: String?

    /// The defaults, for tests.
    public init() {}

    /// Reads --user-agent, --header, --insecure and --cacert (their declarations check them).
    public init(_ arguments: ParsedArguments) throws(UsageError) {
        userAgent = try arguments.valueOrDefault(InputOptions.userAgent)
        headers = try arguments.values(InputOptions.header).map(\.text)
        insecure = arguments.flag(InputOptions.insecure)
        caFile = try arguments.value(InputOptions.cacert)
    }

    /// Sets them on a transfer.
    public func apply(to options: inout CurlTransfer.Options) {
        options.userAgent = userAgent
        options.headers = headers
        options.insecure = insecure
        options.caFile = caFile
    }
}
