// A bookmark: a short name for a URL or path, used as @NAME wherever a command takes a source.

/// A saved source.
public struct Bookmark: Record, Sendable, Equatable {
    public var name: String
    /// A URL, or an absolute local path.
    public var url: String
    public var note: String?
    public var created: Timestamp?

    public init(name: String, url: String, note: String? = nil, created: Timestamp? = nil) {
        self.name = name
        self.url = url
        self.note = note
        self.created = created
    }

    public static let schema = RecordSchema(
        type: "bookmark", summary: "one per bookmark",
        fields: [
            Field("name", .string, "the name, used as @name"),
            Field("url", .string, "the URL or absolute path it stands for"),
            Field("note", .string, "the note given with --note, or null"),
            Field("created", .time, "when it was added"),
        ])

    public func encode(to encoder: inout RecordEncoder) {
        encoder.string(name)
        encoder.string(url)
        encoder.string(note)
        encoder.time(created)
    }

    /// Reads a stored line's object; nil when name or url is missing.
    init?(json: JSONValue) {
        guard let name = json["name"]?.string, let url = json["url"]?.string else { return nil }
        self.init(
            name: name, url: url, note: json["note"]?.string,
            created: json["created"]?.string.flatMap { Timestamp(rfc3339: $0) })
    }

    /// Whether `name` can be a bookmark name: a letter or digit, then letters, digits, `.`, `_` or `-`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.utf8.count <= 64,
            first.properties.isAlphabetic || ("0"..."9").contains(first)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-"
        }
    }
}
