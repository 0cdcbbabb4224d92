// tb svn info: what the repository knows of paths, as svn info tells it.
import SVN
import Toolbox

/// Prints information on paths.
struct SVNInfoCommand: Command {
    static let depth = SVNOptions.depth(default: .empty)
    static let targets = SVNOptions.pathTargets

    static let commandName = "info"
    static let spec = CommandSpec(
        name: commandName, abstract: "print what the repository knows of paths",
        discussion: """
            Prints an info record for each TARGET (and with -R or --depth, for what lies below it): its URL, the \
            repository's root and UUID, its kind, size, the last change and the lock on it. path is the TARGET's \
            name, and below it the path relative to the TARGET, as in svn info --xml.
            """,
        options: [SVNOptions.recursive, depth, SVNOptions.revision, SVNOptions.change] + SVNOptions.all,
        positionals: [targets],
        records: [InfoRecord.schema],
        examples: [
            Example("tb svn info @repo --template '%(revision)'", "The youngest revision."),
            Example("tb svn info -R @repo/trunk --fields path,lock | jq 'select(.lock)'", "Locked files in trunk."),
        ])

    let targetTexts: [String]
    let depthValue: SVNDepth
    let revisionValue: RevisionText?
    let access: SVNOptions.Values

    init(_ arguments: ParsedArguments) throws(UsageError) {
        targetTexts = arguments.positionals(Self.targets)
        depthValue = try SVNOptions.depth(arguments, Self.depth)
        revisionValue = try SVNOptions.revision(arguments)
        access = try SVNOptions.values(arguments)
    }

    func run(_ context: Context) throws -> ExitStatus {
        var run = SVNRun(context: context, verb: "get information on", timeout: access.timeout)
        let client = try run.client(access)
        return try run.each(targetTexts) { target, run in
            let (peg, revision) = try target.revisions(revisionValue)
            var targetURL: String?
            try client.info(target.url, peg: peg, revision: revision, depth: depthValue) { info in
                // The first path is the target itself (its URL, after any move the peg revision followed).
                let base = targetURL ?? info.url
                targetURL = base
                let below = info.url == base ? nil : URIEscaping.decode(String(info.url.dropFirst(base.count + 1)))
                let path: String
                if let local = target.workingCopy?.localPath {
                    // As svn info names a working copy's paths: relative to the current directory when below it.
                    path = below.map { local == "." ? $0 : local + "/" + $0 } ?? local
                } else {
                    path = below ?? URIEscaping.decode(String(base.split(separator: "/").last ?? ""))
                }
                try run.emit(InfoRecord(path: path, info: info))
            }
        }
    }
}
