// The field names --fields and --template may use in one run (those of the records it prints), and the usage errors
// for a name none of them has or one that reaches into a list without saying which element.

/// The fields of the records a run prints.
public struct FieldNames: Sendable {
    /// Every name, in declaration order, without repeats.
    public let all: [String]
    /// The names whose values are lists in every record type that has them.
    let lists: Set<String>

    /// The members of object fields known for the run (Field.members), by field.
    let members: [String: [String]]

    public init(_ records: [RecordSchema]) {
        let fields = records.flatMap(\.fields)
        var seen = Set<String>()
        var members: [String: [String]] = [:]
        all = fields.flatMap { field in
            if !field.members.isEmpty { members[field.name] = field.members }
            return [field.name] + field.members.map { field.name + "." + $0 }
        }.filter { seen.insert($0).inserted }
        self.members = members
        lists = Set(fields.map(\.name).filter { name in fields.allSatisfy { $0.name != name || $0.kind == .array } })
    }

    /// Names alone: none is known to be a list.
    public init(_ names: [String]) {
        all = names
        lists = []
        members = [:]
    }

    /// When `path` (a template atom's dotted parts) names a member its object field is known not to have, the error.
    func unknownMember(_ path: [String]) -> UsageError? {
        guard path.count > 1, let known = members[path[0]], !known.contains(path[1]) else { return nil }
        return unknown(path[0] + "." + path[1], in: " in template")
    }

    /// The error for `name`, which no record has; `context` says where it was written.
    func unknown(_ name: String, in context: String = "", alsoValid extra: [String] = []) -> UsageError {
        UsageError(
            "unknown field '\(name)'\(context)" + Suggestion.didYouMean(name, among: all + extra) + "; fields: "
                + all.joined(separator: ", "))
    }

    /// When `path` (a template atom's dotted parts) names a part of a list's elements without an index, the error that
    /// shows the atom with one: the template would print nothing, since a list has no members by name.
    func missingIndex(_ path: [String]) -> UsageError? {
        guard path.count > 1, lists.contains(path[0]), Int(path[1]) == nil else { return nil }
        let indexed = [path[0], "0"] + path.dropFirst()
        return UsageError("\(path[0]) is a list: %(\(indexed.joined(separator: ".")))")
    }

    /// For --fields, which takes whole fields: the error for `name` when it is a field's part (`enclosures.url`).
    func checkWhole(_ name: String) throws(UsageError) {
        let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard path.count > 1, all.contains(path[0]) else { return }
        if members[path[0]] != nil { throw unknown(name) }
        if let error = missingIndex(path) {
            throw UsageError(error.message + " in a --template; --fields takes whole fields (\(path[0]))")
        }
        throw UsageError("--fields takes whole fields: \(path[0]) (a --template takes a part: %(\(name)))")
    }
}
