// svn log: the revisions that changed a path, each as libsvn delivers it.
internal import CSVN

/// One revision of a log.
public struct SVNLogEntry: Sendable {
    public let revision: Int
    public let author: String?
    /// Seconds since 1970, UTC.
    public let date: Int64?
    public let message: String?
    /// The paths it changed, sorted by path; empty unless asked for.
    public let changedPaths: [SVNChangedPath]
}

/// One path a revision changed.
public struct SVNChangedPath: Sendable {
    /// The path in the repository, such as "/trunk/README".
    public let path: String
    /// "A" (added), "D" (deleted), "M" (modified) or "R" (replaced).
    public let action: String
    /// nil when the server did not say (old repositories).
    public let kind: SVNNodeKind?
    public let copyFromPath: String?
    public let copyFromRevision: Int?
}

/// The revision range of a log, as `-r START:END` names it.
public struct SVNRevisionRange: Sendable {
    public let start: SVNRevision
    public let end: SVNRevision
    public init(_ start: SVNRevision, _ end: SVNRevision) {
        self.start = start
        self.end = end
    }
}

extension SVNClient {
    /// The log of `url` (the node it names in `peg`) over `ranges`, at most `limit` revisions when it is above 0,
    /// calling `receiver` for each revision as libsvn delivers it. The corresponding C function is `svn_client_log5`.
    public func log(
        _ url: String, peg: SVNRevision, ranges: [SVNRevisionRange], limit: Int, changedPaths: Bool,
        stopOnCopy: Bool, receiver: (SVNLogEntry) throws -> Void
    ) throws {
        try withPool { scratch in
            var peg = peg.c
            let targets = libsvn.apr_array_make(scratch, 1, Int32(MemoryLayout<UnsafePointer<CChar>>.size))
            push(UnsafeRawPointer(libsvn.apr_pstrdup(scratch, url)), to: targets)
            let rangeArray = libsvn.apr_array_make(
                scratch, Int32(ranges.count), Int32(MemoryLayout<UnsafeMutableRawPointer>.size))
            for range in ranges {
                guard let memory = libsvn.apr_palloc(scratch, MemoryLayout<svn_opt_revision_range_t>.size) else {
                    throw SVNError(code: -1, chain: ["out of memory"])
                }
                let item = memory.bindMemory(to: svn_opt_revision_range_t.self, capacity: 1)
                item.initialize(to: svn_opt_revision_range_t(start: range.start.c, end: range.end.c))
                push(UnsafeRawPointer(item), to: rangeArray)
            }
            let properties = libsvn.apr_array_make(scratch, 3, Int32(MemoryLayout<UnsafePointer<CChar>>.size))
            for name in ["svn:author", "svn:date", "svn:log"] {
                push(UnsafeRawPointer(libsvn.apr_pstrdup(scratch, name)), to: properties)
            }
            try receive(receiver) { baton in
                libsvn.svn_client_log5(
                    targets, &peg, rangeArray, Int32(clamping: limit), changedPaths ? 1 : 0, stopOnCopy ? 1 : 0, 0,
                    properties,
                    { baton, entry, pool in
                        guard let entry = entry?.pointee, entry.revision >= 0 else { return nil }
                        return SVNReceiver<SVNLogEntry>.from(baton)?.deliver(SVNLogEntry(entry, pool: pool)) ?? nil
                    }, baton, context, scratch)
            }
        }
    }
}

/// Appends a pointer to an APR array of pointers (`APR_ARRAY_PUSH`, a macro).
func push(_ pointer: UnsafeRawPointer?, to array: UnsafeMutablePointer<apr_array_header_t>?) {
    libsvn.apr_array_push(array)?.storeBytes(of: pointer, as: UnsafeRawPointer?.self)
}

extension SVNLogEntry {
    init(_ entry: svn_log_entry_t, pool: OpaquePointer?) {
        let properties = entry.revprops
        func property(_ name: String) -> String? {
            guard let properties else { return nil }
            return string(libsvn.apr_hash_get(properties, name, -1))
        }
        revision = Int(entry.revision)
        author = property("svn:author")
        date = property("svn:date").flatMap { timeFromString($0, pool: pool) }
        message = property("svn:log")
        var paths: [SVNChangedPath] = []
        var index = entry.changed_paths2.flatMap { libsvn.apr_hash_first(nil, $0) }
        while let current = index {
            var key: UnsafeRawPointer?
            var value: UnsafeMutableRawPointer?
            libsvn.apr_hash_this(current, &key, nil, &value)
            if let key, let change = value?.assumingMemoryBound(to: svn_log_changed_path2_t.self).pointee {
                let kind = SVNNodeKind(change.node_kind)
                paths.append(
                    SVNChangedPath(
                        path: String(cString: key.assumingMemoryBound(to: CChar.self)),
                        action: String(UnicodeScalar(UInt8(bitPattern: change.action))),
                        kind: kind == .unknown ? nil : kind,
                        copyFromPath: String(optionalCString: change.copyfrom_path),
                        copyFromRevision: change.copyfrom_path == nil ? nil : revisionNumber(change.copyfrom_rev)))
            }
            index = libsvn.apr_hash_next(current)
        }
        paths.sort { pathPrecedes($0.path, $1.path) }
        changedPaths = paths
    }
}

/// Seconds since 1970 of a time as svn stores it (`2026-12-01T06:00:00.000000Z`). The corresponding C function is
/// `svn_time_from_cstring`.
func timeFromString(_ text: String, pool: OpaquePointer?) -> Int64? {
    var time: apr_time_t = 0
    guard let error = libsvn.svn_time_from_cstring(&time, text, pool) else { return seconds(time) }
    libsvn.svn_error_clear(error)
    return nil
}

/// Whether `a` sorts before `b` as svn sorts paths (`svn_path_compare_paths`): byte by byte, except that at the first
/// difference a `/` comes before any other byte, so that a directory's children follow it directly ("/a", "/a/b",
/// "/a-b").
func pathPrecedes(_ a: String, _ b: String) -> Bool {
    var left = a
    var right = b
    return left.withUTF8 { first in
        right.withUTF8 { second in
            let common = min(first.count, second.count)
            var index = 0
            while index < common, first[index] == second[index] { index += 1 }
            if index == common { return first.count < second.count }
            if first[index] == UInt8(ascii: "/") { return true }
            if second[index] == UInt8(ascii: "/") { return false }
            return first[index] < second[index]
        }
    }
}
