// `tb __complete -- WORD...`: the candidates for the last word, worked out by walking the words the way the
// parser does. The generated shell scripts call it on every TAB, so completion always matches the binary.

/// Computes completions.
struct Completer {
    let registry: Registry
    let bookmarks: () -> [String]
    let recentURLs: () -> [String]

    /// What the shell should do besides offering the candidates.
    enum Directive: String {
        /// Offer only the candidates.
        case none
        /// Also offer file names.
        case files
        /// Also offer directory names.
        case dirs
        /// Offer the candidates and do not add a space after one (a list goes on after a comma).
        case nospace
    }

    /// The candidates (`word` and a description, possibly empty) for the last of `words`, and a directive.
    ///
    /// The shell reads one candidate a line, a tab before its description: a candidate with a control character
    /// (from the history, a hand-edited bookmarks file, a plugin's file name) could add lines of its own, or send an
    /// escape sequence to the terminal, or show the rest of its line reversed (U+202E), so it is left out; one in a
    /// description is made harmless as in a table cell.
    func complete(_ words: [String]) -> (candidates: [(String, String)], directive: Directive) {
        var result = candidates(for: words)
        result.candidates = result.candidates.compactMap { word, description in
            guard !word.unicodeScalars.contains(where: ControlCharacters.isEscaped) else { return nil }
            return (word, TableWriter.oneLine(description))
        }
        return result
    }

