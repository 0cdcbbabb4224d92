// The environment variables a run sees: read one at a time from the process (building a dictionary of all of them
// costs every start-up), or given as a dictionary by tests.
import POSIX

/// Environment variables.
public struct Environment: Sendable, ExpressibleByDictionaryLiteral {
    /// nil: the process's own environment, read on demand.
    private let values: [String: String]?

    /// The process's environment.
    public static let process = Environment(values: nil)

    private init(values: [String: String]?) {
        self.values = values
    }

    /// A fixed set of variables, for tests.
    public init(_ values: [String: String]) {
        self.values = values
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        values = Dictionary(elements) { $1 }
    }

    /// The value of the variable `name`, or nil when it is not set.
    public subscript(name: String) -> String? {
        guard let values else { return System.variable(name) }
        return values[name]
    }

    /// Every variable, for handing to a program tb runs.
    public func all() -> [String: String] {
        values ?? System.environment()
    }
}
