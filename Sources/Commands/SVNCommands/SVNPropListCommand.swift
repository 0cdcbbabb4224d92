// tb svn proplist: the properties of paths, or of a revision, as svn proplist -v gives them.
import SVN
import Toolbox

/// Prints the properties of paths or of a revision.
struct SVNPropListCommand: Command {
    static let depth = SVNOptions.depth(default: .empty)
    static let revisionProperties = Flag(
        "revprop", help: "the properties of the revision -r names (in TARGET's repository), not of paths")
    static let targets = SVNOptions.pathTargets

    static let commandName = "proplist"
    static let spec = CommandSpec(
        name: commandName, abstract: "print the properties of paths or of a revision",
        discussion: """
            Prints a property record for each property of each TARGET (and with -R or --depth, of each path below \
            it that has any), name and value, as svn proplist -v --xml gives them. path is the TARGET's name, and \
            below it the path relative to the TARGET, as in tb svn info. A node's properties come sorted by name; \
            the nodes below a TARGET come in the order libsvn walks them, which is that of its hash tables, as in \
            svn proplist -R: sort them when the order matters.

            With --revprop, the properties of revision -r REV (a number, a date or HEAD, which svn requires too) in \
            the repository of the one TARGET: svn:author, svn:date (as stored, with its microseconds), svn:log and \
            any other. Their path is null and their revision is the revision's number; a node's property has a null \
            revision.

            A value is text, svn:mergeinfo and multi-line values included, when it is UTF-8; svn stores any bytes, \
            and a value that is not UTF-8 is given as its bytes in base64, with encoding set to base64 (svn's XML \
            does the same). A path that does not exist is reported in one line and the other TARGETs are still read.
            """,
        options: [SVNOptions.recursive, depth, SVNOptions.revision, SVNOptions.change, revisionProperties]
            + SVNOptions.all,
        positionals: [targets],
        records: [PropertyRecord.schema],
        examples: [
            Example("tb svn proplist -R @repo/trunk --fields path,name", "Which paths have which properties."),
            Example("tb svn proplist --revprop -r 1500 @repo", "The author, date, message and more of r1500."),
            Example(
                "tb svn proplist -R @repo/trunk --json | jq -r 'select(.name == \"svn:externals\") | .path'",
                "The directories with externals."),
        ])

    let targetTexts: [String]
    let depthValue: SVNDepth
    let revisionValue: RevisionText?
    let ofRevision: Bool
    let access: SVNOptions.Values

    init(_ arguments: ParsedArguments) throws(UsageError) {
        targetTexts = arguments.positionals(Self.targets)
        depthValue = try SVNOptions.depth(arguments, Self.depth)
        revisionValue = try SVNOptions.revision(arguments)
        ofRevision = arguments.flag(Self.revisionProperties)
        access = try SVNOptions.values(arguments)
        if ofRevision { try Self.checkRevisionProperties(revisionValue, targets: targetTexts) }
    }

    /// What svn requires of --revprop: one TARGET (its repository's revision), and -r REV naming the revision.
    static func checkRevisionProperties(_ revision: RevisionText?, targets: [String]) throws(UsageError) {
        guard let revision, !revision.isWorkingCopyKeyword else {
            throw UsageError("--revprop needs -r REV: the revision as a number, a date or HEAD")
        }
        guard targets.count <= 1 else {
            throw UsageError("--revprop takes one TARGET, in the repository whose revision it is")
        }
    }

    func run(_ context: Context) throws -> ExitStatus {
        var run = SVNRun(context: context, verb: "list the properties of", timeout: access.timeout)
        let client = try run.client(access)
        return try run.each(targetTexts) { target, run in
            if ofRevision {
                let revision = try revisionValue?.resolved() ?? .head
                let answer = try client.revisionProperties(target.url, revision: revision)
                for property in answer.properties {
                    try run.emit(PropertyRecord(path: nil, revision: answer.revision, property: property))
                }
                return
            }
            let (peg, revision) = try target.revisions(revisionValue)
            let base = try target.operativeURL(peg: peg, revision: revision, client: client)
            try Self.missingPathsNotFound(target, verb: run.verb) {
                try client.propertyLists(target.url, peg: peg, revision: revision, depth: depthValue) { node in
                    let path = target.path(of: node.url, below: base)
                    for property in node.properties {
                        try run.emit(PropertyRecord(path: path, revision: nil, property: property))
                    }
                }
            }
        }
    }

    /// Runs `body`; libsvn's errors for a path that does not exist ("Unknown node kind for '…'", "'…' does not exist
    /// in revision 6") are worded as the other commands word a missing path.
    static func missingPathsNotFound(_ target: SVNTarget, verb: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as SVNError where error.isAbsentNode {
            let revision = SVNRun.revision(in: error.description).map { " in revision \($0)" } ?? ""
            throw ToolError("cannot \(verb) '\(target.text)': not found\(revision)")
        }
    }
}
