// The listing of one ls TARGET: from libsvn, or from the directory cache when the directory has not changed.
import SVN
import Toolbox

/// One target's listing.
struct TargetListing {
    let target: SVNTarget
    let request: ListingRequest

    /// Lists the target, through the cache when there is one and the listing is of a fixed tree: the node the URL
    /// names in one revision (HEAD, or REV with no other peg revision). Other peg and operative revision pairs
    /// follow the node's history, which the cache does not hold.
    func list(with client: SVNClient, cache: ListingCache?, run: inout SVNRun) throws {
        let (peg, revision) = try target.revisions(request.revision)
        guard let cache, let tree = fixedTree else {
            _ = try stream(client, peg: peg, revision: revision, run: &run, keep: false)
            return
        }
        // One connection asks whether anything changed and, on a hit, for the locks (which are not versioned).
        let session = try client.session(target.url)
        let state = try session.state(revision: tree.revision)
        guard let key = ListingKey(url: target.url, state: state, depth: request.depth) else {
            _ = try stream(client, peg: peg, revision: revision, run: &run, keep: false)
            return
        }
        if let cached = cache.read(key, fields: request.fields) {
            let locks = request.locks ? try session.locks(depth: request.depth) : nil
            for var entry in cached.entries {
                if let locks { entry = entry.with(lock: locks[key.path(of: entry.path)]) }
                try emit(entry, run: &run)
            }
            cache.remember(key, url: target.url, tree: tree)
            return
        }
        let kept = try stream(client, peg: peg, revision: revision, run: &run, keep: true)
        cache.write(
            key, fields: request.fields, locks: request.locks, entries: kept, url: target.url, tree: tree)
    }

    /// The tree the listing is of when the cache can hold it: the URL's node in HEAD, or in REV when the peg revision
    /// is REV (and -r is none or the same). Other pairs follow the node's history, and a date names no tree.
    var fixedTree: FixedTree? {
        switch (target.peg ?? .head, (try? target.revision(request.revision)) ?? target.peg ?? .head) {
        case (.head, .head): .head
        case (.number(let peg), .number(let operative)) where peg == operative: .number(peg)
        default: nil
        }
    }

    /// Prints the entries as libsvn delivers them; returns them too when they are to be cached.
    private func stream(
        _ client: SVNClient, peg: SVNRevision, revision: SVNRevision, run: inout SVNRun, keep: Bool
    ) throws -> [SVNEntry] {
        var kept: [SVNEntry] = []
        try client.list(
            target.url, peg: peg, revision: revision, depth: request.depth, fields: request.fields,
            locks: request.locks
        ) { entry in
            if keep { kept.append(entry) }
            try emit(entry, run: &run)
        }
        return kept
    }

    /// Prints one entry as svn ls shows it: the target directory itself is left out, a target file is named.
    func emit(_ entry: SVNEntry, run: inout SVNRun) throws {
        if entry.path.isEmpty {
            guard entry.kind != .dir else { return }
            // Its name in the listed revision: a peg revision may have followed it back to an older one.
            let name =
                entry.targetPath.flatMap { $0.split(separator: "/").last.map(String.init) }
                ?? URIEscaping.decode(String(target.url.split(separator: "/").last ?? ""))
            return try run.emit(EntryRecord(url: target.url, path: name, name: name, entry: entry))
        }
        let name =
            entry.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(entry.path[$0...].dropFirst()) }
            ?? entry.path
        try run.emit(
            EntryRecord(
                url: target.url + "/" + URIEscaping.encode(entry.path), path: entry.path, name: name, entry: entry))
    }
}
