// Small commands declared only for the kernel's tests.
@testable import Toolbox

/// A record with every kind of field.
struct Sample: Record {
    var text: String?
    var number: Int?
    var flag: Bool?
    var when: Timestamp?
    var tags: [String]
    var extra: Value

    static let schema = RecordSchema(
        type: "sample", summary: "one per sample",
        fields: [
            Field("text", .string, "some text"),
            Field("number", .integer, "a number"),
            Field("flag", .boolean, "a flag"),
            Field("when", .time, "a time"),
            Field("tags", .array, "tags"),
            Field("extra", .object, "anything", inTable: false),
        ])

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(text)
        encoder.integer(number)
        encoder.boolean(flag)
        encoder.time(when)
        encoder.strings(tags)
        encoder.value(extra)
    }
}

/// `greet`: options of every kind and any number of words.
struct Greet: Command {
    static let loud = Flag("loud", short: "l", help: "shout")
    static let polite = Flag("polite", short: "p", help: "say please", default: true)
    static let name = Option<String>("name", short: "n", value: "WHO", help: "whom to greet")
    static let count = Option<Int>("count", short: "k", help: "how many times", default: 1)
    static let tag = Option<String>("tag", short: "t", help: "a tag", repeatable: true)
    static let words = Positional("WORD", help: "words", arity: .zeroOrMore)

    static let spec = CommandSpec(
        name: "greet", abstract: "greet someone", options: [loud, polite, name, count, tag], positionals: [words],
        records: [Sample.schema], exitStatuses: [ExitStatusNote(.negative, "no word given")])

    let loud: Bool
    let polite: Bool
    let who: String?
    let count: Int
    let tags: [String]
    let words: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        loud = arguments.flag(Self.loud)
        polite = arguments.flag(Self.polite)
        who = try arguments.value(Self.name)
        count = try arguments.value(Self.count) ?? 1
        tags = try arguments.values(Self.tag)
        words = arguments.positionals(Self.words)
    }

    func run(_ context: Context) throws -> ExitStatus {
        for word in words {
            try context.output.emit(Sample(text: word, number: count, flag: loud, when: nil, tags: tags, extra: .null))
        }
        return words.isEmpty ? .negative : .success
    }
}

/// `copy SOURCE... DEST`: a variadic positional before a required one.
struct Copy: Command {
    static let sources = Positional("SOURCE", help: "what to copy", arity: .oneOrMore)
    static let destination = Positional("DEST", help: "where to")
    static let spec = CommandSpec(name: "copy", abstract: "copy things", positionals: [sources, destination])

    let sources: [String]
    let destination: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        sources = arguments.positionals(Self.sources)
        destination = arguments.positional(Self.destination) ?? ""
    }

    func run(_ context: Context) throws -> ExitStatus { .success }
}

/// `tree`: a group whose default is `leaf`.
struct Tree: CommandGroup {
    static let spec = CommandSpec(
        name: "tree", abstract: "a group", subcommands: [Leaf.self, Branch.self], defaultSubcommand: "leaf")
}

struct Leaf: Command {
    static let spec = CommandSpec(name: "leaf", abstract: "the default", records: [Sample.schema])
    init(_ arguments: ParsedArguments) throws(UsageError) {}
    func run(_ context: Context) throws -> ExitStatus { .success }
}

/// `branch`: constraints declared, not checked by hand.
struct Branch: Command {
    enum Shape: String, ArgumentChoice {
        case round, square
    }

    static let depth = Option<Int>("depth", short: "d", help: "how deep")
    static let wide = Flag("wide", help: "spread out", conflicts: [depth])
    static let leaves = Option<Int>("leaves", help: "how many leaves", range: 1...5, requires: [depth])
    static let shape = Positional("SHAPE", help: "round or square", type: Shape.self, arity: .optional)
    static let spec = CommandSpec(
        name: "branch", abstract: "another", options: [depth, wide, leaves], positionals: [shape])
    init(_ arguments: ParsedArguments) throws(UsageError) {}
    func run(_ context: Context) throws -> ExitStatus { .success }
}

/// `fail`: throws what its argument says.
struct Fail: Command {
    static let kind = Positional("KIND", help: "tool, usage or other")
    static let spec = CommandSpec(
        name: "fail", abstract: "fail on purpose", positionals: [kind], records: [Sample.schema])

    struct Other: Error {}
    let kind: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        kind = arguments.positional(Self.kind) ?? ""
    }

    func run(_ context: Context) throws -> ExitStatus {
        try context.output.emit(Sample(text: "before", number: nil, flag: nil, when: nil, tags: [], extra: .null))
        switch kind {
        case "tool": throw ToolError("cannot do 'it': because")
        case "usage": throw UsageError("bad combination")
        default: throw Other()
        }
    }
}

let testCommands: [any Command.Type] = [Greet.self, Copy.self, Tree.self, Fail.self]
