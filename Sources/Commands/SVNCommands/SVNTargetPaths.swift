// How the records of blame, proplist and propget name the paths of a TARGET, as tb svn info names them: the TARGET's
// name, and below it the path relative to the TARGET.
import SVN
import Toolbox

extension SVNTarget {
    /// The name of the node at `url`, the TARGET's URL in the operative revision: its local path for a path in a
    /// working copy, else the URL's last name, unescaped.
    func name(at url: String) -> String {
        if let local = workingCopy?.localPath { return local }
        return URIEscaping.decode(String(url.split(separator: "/").last ?? ""))
    }

    /// The path of `url`, a node at or below `base` (the TARGET's URL in the operative revision): the TARGET's name
    /// for the TARGET itself, the path relative to the TARGET below it (after the local path of a working copy's
    /// path, as svn names them there).
    func path(of url: String, below base: String) -> String {
        guard url.hasPrefix(base + "/") else { return name(at: url) }
        let below = URIEscaping.decode(String(url.dropFirst(base.count + 1)))
        guard let local = workingCopy?.localPath else { return below }
        return local == "." ? below : local + "/" + below
    }
}

extension SVNTarget {
    /// The TARGET's URL in the operative `revision`, which libsvn names the nodes below it after: the URL itself,
    /// unless `revision` is not the peg revision and the node had another name then (the peg revision is followed
    /// through moves). The corresponding question is one to svn info.
    func operativeURL(peg: SVNRevision, revision: SVNRevision, client: SVNClient) throws -> String {
        guard revision != peg else { return url }
        var operative = url
        try client.info(url, peg: peg, revision: revision, depth: .empty) { operative = $0.url }
        return operative
    }
}
