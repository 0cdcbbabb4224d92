// One of ripgrep's file types for tb regex -t and -T, as FileTypeTable holds them.

/// One named file type: the globs its files' names match.
struct FileType: Sendable {
    let name: String
    let globs: [String]

    init(_ name: String, _ globs: [String]) {
        self.name = name
        self.globs = globs
    }

    /// Every name -t and -T take: the table's and `all`.
    static let names = FileTypeTable.types.map(\.name) + ["all"]
}
