// Which fields of a record a writer shows, and in what order: --fields, or all of them — an object field whose
// members the run knows (Field.members) as one column per member.

/// Maps each record type to the chosen fields' places in its declaration.
struct FieldSelection {
    /// One column: a field, or one member of an object field.
    struct Column {
        /// The name --fields gives it: `text`, or `fields.price` for a member.
        let name: String
        /// The field's index in the record; nil when this record type lacks the field.
        let index: Int?
        /// The member's key, for a member's column.
        let member: String?

        /// The column's value in a record's values.
        func value(in values: [Value]) -> Value {
            guard let index else { return .null }
            guard let member else { return values[index] }
            return values[index].lookup([member])
        }
    }

    /// The names chosen with --fields, or nil for every field.
    let names: [String]?
    private var cache: [String: [Column]] = [:]

    init(names: [String]?) {
        self.names = names
    }

    /// The columns of `schema`'s records.
    mutating func columns(for schema: RecordSchema) -> [Column] {
        if let known = cache[schema.type] { return known }
        let result: [Column]
        if let names {
            result = names.map { Self.column(named: $0, in: schema) }
        } else {
            result = schema.fields.indices.flatMap { index in
                let field = schema.fields[index]
                guard !field.members.isEmpty else { return [Column(name: field.name, index: index, member: nil)] }
                return field.members.map { Column(name: field.name + "." + $0, index: index, member: $0) }
            }
        }
        cache[schema.type] = result
        return result
    }

    /// The column --fields names `name` in `schema`: a field, or `field.member` of a field with known members.
    static func column(named name: String, in schema: RecordSchema) -> Column {
        if let index = schema.index(of: name) { return Column(name: name, index: index, member: nil) }
        if let dot = name.firstIndex(of: "."), let index = schema.index(of: String(name[..<dot])) {
            let member = String(name[name.index(after: dot)...])
            if schema.fields[index].members.contains(member) {
                return Column(name: name, index: index, member: member)
            }
        }
        return Column(name: name, index: nil, member: nil)
    }
}
