// `tb __dump-spec`: the whole command tree as one JSON document, for tools and for checking the declarations.
import Bytes

/// Renders the declarations as JSON.
enum SpecDump {
    static func json(_ registry: Registry) -> String {
        let tree = Value.object([
            .init("name", .string("tb")),
            .init("version", .string(toolboxVersion)),
            .init("output_options", .array(GlobalOptions.output.map(option))),
            .init("commands", .array(registry.commands.map { command($0) })),
        ])
        var out = ByteBuffer()
        JSONBytes.appendValue(tree, to: &out)
        return out.string + "\n"
    }

    private static func command(_ type: any Command.Type) -> Value {
        let spec = type.spec
        return .object([
            .init("name", .string(spec.name)),
            // The Swift module that declares it: a test checks that every command module is among the built-ins.
            .init("module", .string(String(String(reflecting: type).prefix { $0 != "." }))),
            .init("abstract", .string(spec.abstract)),
            .init("discussion", .string(spec.discussion)),
            .init("hidden", .bool(spec.hidden)),
            .init("options", .array(spec.options.map(option))),
            .init(
                "positionals",
                .array(
                    spec.positionals.map { positional in
                        .object([
                            .init("name", .string(positional.name)),
                            .init("help", .string(positional.help)),
                            .init("arity", .string(String(describing: positional.arity))),
                            .init("completion", completion(positional.completion)),
                        ])
                    })),
            .init("subcommands", .array(spec.subcommands.map { command($0) })),
            .init("default_subcommand", spec.defaultSubcommand.map { .string($0) } ?? .null),
            .init(
                "records",
                .array(
                    spec.records.map { record in
                        .object([
                            .init("type", .string(record.type)),
                            .init("summary", .string(record.summary)),
                            .init(
                                "fields",
                                .array(
                                    record.fields.map { field in
                                        .object([
                                            .init("name", .string(field.name)),
                                            .init("kind", .string(field.kind.rawValue)),
                                            .init("help", .string(field.help)),
                                        ])
                                    })),
                        ])
                    })),
            .init(
                "examples",
                .array(
                    spec.examples.map {
                        .object([.init("command", .string($0.command)), .init("explanation", .string($0.explanation))])
                    })),
        ])
    }

    private static func kindName(_ kind: OptionSpec.Kind) -> String {
        switch kind {
        case .flag: "flag"
        case .value: "value"
        case .optionalValue: "optional_value"
        }
    }

    private static func option(_ option: OptionSpec) -> Value {
        .object([
            .init("long", .string(option.long)),
            .init("short", option.short.map { .string(String($0)) } ?? .null),
            .init("kind", .string(kindName(option.kind))),
            .init("value_name", option.kind == .flag ? .null : .string(option.valueName)),
            .init("help", .string(option.help)),
            .init("repeatable", .bool(option.repeatable)),
            .init(
                "default",
                option.defaultText.map { .string($0) } ?? (option.kind == .flag ? .bool(option.defaultOn) : .null)),
            .init("range", option.rangeText.map { .string($0) } ?? .null),
            .init("completion", completion(option.completion)),
            .init("hidden", .bool(option.hidden)),
        ])
    }

    private static func completion(_ completion: Completion) -> Value {
        switch completion {
        case .values(let words): return .object([.init("values", .array(words.map { .string($0) }))])
        default: return .string(String(describing: completion))
        }
    }
}
