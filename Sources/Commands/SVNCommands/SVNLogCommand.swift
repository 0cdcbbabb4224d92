// tb svn log: the revisions that changed a path, as svn log gives them, streamed as the server sends them.
import SVN
import Toolbox

/// Prints the log.
struct SVNLogCommand: Command {
    static let verbose = Flag("verbose", short: "v", help: "include the paths each revision changed")
    static let revision = Option<RevisionRangeOption>(
        "revision", short: "r", help: "the revisions A:B (or one), newest first when A > B (default: HEAD:1)",
        repeatable: true)
    static let change = Option<String>(
        "change", short: "c", value: "N",
        help: "the revision of the change made in N, as svn log -c: N, rN, A-B or a list N,M (default: HEAD:1)",
        repeatable: true, conflicts: [revision])
    static let limit = Option<Int>("limit", short: "l", help: "at most N revisions", range: 1...Int(Int32.max))
    static let search = Option<String>(
        "search", value: "GLOB",
        help: "only revisions whose author, date, message or changed paths match GLOB (*, ?, [...]; any case)",
        repeatable: true)
    static let stopOnCopy = Flag("stop-on-copy", help: "stop at the revision where the path was copied")
    static let target = Positional(
        "TARGET", help: "a URL[@REV], @bookmark[/path] or a path in a working copy (default: . in one)",
        arity: .optional, completion: .sources)

    static let commandName = "log"
    static let spec = CommandSpec(
        name: commandName, abstract: "print the revisions that changed a path",
        discussion: """
            Prints a revision record for each revision that changed TARGET or anything below it, newest first, as \
            the server sends them: the first records reach a pipe while the rest of a long log is still coming. \
            -v adds the changed paths, sorted by path; on a terminal, -v prints the log as svn log -v does, \
            each changed path on an indented line under its revision (copies with their source, (from PATH:REV)). --search keeps the revisions where any of the GLOBs matches \
            the author, the date (as printed), the message or, with -v, a changed path or its copy source, \
            ignoring case, as svn log --search does; -l counts the revisions read, as in svn.
            """,
        options: [verbose, revision, change, limit, search, stopOnCopy] + SVNOptions.all, positionals: [target],
        records: [RevisionRecord.schema],
        examples: [
            Example("tb svn log -l 10 @repo/trunk", "The last ten commits."),
            Example("tb svn log -v -r 1500:HEAD @repo | jq -r '.changed_paths[].path'", "Paths changed since r1500."),
            Example("tb svn log --search 'fix*crash' @repo/trunk --fields revision,message", "Commits that match."),
        ])

    let targetText: String?
    let ranges: [RevisionRangeOption]
    /// -c's ranges: each one's revisions, from the first to the last.
    let changes: [(from: Int, to: Int)]
    let limitValue: Int
    let patterns: [String]
    let changedPaths: Bool
    let stopsOnCopy: Bool
    let access: SVNOptions.Values

    init(_ arguments: ParsedArguments) throws(UsageError) {
        targetText = arguments.positional(Self.target)
        ranges = try arguments.values(Self.revision)
        var changes: [(from: Int, to: Int)] = []
        for text in try arguments.values(Self.change) { changes += try ChangeText.ranges(text) }
        self.changes = changes
        limitValue = try arguments.value(Self.limit) ?? 0
        // svn matches "*GLOB*" against text folded to one case.
        patterns = try arguments.values(Self.search).map { "*" + $0.lowercased() + "*" }
        changedPaths = arguments.flag(Self.verbose)
        stopsOnCopy = arguments.flag(Self.stopOnCopy)
        access = try SVNOptions.values(arguments)
    }

    func run(_ context: Context) throws -> ExitStatus {
        var run = SVNRun(context: context, verb: "get the log of", timeout: access.timeout)
        let client = try run.client(access)
        let view = SVNLogView(output: context.output, changedPaths: changedPaths)
        defer { if let view { try? view.finish() } }
        return try run.each(targetText.map { [$0] } ?? []) { target, run in
            let peg = try target.pegRevision()
            var revisionRanges: [SVNRevisionRange] = []
            for range in ranges {
                let start = try target.revision(range.start)?.resolved() ?? .head
                revisionRanges.append(SVNRevisionRange(start, try target.revision(range.end)?.resolved() ?? start))
            }
            for change in changes { revisionRanges.append(SVNRevisionRange(.number(change.from), .number(change.to))) }
            // svn's default: from the peg revision back to the first.
            if revisionRanges.isEmpty { revisionRanges = [SVNRevisionRange(peg, .number(0))] }
            try client.log(
                target.url, peg: peg, ranges: revisionRanges, limit: limitValue, changedPaths: changedPaths,
                stopOnCopy: stopsOnCopy
            ) { entry in
                // As svn log: revision 0 is shown only when it has a message (it never changes a path).
                guard entry.revision != 0 || entry.message != nil else { return }
                guard patterns.isEmpty || matches(entry) else { return }
                if let view {
                    try view.write(entry)
                    try context.output.flush()
                    run.printedInView()
                } else {
                    try run.emit(RevisionRecord(entry: entry))
                }
            }
        }
    }

    /// Whether a --search pattern matches the revision.
    private func matches(_ entry: SVNLogEntry) -> Bool {
        var texts = [entry.author, entry.message, entry.date.map { Timestamp(seconds: $0).rfc3339 }]
        for change in entry.changedPaths { texts += [change.path, change.copyFromPath] }
        let folded = texts.compactMap { $0?.lowercased() }
        return patterns.contains { pattern in folded.contains { SVN.globMatches(pattern, $0) } }
    }
}
