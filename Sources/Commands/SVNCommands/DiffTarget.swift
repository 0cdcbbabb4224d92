// A TARGET of tb svn diff: a URL (or @bookmark, or a repository's directory) with its peg revision, or a path in a
// working copy kept as a path — libsvn diffs it against BASE itself, local changes and additions included, which
// the URL of its node would not show.
import SVN
import Toolbox

/// One side of a diff, as libsvn takes it.
struct DiffTarget {
    /// As typed.
    let text: String
    /// A canonical URL, or a working-copy path as svn writes it (no `./`, no trailing `/`; "" for `.`).
    let location: String
    let isURL: Bool
    /// The revision after `@`, nil when none was given.
    let peg: RevisionText?

    /// A URL of a server (not file://): what it reads may go silent, and the run's watchdog watches it.
    var isRemote: Bool { isURL && !location.hasPrefix("file://") }

    init(_ text: String, context: Context) throws {
        self.text = text
        var resolved: String
        (resolved, peg) = try SVNTarget.resolving(text, context: context)
        if !SVNTarget.hasScheme(resolved), let url = SVNTarget.fileURL(resolved) { resolved = url }
        isURL = SVNTarget.hasScheme(resolved)
        if isURL {
            try peg?.checkURL(text)
            location = try SVNTarget.canonical(resolved, typed: text)
        } else {
            location = Self.canonicalPath(resolved)
        }
    }

    /// A local path as svn's argument parsing writes it: `.` components and repeated or trailing slashes dropped.
    static func canonicalPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// The peg revision libsvn takes: the one typed, else HEAD for a URL and WORKING for a path.
    func pegRevision() throws -> SVNDiffRevision {
        guard let peg else { return isURL ? .revision(.head) : .working }
        return try Self.revision(peg)
    }

    /// `text` as libsvn takes it; BASE, COMMITTED and PREV are resolved by libsvn for a working-copy path.
    static func revision(_ text: RevisionText) throws -> SVNDiffRevision {
        switch text {
        case .base: return .base
        case .committed: return .committed
        case .previous: return .previous
        default: return .revision(try text.resolved())
        }
    }
}
