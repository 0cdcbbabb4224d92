// What names a cached listing: the repository (its UUID and root URL), the directory's path in it and the revision in
// which it last changed.
import SVN
import Toolbox

/// The key of one cached listing.
struct ListingKey {
    let uuid: String
    /// The repository's root URL, as the server named it for the URL listed. UUIDs are public (`svnadmin setuuid`
    /// gives any repository any one): the root is what keeps one repository's listings from answering for another's.
    let root: String
    /// The directory's path in the repository, decoded: "/trunk".
    let path: String
    /// The revision in which the directory (or anything below it) last changed: while it stays the same, so does
    /// the listing, whatever the youngest revision.
    let changed: Int
    let depth: SVNDepth

    /// nil when the URL names nothing (libsvn then says why).
    init?(url: String, state: SVNRepositoryState, depth: SVNDepth) {
        guard state.kind != .none, let changed = state.createdRevision, url.hasPrefix(state.root) else { return nil }
        uuid = state.uuid
        root = state.root
        let below = URIEscaping.decode(String(url.dropFirst(state.root.count)))
        path = below.isEmpty ? "/" : below
        self.changed = changed
        self.depth = depth
    }

    init(uuid: String, root: String, path: String, changed: Int, depth: SVNDepth) {
        self.uuid = uuid
        self.root = root
        self.path = path
        self.changed = changed
        self.depth = depth
    }

    /// The path in the repository of an entry `relative` to the directory ("" for the directory itself).
    func path(of relative: String) -> String {
        if relative.isEmpty { return path }
        return path == "/" ? "/" + relative : path + "/" + relative
    }

    /// The cache file, relative to the cache's directory: one folder per repository.
    var fileName: String {
        Self.safe(uuid) + "/" + Self.hash("\(root)\u{0}\(path)\u{0}\(changed)\u{0}\(depth.rawValue)") + ".listing"
    }

    /// The first line of the file, which is checked on reading: a hash collision, a damaged file or one of format 1
    /// (which named no root) is a miss.
    var header: String {
        let escape = ListingFile.escape
        return "tb-svn-listing 2\t\(escape(uuid))\t\(escape(root))\t\(changed)\t\(depth.rawValue)\t\(escape(path))"
    }

    /// FNV-1a, 64 bits, in hex: short file names from long paths.
    static func hash(_ text: String) -> String { StateFile.nameHash(text) }

    /// A UUID as a file name: anything but hex digits and dashes (a hostile server's UUID) is replaced.
    static func safe(_ uuid: String) -> String {
        let cleaned = String(uuid.map { $0.isHexDigit || $0 == "-" ? $0 : "_" }.prefix(64))
        return cleaned.isEmpty ? "_" : cleaned
    }
}
