// tb svn diff: what changed between two revisions, or in a working copy, as the unified diff svn diff writes —
// through the same libsvn call, so the bytes are svn's — or with --summarize as change records.
import POSIX
import SVN
import Toolbox

/// Prints differences.
struct SVNDiffCommand: Command {
    static let revision = Option<RevisionRangeOption>(
        "revision", short: "r", help: "compare A with B (default: BASE with the working copy, or A with HEAD)")
    static let change = Option<String>(
        "change", short: "c", value: "N",
        help: "the change made in N: -r N-1:N (-N reversed; A-B as -r A-1:B, B-A as -r B:A-1)",
        conflicts: [revision])
    static let summarize = Flag(
        "summarize", help: "a change record per path that differs, instead of the diff",
        conflicts: [git, force, showCopiesAsAdds, patchCompatible, noDiffAdded, noDiffDeleted])
    static let extensions = Option<String>(
        "extensions", short: "x", value: "ARGS",
        help: "options of the diff: -u, -b, -w, --ignore-eol-style, -p (or an external diff-cmd's arguments)")
    static let depth = SVNOptions.depth(default: .infinity)
    static let git = Flag("git", help: "git's extended diff headers")
    static let ignoreProperties = Flag("ignore-properties", help: "leave property changes out")
    static let propertiesOnly = Flag(
        "properties-only", help: "only property changes", conflicts: [ignoreProperties])
    static let showCopiesAsAdds = Flag("show-copies-as-adds", help: "a copy's whole text, as if it were added")
    static let patchCompatible = Flag(
        "patch-compatible", help: "what patch(1) reads: --show-copies-as-adds and --ignore-properties")
    static let noticeAncestry = Flag("notice-ancestry", help: "a replaced node as a deletion and an addition")
    static let noDiffAdded = Flag("no-diff-added", help: "no text for added files")
    static let noDiffDeleted = Flag("no-diff-deleted", help: "no text for deleted files")
    static let force = Flag("force", help: "diff binary files (by svn:mime-type) as text")
    static let targets = Positional(
        "TARGET",
        help: "URL[@REV], @bookmark[/path], a repository's directory or a path in a working copy (default: .); "
            + "two URLs (or a URL and a path) without -r compare the first with the second",
        arity: .zeroOrMore, completion: .sources)

    static let commandName = "diff"
    static let spec = CommandSpec(
        name: commandName, abstract: "print what changed between revisions, or in a working copy",
        discussion: """
            Writes the unified diff svn diff writes, byte for byte (the same libsvn call: Index: lines, property \
            changes, binary files named and not shown, headers in the locale's encoding): tb svn diff -c N URL is \
            the change made in revision N; -r A:B compares revision A with B (-r A: with HEAD, or with the working \
            copy); two targets URL1[@A] URL2[@B] without -r compare the first with the second, each at its peg \
            revision or HEAD. Without -r, a path in a working copy (or none: .) is compared with its BASE revision: \
            the local changes, additions included. The targets of one run are all URLs or all paths, as in svn; a \
            URL alone needs -r or -c. Like cat it prints no records, so --format, --json, --fields and --template \
            go only with --summarize, which prints a change record per path that differs, as svn diff \
            --summarize --xml names them.
            """,
        options: [
            revision, change, summarize, extensions, depth, SVNOptions.recursive, git, ignoreProperties,
            propertiesOnly, showCopiesAsAdds, patchCompatible, noticeAncestry, noDiffAdded, noDiffDeleted, force,
        ] + SVNOptions.all,
        positionals: [targets],
        records: [ChangeRecord.schema],
        examples: [
            Example("tb svn diff -c 1500 @repo/trunk", "The change made in r1500."),
            Example("tb svn diff", "The local changes of the working copy you are in."),
            Example("tb svn diff @repo/tags/1.0 @repo/trunk --summarize", "What changed since the tag, path by path."),
        ])

    let targetTexts: [String]
    /// The revisions -r or -c name; nil where not given.
    let start: RevisionText?
    let end: RevisionText?
    let summarizing: Bool
    let options: SVNDiffOptions
    let access: SVNOptions.Values

    init(_ arguments: ParsedArguments) throws(UsageError) {
        targetTexts = arguments.positionals(Self.targets)
        if let text = try arguments.value(Self.change) {
            (start, end) = try Self.change(text)
        } else {
            let range = try arguments.value(Self.revision)
            (start, end) = (range?.start, range?.end)
        }
        summarizing = arguments.flag(Self.summarize)
        if !summarizing {
            let recordOptions: [any OptionDeclaration] = [
                GlobalOptions.format, GlobalOptions.json, GlobalOptions.fields, GlobalOptions.template,
            ]
            for option in recordOptions where arguments.isPresent(option) {
                throw UsageError(
                    "--\(option.spec.long) goes with --summarize: tb svn diff prints the diff's text, as svn diff does")
            }
        }
        var options = SVNDiffOptions()
        options.extensions =
            (try arguments.value(Self.extensions))?.split(whereSeparator: \.isWhitespace)
            .map(String.init) ?? []
        options.depth = try SVNOptions.depth(arguments, Self.depth)
        options.git = arguments.flag(Self.git)
        let patch = arguments.flag(Self.patchCompatible)
        options.ignoreProperties = arguments.flag(Self.ignoreProperties) || patch
        options.propertiesOnly = arguments.flag(Self.propertiesOnly)
        if options.propertiesOnly && patch {
            throw UsageError("--properties-only conflicts with --patch-compatible, which leaves properties out")
        }
        options.showCopiesAsAdds = arguments.flag(Self.showCopiesAsAdds) || patch
        options.ignoreAncestry = !arguments.flag(Self.noticeAncestry)
        options.noDiffAdded = arguments.flag(Self.noDiffAdded)
        options.noDiffDeleted = arguments.flag(Self.noDiffDeleted)
        options.ignoreContentType = arguments.flag(Self.force)
        self.options = options
        access = try SVNOptions.values(arguments)
    }

