// A TARGET of the svn commands: a URL, @bookmark[/path] or a repository's local path, with its peg revision.
import POSIX
import SVN
import Toolbox

/// One target, ready for libsvn.
struct SVNTarget {
    /// As the user typed it (for messages and the history).
    let text: String
    /// Canonical and escaped, without the peg revision.
    let url: String
    /// The peg revision, nil when none was given. For a path in a working copy it is a number: the one typed, or
    /// the node's BASE revision, as svn takes it.
    let peg: RevisionText?
    /// The working-copy node the target is a path of, whose BASE, COMMITTED and PREV revisions it has.
    let workingCopy: SVNWorkingCopyNode?
    /// Why a path in a working copy names nothing in the repository: reported when its turn comes, in one line.
    let problem: String?

    /// Resolves bookmarks, splits off a peg revision and canonicalises the URL; a path in a working copy becomes
    /// its node's URL at BASE (unless `workingCopies` is off). A target that cannot be one is a usage error.
    init(_ text: String, context: Context, workingCopies: Bool = true) throws {
        self.text = text
        var (resolved, peg) = try Self.resolving(text, context: context)
        var node: SVNWorkingCopyNode?
        var problem: String?
        if !Self.hasScheme(resolved) {
            if workingCopies { (node, problem) = Self.workingCopyNode(resolved) }
            if let node {
                resolved = node.url
                let named = peg ?? .base
                if named.isWorkingCopyKeyword { peg = .number(try node.revision(named)) }
            } else if problem == nil {
                guard let url = Self.fileURL(resolved) else {
                    throw UsageError(
                        "'\(text)' is not a repository URL (file://, svn://, svn+ssh://, http://, https://)"
                            + (workingCopies ? ", a path in a working copy" : "") + " or a repository's directory")
                }
                resolved = url
            }
        }
        self.peg = peg
        workingCopy = node
        self.problem = problem
        if problem != nil {
            url = resolved
            return
        }
        try peg?.checkURL(text)
        url = try Self.canonical(resolved, typed: text)
    }

    /// `text` with its bookmark resolved and its peg revision split off: how every TARGET is read first.
    static func resolving(_ text: String, context: Context) throws(UsageError) -> (String, RevisionText?) {
        do {
            return splitPeg(try context.bookmarks.resolve(text))
        } catch {
            throw UsageError(error.message)
        }
    }

    /// `url` as libsvn takes it (its API aborts on a URL that is not canonical); a usage error naming `text`, as
    /// typed, otherwise.
    static func canonical(_ url: String, typed text: String) throws(UsageError) -> String {
        do {
            return try SVN.canonicalURL(url)
        } catch {
            throw UsageError("invalid URL '\(text)': \(error.description)")
        }
    }

    /// The working-copy node at `path`, or why it names nothing; neither when the path is in no working copy.
    private static func workingCopyNode(_ path: String) -> (SVNWorkingCopyNode?, String?) {
        do {
            return (try SVN.workingCopyNode(path), nil)
        } catch SVNWorkingCopyProblem.notVersioned(let root) {
            return (nil, "not under version control" + (root.map { " in the working copy \($0)" } ?? ""))
        } catch SVNWorkingCopyProblem.notCommitted {
            return (nil, "added in the working copy and not committed yet: the repository has no such node")
        } catch let error as SVNError {
            return (nil, SVNRun.message(error))
        } catch {
            return (nil, "\(error)")
        }
    }

    /// `URL@REV` → (URL, REV) when what follows the last `@` is a revision; an `@` at the very end is svn's escape
    /// for an `@` in the name (`file@2x.png@`) and is dropped; any other `@` belongs to the name.
    static func splitPeg(_ text: String) -> (String, RevisionText?) {
        guard let at = text.lastIndex(of: "@") else { return (text, nil) }
        let suffix = text[text.index(after: at)...]
        if suffix.isEmpty { return (String(text[..<at]), nil) }
        // An @ inside the host part (svn://user@host) is not a peg revision.
        guard !suffix.contains("/"), let revision = RevisionText(suffix) else { return (text, nil) }
        return (String(text[..<at]), revision)
    }

    /// A local path as a file:// URL: a repository's directory, or a path inside the repository below it
    /// (`/srv/repo/trunk`, which is no directory on disk). The part that exists on disk must be a directory.
    static func fileURL(_ path: String) -> String? {
        var existing = path
        var rest: [Substring] = []
        while FileSystem.kind(of: existing) == nil {
            guard let slash = existing.lastIndex(of: "/"), slash != existing.startIndex else { return nil }
            rest.insert(existing[existing.index(after: slash)...], at: 0)
            existing = String(existing[..<slash])
        }
        guard FileSystem.kind(of: existing) == .directory, isInRepository(existing) else { return nil }
        return (["file://" + FileSystem.resolvingLinks(existing)] + rest.map(String.init)).joined(separator: "/")
    }

    /// Whether `directory` is a repository's directory or lies inside one (libsvn finds the root the same way): a
    /// `format` file and a `db` directory, as svnadmin makes them.
    private static func isInRepository(_ directory: String) -> Bool {
        var current = directory
        while true {
            if FileSystem.kind(of: current + "/format") == .regular, FileSystem.kind(of: current + "/db") == .directory
            {
                return true
            }
            guard let slash = current.lastIndex(of: "/"), slash != current.startIndex else { return false }
            current = String(current[..<slash])
        }
    }

    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The peg revision libsvn takes: HEAD unless one was given.
    func pegRevision() throws -> SVNRevision {
        try peg?.resolved() ?? .head
    }

    /// `revision` with BASE, COMMITTED and PREV made numbers of the working-copy node; they are a usage error for a
    /// URL, as in svn.
    func revision(_ revision: RevisionText?) throws -> RevisionText? {
        guard let revision else { return nil }
        guard let workingCopy else {
            try revision.checkURL(text)
            return revision
        }
        return revision.isWorkingCopyKeyword ? .number(try workingCopy.revision(revision)) : revision
    }

    /// The peg and operative revisions of -r `operative`: the operative one is the peg revision unless given.
    func revisions(_ operative: RevisionText?) throws -> (peg: SVNRevision, operative: SVNRevision) {
        let peg = try pegRevision()
        return (peg, try revision(operative)?.resolved() ?? peg)
    }
}

extension SVNWorkingCopyNode {
    /// The number a revision names for this node: BASE its revision, COMMITTED the last change at or before it,
    /// PREV the one before that.
    func revision(_ text: RevisionText) throws -> Int {
        switch text {
        case .base: return baseRevision
        case .committed, .previous:
            guard let committed = committedRevision else {
                throw ToolError("'\(path)' has no committed revision in its working copy")
            }
            guard text == .committed || committed > 0 else {
                throw ToolError("'\(path)' has no revision before its first, r\(committed)")
            }
            return text == .committed ? committed : committed - 1
        case .number(let number): return number
        case .head, .date: throw ToolError("only a number, BASE, COMMITTED or PREV names one revision here")
        }
    }
}
