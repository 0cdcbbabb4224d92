// What tb svn proplist and propget read alike: the TARGETs, how far below them, the revision, whether the
// properties are a revision's (--revprop), and access; and how a path that does not exist is worded.
import SVN
import Toolbox

/// The question both property commands ask.
struct PropertyQuery {
    static let depth = SVNOptions.depth(default: .empty)
    static let revisionProperties = Flag(
        "revprop", help: "the properties of the revision -r names (in TARGET's repository), not of paths")

    let targetTexts: [String]
    let depth: SVNDepth
    let revision: RevisionText?
    /// --revprop: the properties of revision `revision`.
    let ofRevision: Bool
    let access: SVNOptions.Values

    init(_ arguments: ParsedArguments) throws(UsageError) {
        targetTexts = arguments.positionals(SVNOptions.pathTargets)
        depth = try SVNOptions.depth(arguments, Self.depth)
        revision = try SVNOptions.revision(arguments)
        ofRevision = arguments.flag(Self.revisionProperties)
        access = try SVNOptions.values(arguments)
        if ofRevision { try Self.checkRevisionProperties(revision, targets: targetTexts) }
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
