// `tb __complete -- WORD...`: what the shell completion scripts call on every TAB.

/// Prints completion candidates for the last word.
struct CompleteCommand: Command {
    static let words = Positional("WORD", help: "the words after 'tb'; the last is being completed", arity: .zeroOrMore)

    static let commandName = "__complete"
    static let spec = CommandSpec(
        name: commandName, abstract: "print completion candidates for the shell scripts", positionals: [words],
        hidden: true)

    let words: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        words = arguments.positionals(Self.words)
    }

    func run(_ context: Context) throws -> ExitStatus {
        // Completion must stay quiet: damaged store lines are reported by the real commands, not on every TAB.
        let paths = context.paths
        let completer = Completer(
            registry: context.registry,
            bookmarks: { (try? BookmarkStore(paths: paths) { _ in }.list().map(\.name)) ?? [] },
            recentURLs: { (try? HistoryStore(paths: paths) { _ in }.recentURLs(limit: 20)) ?? [] })
        let result = completer.complete(words.isEmpty ? [""] : words)
        var text = ""
        for (word, description) in result.candidates {
            text += description.isEmpty ? word + "\n" : word + "\t" + description + "\n"
        }
        text += ":" + result.directive.rawValue + "\n"
        try context.output.write(text)
        return .success
    }
}
