/// A fixed set of words, declared as a `String` enum.
public protocol ArgumentChoice: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ArgumentChoice {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var valueName: String { "WHEN" }
    public static var expectation: String {
        "one of " + allCases.map { $0.rawValue }.joined(separator: ", ")
    }
    public static var choices: [String]? { allCases.map { $0.rawValue } }
    public var argumentText: String { rawValue }
}
