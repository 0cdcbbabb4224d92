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
    /// Of an object field, the members a run knows it will hold (tb html's --extract names): --fields and templates
    /// may name each as `field.member`, and TSV and the table give each a column of its own, in this order, in place
    /// of the object. Empty for a field whose members are not known before the records come.
    public internal(set) var members: [String] = []
    /// The table's header for it, when not its name in capitals.
    public private(set) var header: String?

    public init(_ name: String, _ kind: Kind, _ help: String, inTable: Bool = true, nature: Nature? = nil) {
        self.init(name, kind, help, table: inTable ? .shown : .hidden, nature: nature)
    }

    /// The same field, headed `header` in tables (DAYS_LEFT for cert_days_left).
    public func headed(_ header: String) -> Field {
        var copy = self
        copy.header = header
        return copy
    }

    public init(_ name: String, _ kind: Kind, _ help: String, table: TableColumn, nature: Nature? = nil) {
        self.name = name
        self.kind = kind
        self.help = help
        self.table = table
        self.nature = nature ?? .standard(for: kind)
    }
}
