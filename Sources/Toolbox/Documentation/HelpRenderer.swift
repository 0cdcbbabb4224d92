// Help text from the declarations: the overview (`tb help`), brief help (`-h`) and full help (`--help`,
// `tb help CMD`), and the usage line that usage errors print.

/// Renders help for people at a terminal.
public struct HelpRenderer {
    let registry: Registry
    /// The width to wrap at.
    let width: Int
    /// The most values an option's help lists.
    static let listedChoices = 20

    public init(registry: Registry, width: Int) {
        self.registry = registry
        self.width = width
    }

    /// `tb help`: what tb is, its commands (external ones too) and the output options.
    public func overview() -> String {
        var text = "tb \(toolboxVersion): \(Overview.tagline)\n\n"
        text += "usage: tb [--version] [-h | --help] [OUTPUT OPTIONS] COMMAND [ARGS]\n\n"
        text += "commands:\n"
        text += rows(registry.visibleCommands.map { ($0.spec.name, $0.spec.abstract) })
        let external = registry.external.all()
        if !external.isEmpty {
            text += "\nexternal commands:\n"
            text += rows(external.map { ($0.name, $0.path) })
        }
        text += "\noutput options (for every command that prints records):\n"
        text += optionRows(GlobalOptions.output)
        text +=
            "\n"
            + TextWrapping.wrap(
                "Run 'tb help COMMAND' or 'tb COMMAND --help' for a command's options, output fields and examples, "
                    + "and 'man tb' for files, environment and exit statuses.", width: width) + "\n"
        return text
    }

    /// `-h`: usage, abstract, arguments and options.
    public func brief(_ path: [String]) -> String {
        guard let command = registry.command(at: path) else { return overview() }
        let spec = command.spec
        var text = usageLine(path) + "\n\n" + TextWrapping.wrap(spec.abstract, width: width) + "\n"
        text += sections(spec, path: path, full: false)
        text += "\nSee 'tb help \(path.joined(separator: " "))' for the full description"
        text += spec.printsRecords ? ", output fields and examples.\n" : " and examples.\n"
        return text
    }

    /// `--help` and `tb help CMD`: everything, including the description, output fields and examples.
    public func full(_ path: [String]) -> String {
        guard let command = registry.command(at: path) else { return overview() }
        let spec = command.spec
        var text = usageLine(path) + "\n\n" + TextWrapping.wrap(spec.abstract, width: width) + "\n"
        if !spec.discussion.isEmpty {
            text += "\n" + TextWrapping.wrap(spec.discussion, width: width, indent: "  ") + "\n"
        }
        text += sections(spec, path: path, full: true)
        for record in spec.records {
            text += "\noutput: \(record.type) records, \(record.summary):\n"
            text += rows(record.fields.map { ($0.name, $0.help) })
        }
        text += "\nexit status:\n"
        let commands = Self.runnable(command, path: path).map(\.command)
        text += rows(Self.exitStatuses(of: commands).map { (String($0.code), $0.meaning) })
        if !spec.examples.isEmpty {
            text += "\nexamples:\n"
            for example in spec.examples {
                text += "  " + example.command + "\n"
                text += TextWrapping.wrap(example.explanation, width: width, indent: "      ") + "\n"
            }
        }
        return text
    }

    /// Every status `commands` can end with, in order: 0, 2 and 64, which any run can return, and the statuses
    /// their specs declare (regex's 1: nothing matched). A meaning declared for 0, 2 or 64 replaces the generic one;
    /// different meanings of one status (in a group's subcommands) are joined. tb(1) adds signals and plugins.
    static func exitStatuses(of commands: [any Command.Type]) -> [(code: Int32, meaning: String)] {
        var declared: [Int32: [String]] = [:]
        for command in commands {
            for note in command.spec.exitStatuses where declared[note.status.code]?.contains(note.meaning) != true {
                declared[note.status.code, default: []].append(note.meaning)
            }
        }
        // The meanings tb(1) gives them.
        var generic: [Int32: String] = [:]
        for status in [ExitStatus.success, .failure, .usage] {
            generic[status.code] = Contract.exitStatuses.first { $0.0 == String(status.code) }?.1
        }
        return Set(declared.keys).union(generic.keys).sorted().map { code in
            (code, declared[code]?.joined(separator: "; ") ?? generic[code] ?? "")
        }
    }

