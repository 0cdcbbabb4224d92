// Which fields of a record a writer shows, and in what order: --fields, or the writer's default.

/// Maps each record type to the positions of the chosen fields in its declaration.
struct FieldSelection {
    /// The names chosen with --fields, or nil.
    let names: [String]?
    /// The writer's choice when --fields is not given.
    let defaultChoice: (RecordSchema) -> [Int]
    private var cache: [String: (names: [String], indices: [Int?])] = [:]

    init(names: [String]?, defaultChoice: @escaping (RecordSchema) -> [Int]) {
        self.names = names
        self.defaultChoice = defaultChoice
    }

    /// The column names and, for each, the field's index in `schema` (nil when this record type lacks it).
    mutating func columns(for schema: RecordSchema) -> (names: [String], indices: [Int?]) {
        if let known = cache[schema.type] { return known }
        let result: (names: [String], indices: [Int?])
        if let names {
            result = (names, names.map { schema.index(of: $0) })
        } else {
            let indices = defaultChoice(schema)
            result = (indices.map { schema.fields[$0].name }, indices)
        }
        cache[schema.type] = result
        return result
    }
}
