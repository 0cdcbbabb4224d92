// The value of one --extract field in a record: the text or attribute of the first match, every match's as a list,
// or null when a single sub-selector matched nothing.

/// One value of a record's `fields`.
enum ExtractedValue: Sendable, Equatable {
    case null
    case text(String)
    case list([String])
}
