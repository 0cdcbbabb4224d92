// Records: what commands emit. A record type declares its fields once; the declaration documents the output
// (man pages, --fields, completion) and fixes the order in which the record encodes its values.

/// Something a command prints, such as a bookmark or a regex match.
public protocol Record {
    /// The record's `type` and its fields, in order.
    static var schema: RecordSchema { get }
    /// Writes one value per declared field, in declared order.
    func encode(to encoder: inout RecordEncoder)
}

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

/// One declared field of a record.
public struct Field: Sendable {
    /// The JSON type of the value (null is always possible).
    public enum Kind: String, Sendable {
        case string, integer, number, boolean, time, array, object
    }

    /// snake_case.
    public let name: String
    public let kind: Kind
    /// One line for the man page and help: what the value is.
    public let help: String
    /// When the table shows the field if --fields does not choose.
    public let table: TableColumn
    /// How its values look to the table: column width, cut, colours.
    public let nature: Nature

    public init(_ name: String, _ kind: Kind, _ help: String, inTable: Bool = true, nature: Nature? = nil) {
        self.init(name, kind, help, table: inTable ? .shown : .hidden, nature: nature)
    }

    public init(_ name: String, _ kind: Kind, _ help: String, table: TableColumn, nature: Nature? = nil) {
        self.name = name
        self.kind = kind
        self.help = help
        self.table = table
        self.nature = nature ?? .standard(for: kind)
    }
}
