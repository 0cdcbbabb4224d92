// Fuzz target `svn-url`: any text as an svn TARGET. Its peg revision is split off, and the URL canonicalised as tb
// does before libsvn sees it: what comes out must be canonical to libsvn (its API aborts the process on a URL that is
// not), must stay as it is when canonicalised again, and must not hold a NUL or a '..' element.
import SVN

@testable import SVNCommands

/// svn URL and peg-revision splitting and the URL canonicaliser.
enum SVNURLTarget: FuzzTarget {
    static let name = "svn-url"

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        let text = String(decoding: input, as: UTF8.self)
        let (url, peg) = SVNTarget.splitPeg(text)
        _ = try? peg?.resolved()
        guard let canonical = try? SVN.canonicalURL(url) else { return }
        let isCanonical = (try? SVN.isCanonicalURL(canonical)) ?? false
        try require(isCanonical, "'\(text)' becomes '\(canonical)', which libsvn does not take as canonical")
        let again = try? SVN.canonicalURL(canonical)
        try require(again == canonical, "'\(text)' becomes '\(canonical)', then '\(again ?? "an error")'")
        try require(!canonical.contains("%00"), "'\(text)' becomes '\(canonical)', which holds a NUL")
    }
}