    private func candidates(for words: [String]) -> (candidates: [(String, String)], directive: Directive) {
        let current = words.last ?? ""
        var command: (any Command.Type)?
        var positionals: [String] = []
        var pendingOption: OptionSpec?
        var onlyPositionals = false
        for word in words.dropLast() {
            if pendingOption != nil {
                pendingOption = nil
                continue
            }
            if !onlyPositionals && word == "--" {
                onlyPositionals = true
                continue
            }
            if !onlyPositionals && word.hasPrefix("-") && word != "-" {
                pendingOption = optionNeedingValue(word, options: options(of: command))
                continue
            }
            guard let known = command else {
                guard let builtin = registry.command(at: [word]) else {
                    return ([], .files)
                }
                command = builtin
                continue
            }
            if positionals.isEmpty, let sub = known.spec.subcommand(named: word) {
                command = sub
                continue
            }
            positionals.append(word)
        }
        if let option = pendingOption {
            return values(for: option.completion, current: current, prefix: "", command: command, positionals: [])
        }
        if !onlyPositionals && current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            let name = String(current[current.index(current.startIndex, offsetBy: 2)..<equals])
            guard let option = options(of: command).first(where: { $0.long == name }) else { return ([], .none) }
            let value = String(current[current.index(after: equals)...])
            let prefix = String(current[...equals])
            return values(for: option.completion, current: value, prefix: prefix, command: command, positionals: [])
        }
        if !onlyPositionals && current.hasPrefix("-") {
            var candidates: [(String, String)] = []
            for option in options(of: command) where !option.hidden {
                candidates.append(("--" + option.displayedLong, option.help))
            }
            candidates.append(("--help", "show the full help"))
            if command == nil { candidates.append(("--version", "print the version and exit")) }
            return (candidates.filter { $0.0.hasPrefix(current) }, .none)
        }
        guard let command else { return (topLevelCommands().filter { $0.0.hasPrefix(current) }, .none) }
        var candidates: [(String, String)] = []
        if positionals.isEmpty {
            candidates = command.spec.visibleSubcommands.map { ($0.spec.name, $0.spec.abstract) }
                .filter { $0.0.hasPrefix(current) }
        }
        let declared = command.spec.positionals
        guard !declared.isEmpty else { return (candidates, .none) }
        let index = min(positionals.count, declared.count - 1)
        let positional = declared[index]
        if positionals.count >= declared.count, positional.arity == .one || positional.arity == .optional {
            return (candidates, .none)
        }
        var result = values(
            for: positional.completion, current: current, prefix: "", command: command, positionals: positionals)
        result.candidates = candidates + result.candidates
        return result
    }

    /// The built-in commands, then the external ones that no built-in hides (built-ins win).
    private func topLevelCommands() -> [(String, String)] {
        let builtins = registry.visibleCommands.map { ($0.spec.name, $0.spec.abstract) }
        let external = registry.external.all().filter { !registry.hasCommand(at: [$0.name]) }
        return builtins + external.map { ($0.name, "external command") }
    }

    private func options(of command: (any Command.Type)?) -> [OptionSpec] {
        guard let command = command.map(effective) else { return GlobalOptions.output }
        return command.spec.options + (command.spec.printsRecords ? GlobalOptions.output : [])
    }

    /// What runs for `command`: a group with a default subcommand runs that one, with its options and fields.
    private func effective(_ command: any Command.Type) -> any Command.Type {
        guard command.isGroup, let name = command.spec.defaultSubcommand,
            let sub = command.spec.subcommand(named: name)
        else { return command }
        return sub
    }

    /// The field names --fields may name: the command's, or any command's before a command is named.
    private func fieldNames(of command: (any Command.Type)?) -> [String] {
        if let command { return effective(command).spec.fieldNames }
        var seen = Set<String>()
        return registry.allPaths().flatMap { $0.command.spec.fieldNames }.filter { seen.insert($0).inserted }
    }

    /// The option that takes the next word as its value, if `word` is one without an inline value.
    private func optionNeedingValue(_ word: String, options: [OptionSpec]) -> OptionSpec? {
        if word.hasPrefix("--") {
            guard !word.contains("=") else { return nil }
            let option = options.first { $0.long == word.dropFirst(2) }
            return option?.takesNextWord == true ? option : nil
        }
        // In a cluster, a value option takes the rest of the word, or the next word when it comes last.
        for (offset, letter) in word.dropFirst().enumerated() {
            guard let option = options.first(where: { $0.short == letter }) else { return nil }
            if option.kind != .flag { return option.takesNextWord && offset == word.count - 2 ? option : nil }
        }
        return nil
    }

    private func values(
        for completion: Completion, current: String, prefix: String, command: (any Command.Type)?,
        positionals: [String]
    ) -> (candidates: [(String, String)], directive: Directive) {
        func matching(_ words: [(String, String)]) -> [(String, String)] {
            words.filter { $0.0.hasPrefix(current) }.map { (prefix + $0.0, $0.1) }
        }
        switch completion {
        case .none: return ([], .none)
        case .files: return ([], .files)
        case .directories: return ([], .dirs)
        case .values(let words): return (matching(words.map { ($0, "") }), .none)
        case .bookmarks: return (matching(bookmarks().map { ($0, "bookmark") }), .none)
        case .sources:
            // Every TAB runs this: a store that cannot match what is typed so far is not read.
            let marks = current.isEmpty || current.hasPrefix("@") ? bookmarks().map { ("@" + $0, "bookmark") } : []
            let urls = current.hasPrefix("@") ? [] : recentURLs().map { ($0, "recent") }
            return (matching(marks + urls), current.hasPrefix("@") ? .none : .files)
        case .visitingCommands:
            let names = registry.allPaths().filter { entry in
                entry.command.spec.positionals.contains { $0.completion == .sources }
            }
            return (matching(names.map { ($0.path.joined(separator: " "), "") }.sorted { $0.0 < $1.0 }), .none)
        case .commands:
            let parent = registry.command(at: positionals)
            let names =
                positionals.isEmpty
                ? topLevelCommands()
                : parent?.spec.visibleSubcommands.map { ($0.spec.name, $0.spec.abstract) } ?? []
            return (matching(names), .none)
        case .fields:
            // A comma-separated list: complete the name after the last comma, keep what comes before.
            let fields = fieldNames(of: command)
            let done = current.lastIndex(of: ",").map { String(current[...$0]) } ?? ""
            let partial = String(current.dropFirst(done.count))
            let chosen = Set(done.split(separator: ",").map(String.init))
            let candidates = fields.filter { $0.hasPrefix(partial) && !chosen.contains($0) }
                .map { (prefix + done + $0, "") }
            return (candidates, .nospace)
        }
    }
}
