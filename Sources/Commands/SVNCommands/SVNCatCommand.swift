// tb svn cat: the bytes of repository files, as svn cat writes them.
import POSIX
import SVN
import Toolbox

/// Prints files.
struct SVNCatCommand: Command {
    static let ignoreKeywords = Flag("ignore-keywords", help: "leave svn:keywords such as $Id$ unexpanded")
    static let targets = Positional(
        "TARGET", help: "a file's URL[@REV], @bookmark/path or path in a working copy", arity: .oneOrMore,
        completion: .sources)

    static let commandName = "cat"
    static let spec = CommandSpec(
        name: commandName, abstract: "print the contents of repository files",
        discussion: """
            Writes each TARGET file's bytes to standard output, one after another, exactly as svn cat does \
            (svn:keywords expanded unless --ignore-keywords), streaming them as they arrive. There are no records: \
            --format, --json, --fields and --template are usage errors. A TARGET that is a directory or does not \
            exist is reported and the others are still printed.
            """,
        options: [SVNOptions.revision, SVNOptions.change, ignoreKeywords] + SVNOptions.all, positionals: [targets],
        records: [],
        examples: [
            Example("tb svn cat @repo/trunk/README", "Print a file."),
            Example("tb svn cat -r 100 svn://example.org/repo/trunk/logo.png > logo.png", "A binary file as of r100."),
        ])

    let targetTexts: [String]
    let revisionValue: RevisionText?
    let expandKeywords: Bool
    let access: SVNOptions.Values

    init(_ arguments: ParsedArguments) throws(UsageError) {
        targetTexts = arguments.positionals(Self.targets)
        revisionValue = try SVNOptions.revision(arguments)
        expandKeywords = !arguments.flag(Self.ignoreKeywords)
        access = try SVNOptions.values(arguments)
    }

    func run(_ context: Context) throws -> ExitStatus {
        var run = SVNRun(context: context, verb: "read", timeout: access.timeout)
        let client = try run.client(access)
        let output = context.output
        return try run.each(targetTexts) { target, _ in
            let (peg, revision) = try target.revisions(revisionValue)
            var pacer = FlushPacer()
            do {
                try client.cat(target.url, peg: peg, revision: revision, expandKeywords: expandKeywords) { bytes in
                    try Watchdog.outside {
                        try output.write(bytes)
                        try pacer.emitted(output)
                    }
                }
            } catch let error as SVNError where error.isNotAFile {
                // libsvn says "refers to a directory" or "Attempted to get checksum of a *non*-file node".
                throw ToolError("'\(target.text)' is a directory: tb svn cat reads files")
            }
            try output.flush()
        }
    }
}
