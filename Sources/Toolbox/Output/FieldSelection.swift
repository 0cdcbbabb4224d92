// Which fields of a record a writer shows, and in what order: --fields, or all of them.

/// Maps each record type to the positions of the chosen fields in its declaration.
struct FieldSelection {
    /// The names chosen with --fields, or nil for every field.
    let names: [String]?
    private var cache: [String: (names: [String], indices: [Int?])] = [:]

    init(names: [String]?) {
        self.names = names
    }

    /// The column names and, for each, the field's index in `schema` (nil when this record type lacks it).
    mutating func columns(for schema: RecordSchema) -> (names: [String], indices: [Int?]) {
        if let known = cache[schema.type] { return known }
        let result: (names: [String], indices: [Int?])
        if let names {
            result = (names, names.map { schema.index(of: $0) })
        } else {
            result = (schema.fields.map(\.name), Array(schema.fields.indices))
        }
        cache[schema.type] = result
        return result
    }
}
