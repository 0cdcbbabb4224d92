// `tb __generate all|man|completions --output-dir DIR`: writes the man pages and completion scripts that are
// checked in under man/ and completions/ (a test fails when they differ from what the binary generates).
import POSIX

/// Writes generated documentation files.
struct GenerateCommand: Command {
    enum Target: String, ArgumentChoice {
        case all, man, completions
        static var valueName: String { "WHAT" }
    }

    static let what = Positional("WHAT", help: "all, man or completions", type: Target.self)
    static let outputDirectory = Option<String>(
        "output-dir", value: "DIR", help: "write man/ and completions/ under DIR", default: ".",
        completion: .directories)

    static let commandName = "__generate"
    static let spec = CommandSpec(
        name: commandName, abstract: "write the man pages and completion scripts", options: [outputDirectory],
        positionals: [what], hidden: true)

    let target: Target
    let directory: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        target = try arguments.positional(Self.what, as: Target.self) ?? .all
        directory = try arguments.valueOrDefault(Self.outputDirectory)
    }

    func run(_ context: Context) throws -> ExitStatus {
        var files: [(String, String)] = []
        if target != .completions {
            files += ManPageRenderer(registry: context.registry).pages().map { ("man/" + $0.name, $0.text) }
        }
        if target != .man {
            files += CompletionScripts.all.map { ("completions/" + $0.name, $0.text) }
        }
        for (name, text) in files {
            let path = directory + "/" + name
            do {
                try FileSystem.makeDirectories(
                    String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]), permissions: 0o755)
                try FileSystem.writeFile(path, Array(text.utf8))
            } catch {
                throw ToolError("cannot write '\(path)': \(error.reason)")
            }
        }
        return .success
    }
}
