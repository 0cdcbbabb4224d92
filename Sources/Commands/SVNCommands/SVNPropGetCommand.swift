// tb svn propget: one property of paths, or of a revision, as svn propget gives it.
import SVN
import Toolbox

/// Prints one property of paths or of a revision.
struct SVNPropGetCommand: Command {
    static let name = Positional("NAME", help: "the property's name, such as svn:ignore or svn:log")

    static let commandName = "propget"
    static let spec = CommandSpec(
        name: commandName, abstract: "print one property of paths or of a revision",
        discussion: """
            Prints a property record for each TARGET that has the property NAME (and with -R or --depth, for each \
            path below it that has it), as svn propget --xml gives them: sorted by path as svn sorts paths (a \
            directory's children right after it). path is the TARGET's name, and below it the path relative to the \
            TARGET, as in tb svn info. A TARGET asked about alone (no -R or --depth) that does not have the property \
            is reported in one line, as svn reports it, and the status is 2.

            With --revprop, the property NAME of revision -r REV (a number, a date or HEAD, which svn requires too) \
            in the repository of the one TARGET, such as svn:log or svn:author; its path is null and its revision is \
            the revision's number. A revision without it is reported in one line.

            Values are text when they are UTF-8, else their bytes in base64 with encoding set to base64, as in tb \
            svn proplist. libsvn answers once it has walked the whole depth: for a large tree on a slow server, \
            --timeout must cover the walk.
            """,
        options: [
            SVNOptions.recursive, PropertyQuery.depth, SVNOptions.revision, SVNOptions.change,
            PropertyQuery.revisionProperties,
        ] + SVNOptions.all,
        positionals: [name, SVNOptions.pathTargets],
        records: [PropertyRecord.schema],
        examples: [
            Example("tb svn propget svn:ignore @repo/trunk --template '%(value)'", "The ignore patterns of trunk."),
            Example("tb svn propget -R svn:mergeinfo @repo/branches --fields path,value", "Merge records below it."),
            Example("tb svn propget --revprop -r 1500 svn:log @repo --template '%(value)%n'", "The message of r1500."),
        ])

    let propertyName: String
    let query: PropertyQuery

    init(_ arguments: ParsedArguments) throws(UsageError) {
        propertyName = arguments.positional(Self.name) ?? ""
        guard Self.isValidName(propertyName) else {
            throw UsageError("'\(propertyName)' is not a valid Subversion property name")
        }
        query = try PropertyQuery(arguments)
    }

    /// svn's rule (`svn_prop_name_is_valid`): an ASCII letter, `:` or `_`, then ASCII letters, digits, `-`, `.`, `:`
    /// and `_`.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first.isLetter || first == UInt8(ascii: ":") || first == UInt8(ascii: "_")
        else { return false }
        return name.utf8.dropFirst().allSatisfy { $0.isLetter || $0.isDigit || "-.:_".utf8.contains($0) }
    }

    func run(_ context: Context) throws -> ExitStatus {
        var run = SVNRun(context: context, verb: "get property '\(propertyName)' of", timeout: query.access.timeout)
        let client = try run.client(query.access)
        return try run.each(query.targetTexts) { target, run in
            if query.ofRevision {
                let revision = try query.revision?.resolved() ?? .head
                let answer = try client.revisionProperty(named: propertyName, of: target.url, revision: revision)
                guard let property = answer.properties.first else {
                    throw ToolError("property '\(propertyName)' not found on revision \(answer.revision)")
                }
                try run.emit(PropertyRecord(path: nil, revision: answer.revision, property: property))
                return
            }
            let (peg, revision) = try target.revisions(query.revision)
            var nodes: [SVNNodeProperties] = []
            try PropertyQuery.missingPathsNotFound(target, verb: run.verb) {
                nodes = try client.propertyValues(
                    named: propertyName, of: target.url, peg: peg, revision: revision, depth: query.depth)
            }
            // As svn propget: one node asked about that does not have the property is an error.
            if nodes.isEmpty, query.depth == .empty {
                throw ToolError("property '\(propertyName)' not found on '\(target.text)'")
            }
            let base = try target.operativeURL(peg: peg, revision: revision, client: client)
            for node in nodes {
                let path = target.path(of: node.url, below: base)
                for property in node.properties {
                    try run.emit(PropertyRecord(path: path, revision: nil, property: property))
                }
            }
        }
    }
}

extension UInt8 {
    fileprivate var isLetter: Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20) }
    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
