// tb svn proplist: the properties of paths, or of a revision, as svn proplist -v gives them.
import SVN
import Toolbox

/// Prints the properties of paths or of a revision.
struct SVNPropListCommand: Command {
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
        options: [
            SVNOptions.recursive, PropertyQuery.depth, SVNOptions.revision, SVNOptions.change,
            PropertyQuery.revisionProperties,
        ]
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

    let query: PropertyQuery

    init(_ arguments: ParsedArguments) throws(UsageError) {
        query = try PropertyQuery(arguments)
    }

    func run(_ context: Context) throws -> ExitStatus {
        var run = SVNRun(context: context, verb: "list the properties of", timeout: query.access.timeout)
        let client = try run.client(query.access)
        return try run.each(query.targetTexts) { target, run in
            if query.ofRevision {
                let revision = try query.revision?.resolved() ?? .head
                let answer = try client.revisionProperties(target.url, revision: revision)
                for property in answer.properties {
                    try run.emit(PropertyRecord(path: nil, revision: answer.revision, property: property))
                }
                return
            }
            let (peg, revision) = try target.revisions(query.revision)
            let base = try target.operativeURL(peg: peg, revision: revision, client: client)
            try PropertyQuery.missingPathsNotFound(target, verb: run.verb) {
                try client.propertyLists(target.url, peg: peg, revision: revision, depth: query.depth) { node in
                    let path = target.path(of: node.url, below: base)
                    for property in node.properties {
                        try run.emit(PropertyRecord(path: path, revision: nil, property: property))
                    }
                }
            }
        }
    }
}
