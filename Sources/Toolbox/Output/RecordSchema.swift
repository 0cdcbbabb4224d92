/// The declared shape of a record type.
public struct RecordSchema: Sendable {
    /// The value of the `type` field: `bookmark`.
    public let type: String
    /// When it is printed, for the man page: "one per bookmark".
    public let summary: String
    public let fields: [Field]

    public init(type: String, summary: String, fields: [Field]) {
        self.type = type
        self.summary = summary
        self.fields = fields
    }

    /// The index of the field called `name`.
    public func index(of name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }
}