    /// What runs for `command` at `path`: itself, or for a group every subcommand under it, with their paths.
    static func runnable(_ command: any Command.Type, path: [String]) -> [(path: [String], command: any Command.Type)] {
        (command.isGroup ? [] : [(path, command)])
            + command.spec.visibleSubcommands.flatMap { runnable($0, path: path + [$0.spec.name]) }
    }

    /// `usage: tb bookmark add [options] NAME URL`.
    public func usageLine(_ path: [String]) -> String {
        guard let command = registry.command(at: path) else {
            return "usage: tb [--version] [-h | --help] [OUTPUT OPTIONS] COMMAND [ARGS]"
        }
        return "usage: " + Self.synopsis(command, path: path)
    }

    /// `tb bookmark add [options] NAME URL`, or `tb bookmark COMMAND` for a group.
    static func synopsis(_ command: any Command.Type, path: [String]) -> String {
        let spec = command.spec
        var words = ["tb"] + path
        if !spec.options.filter({ !$0.hidden }).isEmpty || spec.printsRecords { words.append("[options]") }
        if !spec.visibleSubcommands.isEmpty {
            let required = command.isGroup && spec.defaultSubcommand == nil
            words.append(required ? "COMMAND" : "[COMMAND]")
        }
        words += spec.positionals.map(\.usage)
        return words.joined(separator: " ")
    }

    private func sections(_ spec: CommandSpec, path: [String], full: Bool) -> String {
        var text = ""
        let subcommands = spec.visibleSubcommands
        if !subcommands.isEmpty {
            text += "\ncommands:\n"
            text += rows(
                subcommands.map { sub in
                    let isDefault = sub.spec.name == spec.defaultSubcommand
                    return (sub.spec.name, sub.spec.abstract + (isDefault ? " (the default)" : ""))
                })
        }
        if !spec.positionals.isEmpty {
            text += "\narguments:\n"
            text += rows(spec.positionals.map { ($0.name, $0.help) })
        }
        let options = spec.options.filter { !$0.hidden }
        if !options.isEmpty {
            text += "\noptions:\n" + optionRows(options)
        }
        if spec.printsRecords {
            text +=
                full
                ? "\noutput options:\n" + optionRows(GlobalOptions.output)
                : "\noutput options: --format FORMAT, --json, --fields LIST, --template TEMPLATE, --color WHEN\n"
        }
        return text
    }

    private func optionRows(_ options: [OptionSpec]) -> String {
        rows(
            options.map { option in
                var help = option.help
                // A long list (tb regex -t's file types) would swamp the help: completion offers it, and the
                // option's help says where it is listed.
                if let choices = option.completion.choices, choices.count <= Self.listedChoices,
                    !choices.allSatisfy({ help.contains($0) })
                {
                    help += " (\(choices.joined(separator: ", ")))"
                }
                if !option.notes.isEmpty { help += " [" + option.notes.joined(separator: ", ") + "]" }
                if option.repeatable && !help.contains("repeatable") { help += " (repeatable)" }
                // Long-only options line up under the long names of options that have a short one.
                return ((option.displayedShort != nil ? "" : "    ") + option.signature, help)
            })
    }

    /// Two columns: names padded to a common width (at most 28), descriptions wrapped beside them.
    private func rows(_ rows: [(String, String)]) -> String {
        let nameWidth = min(28, rows.map { DisplayWidth.of($0.0) }.max() ?? 0)
        let indent = String(repeating: " ", count: 2 + nameWidth + 2)
        var text = ""
        for (name, help) in rows {
            let wrapped = TextWrapping.wrap(help, width: width, indent: indent)
            let body = wrapped.dropFirst(min(indent.count, wrapped.count))
            if DisplayWidth.of(name) > nameWidth {
                text += "  " + name + "\n" + wrapped + "\n"
            } else {
                text += "  " + name + String(repeating: " ", count: nameWidth - DisplayWidth.of(name) + 2) + body + "\n"
            }
        }
        return text
    }
}

extension Completion {
    /// The fixed words, for `.values`.
    var choices: [String]? {
        if case .values(let words) = self { return words }
        return nil
    }
}
