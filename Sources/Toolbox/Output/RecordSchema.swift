/// The declared shape of a record type.
public struct RecordSchema: Sendable {
    /// The value of the `type` field: `bookmark`.
    public let type: String
    /// When it is printed, for the man page: "one per bookmark".
    public let summary: String
    public private(set) var fields: [Field]

    public init(type: String, summary: String, fields: [Field]) {
        self.type = type
        self.summary = summary
        self.fields = fields
    }

    /// The same schema, its object field `field` known to hold `members` in this run (Field.members).
    public func knowing(members: [String], of field: String) -> RecordSchema {
        var copy = self
        guard let index = index(of: field) else { return copy }
        copy.fields[index].members = members
        return copy
    }

    /// Whether some field has members known for the run.
    var hasMembers: Bool { fields.contains { !$0.members.isEmpty } }

    /// The index of the field called `name`.
    public func index(of name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }
}
