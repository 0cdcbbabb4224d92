// The directory cache of tb svn ls: listings on disk under the cache directory, bounded, safe to delete.
import POSIX
import SVN
import Toolbox

/// Cached listings in `svn/` of the cache directory: `UUID/HASH.listing` per repository root, directory and revision
/// in which it last changed, and `latest/HASH` naming the listing a URL last gave, for --offline. Every file is written whole
/// and renamed into place, so a reader never sees half of one; a damaged or foreign file is a miss. Caching is
/// best-effort: a cache that cannot be written costs a warning, never the listing.
struct ListingCache {
    /// Listings beyond this many bytes in all are removed, oldest first.
    static let capacity = 64 << 20

    enum Use { case check, only, never }

    private let directory: String?
    private let context: Context

    init(context: Context) {
        self.context = context
        directory = (try? context.paths.cacheDirectory()).map { $0 + "/svn" }
    }

    /// The cached listing for `key`, when it holds every field asked for.
    func read(_ key: ListingKey, fields: SVNDirentFields) -> ListingFile.Contents? {
        guard let directory, let bytes = try? FileSystem.readFile(directory + "/" + key.fileName, limit: Self.capacity),
            let contents = ListingFile.read(bytes, key: key),
            contents.fields.isSuperset(of: fields)
        else { return nil }
        return contents
    }

    /// Keeps a listing, and names it as the latest of `url` in `tree`.
    func write(
        _ key: ListingKey, fields: SVNDirentFields, locks: Bool, entries: [SVNEntry], url: String, tree: FixedTree
    ) {
        guard let directory else { return }
        let text = ListingFile.text(key, fields: fields, locks: locks, entries: entries)
        store(Array(text.utf8), at: directory + "/" + key.fileName)
        remember(key, url: url, tree: tree)
        trim(directory)
    }

    /// Names `key`'s listing as the latest of `url` in `tree` at its depth.
    func remember(_ key: ListingKey, url: String, tree: FixedTree) {
        guard let directory else { return }
        let pointer = directory + "/latest/" + Self.pointerName(url: url, tree: tree, depth: key.depth)
        let text = [key.uuid, key.root, String(key.changed), key.depth.rawValue, key.path].map(ListingFile.escape)
            .joined(separator: "\t")
        store(Array((text + "\n").utf8), at: pointer)
    }

    /// --offline: the latest listing of the target's URL at the asked depth, or an error saying there is none.
    func answerOffline(_ listing: TargetListing, run: inout SVNRun) throws {
        let depth = listing.request.depth
        guard let tree = listing.fixedTree else {
            throw UsageError("--offline lists only what the cache can hold: URL, or URL@REV with no other -r")
        }
        let pointer = Self.pointerName(url: listing.target.url, tree: tree, depth: depth)
        guard let directory,
            let bytes = try? FileSystem.readFile(directory + "/latest/" + pointer, limit: Self.capacity)
        else {
            throw ToolError(
                "no cached listing of '\(listing.target.text)' at depth \(depth.rawValue): list it once online")
        }
        // A pointer of format 1 (four columns, no root) is one that is gone.
        let columns = bytes.dropLast().split(separator: 0x09, omittingEmptySubsequences: false)
        guard columns.count == 5, let changed = Int(String(decoding: columns[2], as: UTF8.self)),
            let contents = read(
                ListingKey(
                    uuid: ListingFile.unescape(columns[0]), root: ListingFile.unescape(columns[1]),
                    path: ListingFile.unescape(columns[4]), changed: changed, depth: depth),
                fields: [])
        else {
            throw ToolError("the cached listing of '\(listing.target.text)' is gone or damaged: list it once online")
        }
        let missing = listing.request.fields.subtracting(contents.fields)
        if !missing.isEmpty || (listing.request.locks && !contents.hasLocks) {
            context.warn("the cached listing of '\(listing.target.text)' lacks some fields; they are null")
        }
        for entry in contents.entries { try listing.emit(entry, run: &run) }
    }

    private static func pointerName(url: String, tree: FixedTree, depth: SVNDepth) -> String {
        ListingKey.hash([url, tree.label, depth.rawValue].joined(separator: "\u{0}"))
    }

    private func store(_ bytes: [UInt8], at path: String) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        let temporary = path + ".tmp.\(System.processID)"
        do {
            try FileSystem.makeDirectories(folder)
            try FileSystem.writeFile(temporary, bytes, permissions: 0o600)
            try FileSystem.rename(temporary, to: path)
        } catch {
            try? FileSystem.remove(temporary)
            context.warn("cannot write the directory cache '\(path)': \(error.reason)")
        }
    }

    /// Removes the oldest listings while all of them take more than `capacity`.
    private func trim(_ directory: String) {
        var files: [(path: String, size: Int, modified: Int64)] = []
        var total = 0
        for repository in FileSystem.contentsOfDirectory(directory) where repository != "latest" {
            let folder = directory + "/" + repository
            for name in FileSystem.contentsOfDirectory(folder) {
                guard let status = try? FileSystem.status(of: folder + "/" + name), status.kind == .regular else {
                    continue
                }
                files.append((folder + "/" + name, status.size, status.modified))
                total += status.size
            }
        }
        guard total > Self.capacity else { return }
        for file in files.sorted(by: { $0.modified < $1.modified }) where total > Self.capacity {
            try? FileSystem.remove(file.path)
            total -= file.size
        }
    }
}
