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
    /// The peg revision, nil when none was given.
    let peg: RevisionText?

    /// Resolves bookmarks, splits off a peg revision and canonicalises the URL; a target that cannot be one is a
    /// usage error.
    init(_ text: String, context: Context) throws {
        self.text = text
        var resolved: String
        do {
            resolved = try context.bookmarks.resolve(text)
        } catch {
            throw UsageError(error.message)
        }
        (resolved, peg) = Self.splitPeg(resolved)
        if !Self.hasScheme(resolved) {
            guard let url = Self.fileURL(resolved) else {
                throw UsageError(
                    "'\(text)' is not a repository URL (file://, svn://, svn+ssh://, http://, https://) or a path in "
                        + "a repository's directory")
            }
            resolved = url
        }
        do {
            url = try SVN.canonicalURL(resolved)
        } catch {
            throw UsageError("invalid URL '\(text)': \(error.description)")
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
        guard FileSystem.kind(of: existing) == .directory else { return nil }
        return (["file://" + FileSystem.resolvingLinks(existing)] + rest.map(String.init)).joined(separator: "/")
    }

    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The peg revision libsvn takes: HEAD unless one was given.
    func pegRevision() throws -> SVNRevision {
        try peg?.resolved() ?? .head
    }

    /// The peg and operative revisions of -r `operative`: the operative one is the peg revision unless given.
    func revisions(_ operative: RevisionText?) throws -> (peg: SVNRevision, operative: SVNRevision) {
        let peg = try pegRevision()
        return (peg, try operative?.resolved() ?? peg)
    }
}
