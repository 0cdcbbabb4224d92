// The declaration of a command, from which the parser, help, man pages, completion and the spec dump all come.

/// Everything tb knows about a command before running it.
public struct CommandSpec: Sendable {
    /// The word that selects it: `add` in `tb bookmark add`.
    public let name: String
    /// One line for lists, lowercase, no final period.
    public let abstract: String
    /// Paragraphs for the long help and the man page.
    public let discussion: String
    public let options: [OptionSpec]
    public let positionals: [Positional]
    public let subcommands: [any Command.Type]
    /// The subcommand run when none is named (`tb bookmark` runs `tb bookmark ls`).
    public let defaultSubcommand: String?
    /// The records the command prints; empty when it prints none (then output options are a usage error).
    public let records: [RecordSchema]
    public let examples: [Example]
    /// Exit statuses with a meaning of their own for this command, besides 0, 2 and 64.
    public let exitStatuses: [ExitStatusNote]
    /// Internal commands (`__complete`) are kept out of help, man pages and completion.
    public let hidden: Bool

    public init(
        name: String, abstract: String, discussion: String = "", options: [any OptionDeclaration] = [],
        positionals: [Positional] = [], subcommands: [any Command.Type] = [], defaultSubcommand: String? = nil,
        records: [RecordSchema] = [], examples: [Example] = [], exitStatuses: [ExitStatusNote] = [],
        hidden: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options.map { $0.spec }
        self.positionals = positionals
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.records = records
        self.examples = examples
        self.exitStatuses = exitStatuses
        self.hidden = hidden
        // Every spec is built by the tests (help, man pages and the spec dump cover every command), so a clash
        // stops the first test run instead of silently losing an option to another.
        assert(
            Self.clashes(of: self.options, printsRecords: !records.isEmpty).isEmpty,
            "tb \(name): \(Self.clashes(of: self.options, printsRecords: !records.isEmpty).joined(separator: "; "))")
    }

    /// What is wrong with a command's options: two with one name or one letter, or one that shadows a global
    /// option (`--help`, `-h`, `--version`) or, in a command that prints records, an output option (`--format`…),
    /// which the parser would take first. Empty when nothing is.
    static func clashes(of options: [OptionSpec], printsRecords: Bool) -> [String] {
        let taken = [GlobalOptions.help.spec, GlobalOptions.version.spec] + (printsRecords ? GlobalOptions.output : [])
        var clashes: [String] = []
        var longs = Set(taken.map(\.long))
        var shorts = Set(taken.compactMap(\.short))
        for option in options {
            if !longs.insert(option.long).inserted { clashes.append("--\(option.long) is declared twice or shadows") }
            if let short = option.short, !shorts.insert(short).inserted {
                clashes.append("-\(short) (--\(option.long)) is declared twice or shadows")
            }
        }
        return clashes
    }

    /// Whether a run may end with `status`: 0, 2 and 64, which any run can return, or a status the spec declares.
    /// Help and the man page's EXIT STATUS are generated from the declaration, and the runner holds every run to it.
    public func mayReturn(_ status: ExitStatus) -> Bool {
        [ExitStatus.success, .failure, .usage].contains(status) || exitStatuses.contains { $0.status == status }
    }

    /// The subcommand called `name`, if any.
    public func subcommand(named name: String) -> (any Command.Type)? {
        subcommands.first { $0.commandName == name }
    }

    /// The subcommands that help and completion show.
    public var visibleSubcommands: [any Command.Type] { subcommands.filter { !$0.spec.hidden } }

    /// Whether the command prints records (and so accepts `--format`, `--fields`, `--template`).
    public var printsRecords: Bool { !records.isEmpty }

    /// The names of all fields of all records, in declaration order, without repeats.
    public var fieldNames: [String] {
        var seen = Set<String>()
        return records.flatMap(\.fields).map(\.name).filter { seen.insert($0).inserted }
    }
}
