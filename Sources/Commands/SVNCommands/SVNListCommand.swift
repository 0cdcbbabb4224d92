// tb svn ls: the entries of repository directories, as svn ls lists them, from the server or the directory cache.
import SVN
import Toolbox

extension SVNDepth: ArgumentChoice {
    public static var valueName: String { "DEPTH" }
}

/// Lists directories.
struct SVNListCommand: Command {
    static let depth = SVNOptions.depth(default: .immediates)
    static let offline = Flag("offline", help: "answer from the directory cache alone, without asking the server")
    static let noCache = Flag(
        "no-cache", help: "ask the server, neither reading nor writing the directory cache", conflicts: [offline])
    static let targets = SVNOptions.pathTargets

    static let commandName = "ls"
    static let spec = CommandSpec(
        name: commandName, abstract: "list the entries of repository directories",
        discussion: """
            Prints an entry record for everything in each TARGET directory (or for a TARGET file itself), in the \
            order libsvn delivers them, as they arrive. Only the fields that are printed are asked of the server: \
            --fields name,kind costs far less than the whole entry on a large tree.

            Listings are kept in the directory cache (svn/ in the cache directory, see tb(1), FILES), keyed by the \
            repository's UUID and root URL, the path and the revision in which the directory last changed (a UUID \
            alone is no proof: any repository can be given any UUID). A listing of HEAD \
            asks the server for that revision first and answers from the cache when nothing below the directory \
            changed; locks, which are not versioned, are asked for again whenever the lock field is printed. \
            --offline answers from the cache alone. The cache holds at most 64 MB; it is safe to delete.
            """,
        options: [SVNOptions.recursive, depth, SVNOptions.revision, SVNOptions.change, offline, noCache]
            + SVNOptions.all,
        positionals: [targets], records: [EntryRecord.schema],
        examples: [
            Example("tb svn ls https://svn.apache.org/repos/asf/subversion/trunk", "What is in trunk."),
            Example("tb svn ls -R --fields path,size @repo/trunk | jq -s 'map(.size // 0) | add'", "Bytes in trunk."),
            Example("tb svn ls svn://example.org/repo/tags@1500", "The tags as they were in r1500."),
            Example("tb svn ls --offline -R @repo/trunk", "The last listing seen, without the network."),
        ])

    let targetTexts: [String]
    let depthValue: SVNDepth
    let revisionValue: RevisionText?
    let cacheUse: ListingCache.Use
    let access: SVNOptions.Values

    init(_ arguments: ParsedArguments) throws(UsageError) {
        targetTexts = arguments.positionals(Self.targets)
        depthValue = try SVNOptions.depth(arguments, Self.depth)
        revisionValue = try SVNOptions.revision(arguments)
        cacheUse = arguments.flag(Self.offline) ? .only : arguments.flag(Self.noCache) ? .never : .check
        access = try SVNOptions.values(arguments)
    }

    func run(_ context: Context) throws -> ExitStatus {
        var run = SVNRun(context: context, verb: "list", timeout: access.timeout)
        let output = context.output
        var fields: SVNDirentFields = [.kind]
        if output.shows("size") { fields.insert(.size) }
        if output.shows("revision") { fields.insert(.createdRevision) }
        if output.shows("date") { fields.insert(.time) }
        if output.shows("author") { fields.insert(.lastAuthor) }
        let request = ListingRequest(
            depth: depthValue, fields: fields, locks: output.shows("lock"), revision: revisionValue)
        let cache = ListingCache(context: context)
        var client: SVNClient?
        return try run.each(targetTexts) { target, run in
            let listing = TargetListing(target: target, request: request)
            if cacheUse == .only {
                return try cache.answerOffline(listing, run: &run)
            }
            // Made once, for the first target that needs the server.
            let current = try client ?? run.client(access)
            client = current
            try listing.list(with: current, cache: cacheUse == .check ? cache : nil, run: &run)
        }
    }
}