    /// -c as svn diff reads it: N is -r N-1:N, -N is -r N:N-1, A-B is -r A-1:B, and B-A (B > A) is -r B:A-1.
    static func change(_ text: String) throws(UsageError) -> (RevisionText, RevisionText) {
        let reversed = text.hasPrefix("-")
        let ranges = try ChangeText.ranges(text)
        guard ranges.count == 1, let range = ranges.first else {
            throw UsageError("-c '\(text)' names several changes: tb svn diff takes one, such as -c 1500 or -c 10-12")
        }
        if reversed {
            guard range.from == range.to else {
                throw UsageError("-c '\(text)': a reversed change is one revision (-N), not a range")
            }
            return (.number(range.to), .number(range.to - 1))
        }
        if range.from > range.to { return (.number(range.from), .number(range.to - 1)) }
        return (.number(range.from - 1), .number(range.to))
    }

    func run(_ context: Context) throws -> ExitStatus {
        var run = SVNRun(context: context, verb: "diff", timeout: access.timeout)
        let client = try run.client(access)
        var targets = try targetTexts.map { try DiffTarget($0, context: context) }
        var outcomes = TargetOutcomes()
        // svn diff URL1[@A] URL2[@B] (a URL and a path too): the first against the second.
        if targets.count == 2, targets.contains(where: \.isURL), start == nil, end == nil {
            let (old, new) = (targets[0], targets[1])
            let text = old.text + " " + new.text
            try run.perform(text, remote: old.isRemote || new.isRemote, outcomes: &outcomes) { run in
                let first = try old.peg.map(DiffTarget.revision) ?? (old.isURL ? .revision(.head) : .working)
                let second = try new.peg.map(DiffTarget.revision) ?? (new.isURL ? .revision(.head) : .working)
                try diff(.between(old: old.location, first, new: new.location, second), client: client, run: &run)
            }
            return outcomes.exitStatus()
        }
        if targets.isEmpty { targets = [try DiffTarget(".", context: context)] }
        let urls = targets.filter(\.isURL).count
        guard urls == 0 || urls == targets.count else {
            throw UsageError(
                "the TARGETs of one diff are all URLs or all working-copy paths (two targets without -r: the "
                    + "first against the second)")
        }
        let workingCopy = urls == 0
        for target in targets where !workingCopy {
            try start?.checkURL(target.text)
            try end?.checkURL(target.text)
        }
        guard let first = try start.map(DiffTarget.revision) ?? (workingCopy ? .base : nil) else {
            throw UsageError(
                "a URL alone needs -r A[:B] or -c N (or a second URL to compare it with)")
        }
        let second = try end.map(DiffTarget.revision) ?? (workingCopy ? .working : .revision(.head))
        // As svn: with revisions of the repository, each target is a node followed through its history from its peg
        // revision; BASE against WORKING compares the working copy's paths themselves.
        let pegged = ![SVNDiffRevision.base, .working].contains(first) || ![.base, .working].contains(second)
        for target in targets {
            try run.perform(
                target.text, remote: target.isURL ? target.isRemote : pegged,
                outcomes: &outcomes
            ) { run in
                let sides =
                    pegged
                    ? SVNDiffSides.node(target.location, peg: try target.pegRevision(), from: first, to: second)
                    : .between(old: target.location, first, new: target.location, second)
                try diff(sides, client: client, run: &run)
            }
        }
        return outcomes.exitStatus()
    }

    /// The diff (or with --summarize, the change records) of `sides`.
    private func diff(_ sides: SVNDiffSides, client: SVNClient, run: inout SVNRun) throws {
        if summarizing {
            try client.diffSummary(sides, depth: options.depth, ignoreAncestry: options.ignoreAncestry) { summary in
                let record = ChangeRecord(path: Self.path(sides.anchor, summary.path), summary: summary)
                if wanted(record) { try run.emit(record) }
            }
            return
        }
        try write(run) { output, errors in
            try client.diff(sides, options: options, output: output, errors: errors)
        }
    }

    /// With --ignore-properties, svn leaves out the paths whose properties alone changed.
    private func wanted(_ record: ChangeRecord) -> Bool {
        !(options.ignoreProperties && record.summary.action == .none)
    }

    /// Writes the diff's bytes to standard output as they come, and what an external diff-cmd says on its standard
    /// error to tb's.
    private func write(
        _ run: SVNRun,
        _ body: (_ output: (Span<UInt8>) throws -> Void, _ errors: ([UInt8]) -> Void) throws -> Void
    ) throws {
        let output = run.context.output
        var pacer = FlushPacer()
        try body(
            { bytes in
                try Watchdog.outside {
                    try output.write(bytes)
                    try pacer.emitted(output)
                }
            },
            { bytes in
                for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
                    run.context.warn(String(line))
                }
            })
        try output.flush()
    }

    /// A summary's path as svn diff --summarize writes it: below a URL escaped and joined, below a path joined
    /// ("." for the working copy's root).
    static func path(_ anchor: String, _ below: String) -> String {
        if anchor.contains("://") { return below.isEmpty ? anchor : anchor + "/" + URIEscaping.encode(below) }
        let joined = below.isEmpty ? anchor : anchor.isEmpty ? below : anchor + "/" + below
        return joined.isEmpty ? "." : joined
    }
}
