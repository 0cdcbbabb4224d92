// tb svn blame: who last changed each line of a file, and in which revision, as svn blame tells it.
import SVN
import Toolbox

/// Prints the blame of files.
struct SVNBlameCommand: Command {
    static let revision = Option<RevisionRangeOption>(
        "revision", short: "r",
        help: "the revisions A:B to blame over; REV alone is 1:REV (default: 1 to the peg revision, else HEAD)")
    static let force = Flag("force", help: "blame a file even when its svn:mime-type says it is binary")
    static let targets = Positional(
        "TARGET", help: "a file's URL[@REV], @bookmark/path or path in a working copy", arity: .oneOrMore,
        completion: .sources)

    static let commandName = "blame"
    static let spec = CommandSpec(
        name: commandName, abstract: "print who last changed each line of files",
        discussion: """
            Prints a blame record for each line of each TARGET file as it is in the end revision: the revision that \
            last changed the line, its author and date, and the line's text, as svn blame gives them. The history \
            is read from the start revision (1 unless -r says otherwise) to the end one (the peg revision, else \
            HEAD; a path in a working copy: its BASE revision, the committed text, not local changes), following \
            the file back through moves and copies. A line last changed before the start revision has a null \
            revision, author and date (svn prints -). The records come once the whole history is read.

            text is the line without its line end. libsvn reads every line end as one (CRLF, CR or LF, whatever \
            svn:eol-style says), so no CR is left at the end of a line of a CRLF file, as in svn blame's output; a \
            line that holds a NUL byte keeps its whole text (svn blame prints it up to the NUL). A file whose \
            svn:mime-type is binary is refused, in one line, unless --force, as svn blame refuses it. A TARGET that \
            is a directory or does not exist is reported and the others are still blamed.
            """,
        options: [revision, force] + SVNOptions.all, positionals: [targets],
        records: [BlameRecord.schema],
        examples: [
            Example("tb svn blame @repo/trunk/README", "Who wrote each line."),
            Example(
                "tb svn blame @repo/trunk/main.c --json | jq -r 'select(.author == \"alice\") | .line'",
                "The lines alice changed last."),
            Example("tb svn blame -r 1500:HEAD @repo/trunk/main.c", "Only the changes since r1500 have a revision."),
        ])

    let targetTexts: [String]
    let range: RevisionRangeOption?
    let forced: Bool
    let access: SVNOptions.Values

    init(_ arguments: ParsedArguments) throws(UsageError) {
        targetTexts = arguments.positionals(Self.targets)
        range = try arguments.value(Self.revision)
        forced = arguments.flag(Self.force)
        access = try SVNOptions.values(arguments)
    }

    func run(_ context: Context) throws -> ExitStatus {
        var run = SVNRun(context: context, verb: "blame", timeout: access.timeout)
        let client = try run.client(access)
        return try run.each(targetTexts) { target, run in
            let peg = try target.pegRevision()
            // As svn blame: -r REV alone is 1:REV, and without -r the history ends at the peg revision.
            var start = SVNRevision.number(1)
            var end = peg
            if let range {
                let first = try target.revision(range.start)?.resolved() ?? .head
                if let last = range.end {
                    start = first
                    end = try target.revision(last)?.resolved() ?? .head
                } else {
                    end = first
                }
            }
            let path = target.name(at: target.url)
            do {
                try client.blame(target.url, peg: peg, start: start, end: end, force: forced) { line in
                    try run.emit(BlameRecord(path: path, line: line))
                }
            } catch let error as SVNError where error.isBinaryFile {
                throw ToolError("cannot blame '\(target.text)': binary file (use --force to treat as text)")
            } catch let error as SVNError where error.isNotAFile {
                throw ToolError("'\(target.text)' is a directory: tb svn blame reads files")
            }
        }
    }
}
