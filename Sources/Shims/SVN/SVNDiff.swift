// svn diff: the unified diff text libsvn writes for two trees (or one node at two revisions), and the summary of
// what changed between them.
internal import CSVN

/// A revision a diff compares: any that names one in the repository, or a working copy's BASE or WORKING.
public enum SVNDiffRevision: Sendable, Equatable {
    case revision(SVNRevision)
    /// What the working copy was checked out at.
    case base
    /// The working copy's files as they are, local changes included.
    case working
    /// A working-copy node's last change at or before BASE, and the change before that.
    case committed, previous

    var c: svn_opt_revision_t {
        var revision = svn_opt_revision_t()
        switch self {
        case .revision(let named): return named.c
        case .base: revision.kind = svn_opt_revision_base
        case .working: revision.kind = svn_opt_revision_working
        case .committed: revision.kind = svn_opt_revision_committed
        case .previous: revision.kind = svn_opt_revision_previous
        }
        return revision
    }
}

/// How a diff is made and written, as svn diff's options say.
public struct SVNDiffOptions: Sendable {
    /// -x: the internal diff's options (-u, -b, -w, --ignore-eol-style, -p), or an external diff's arguments.
    public var extensions: [String] = []
    public var depth = SVNDepth.infinity
    /// Unless --notice-ancestry: nodes are compared by path, not told apart by their history.
    public var ignoreAncestry = true
    public var noDiffAdded = false
    public var noDiffDeleted = false
    public var showCopiesAsAdds = false
    /// --force: binary files (by svn:mime-type) are diffed as text.
    public var ignoreContentType = false
    public var ignoreProperties = false
    public var propertiesOnly = false
    /// --git: git's extended headers.
    public var git = false

    public init() {}
}

/// One changed path of a diff summary.
public struct SVNDiffSummary: Sendable {
    public enum Action: String, Sendable {
        case none, added, modified, deleted
    }

    /// Relative to the target ("" for the target itself).
    public let path: String
    public let kind: SVNNodeKind
    public let action: Action
    /// Whether its properties changed (false for an added or deleted path).
    public let propertiesChanged: Bool
}

/// Where libsvn writes what an external diff program says on its standard error: kept for the caller.
private final class ErrorBytes {
    var bytes: [UInt8] = []
}

/// What a diff compares: two trees (URLs or working-copy paths, each at a revision), or one node followed from its
/// peg revision between two revisions.
public enum SVNDiffSides: Sendable {
    case between(old: String, SVNDiffRevision, new: String, SVNDiffRevision)
    case node(String, peg: SVNDiffRevision, from: SVNDiffRevision, to: SVNDiffRevision)

    /// What the paths of a summary are relative to: the old side, or the node.
    public var anchor: String {
        switch self {
        case .between(let old, _, _, _): old
        case .node(let target, _, _, _): target
        }
    }
}

extension SVNClient {
    /// Writes the unified diff of `sides` to `output`, as svn diff writes it: headers in the locale's encoding,
    /// property changes, binary files named and not shown. What an external diff program (svn's diff-cmd) writes to
    /// its standard error goes to `errors`. The corresponding C functions are `svn_client_diff7` (two trees) and
    /// `svn_client_diff_peg7` (a node).
    public func diff(
        _ sides: SVNDiffSides, options: SVNDiffOptions, output: (Span<UInt8>) throws -> Void,
        errors: ([UInt8]) -> Void
    ) throws {
        let (o, depth) = (options, options.depth.c)
        try writeDiff(options: options, output: output, errors: errors) { scratch, extensions, out, err in
            switch sides {
            case .between(let old, let oldRevision, let new, let newRevision):
                var (first, second) = (oldRevision.c, newRevision.c)
                return libsvn.svn_client_diff7(
                    extensions, old, &first, new, &second, nil, depth, o.ignoreAncestry ? 1 : 0, o.noDiffAdded ? 1 : 0,
                    o.noDiffDeleted ? 1 : 0, o.showCopiesAsAdds ? 1 : 0, o.ignoreContentType ? 1 : 0,
                    o.ignoreProperties ? 1 : 0, o.propertiesOnly ? 1 : 0, o.git ? 1 : 0, 1, CSVN_LOCALE_CHARSET, out,
                    err, nil, context, scratch)
            case .node(let target, let peg, let start, let end):
                var (peg, first, second) = (peg.c, start.c, end.c)
                return libsvn.svn_client_diff_peg7(
                    extensions, target, &peg, &first, &second, nil, depth, o.ignoreAncestry ? 1 : 0,
                    o.noDiffAdded ? 1 : 0, o.noDiffDeleted ? 1 : 0, o.showCopiesAsAdds ? 1 : 0,
                    o.ignoreContentType ? 1 : 0, o.ignoreProperties ? 1 : 0, o.propertiesOnly ? 1 : 0, o.git ? 1 : 0,
                    1, CSVN_LOCALE_CHARSET, out, err, nil, context, scratch)
            }
        }
    }

    /// The paths that differ between `sides`, as svn diff --summarize finds them, relative to `sides.anchor`. The
    /// corresponding C functions are `svn_client_diff_summarize2` and `svn_client_diff_summarize_peg2`.
    public func diffSummary(
        _ sides: SVNDiffSides, depth: SVNDepth, ignoreAncestry: Bool, receiver: (SVNDiffSummary) throws -> Void
    ) throws {
        // The texts of a file come whole before its diff: what the server sends is progress (see bytesAreResults).
        bytesAreResults = true
        defer { bytesAreResults = false }
        let ancestry: svn_boolean_t = ignoreAncestry ? 1 : 0
        try withPool { scratch in
            try receive(receiver) { baton in
                switch sides {
                case .between(let old, let oldRevision, let new, let newRevision):
                    var (first, second) = (oldRevision.c, newRevision.c)
                    return libsvn.svn_client_diff_summarize2(
                        old, &first, new, &second, depth.c, ancestry, nil, Self.summaryCallback, baton, context,
                        scratch)
                case .node(let target, let peg, let start, let end):
                    var (peg, first, second) = (peg.c, start.c, end.c)
                    return libsvn.svn_client_diff_summarize_peg2(
                        target, &peg, &first, &second, depth.c, ancestry, nil, Self.summaryCallback, baton, context,
                        scratch)
                }
            }
        }
    }

    private static let summaryCallback: svn_client_diff_summarize_func_t = { summary, baton, _ in
        guard let summary = summary?.pointee else { return nil }
        let action: SVNDiffSummary.Action =
            switch summary.summarize_kind {
            case svn_client_diff_summarize_kind_added: .added
            case svn_client_diff_summarize_kind_modified: .modified
            case svn_client_diff_summarize_kind_deleted: .deleted
            default: .none
            }
        let item = SVNDiffSummary(
            path: String(optionalCString: summary.path) ?? "", kind: SVNNodeKind(summary.node_kind), action: action,
            propertiesChanged: summary.prop_changed != 0)
        return SVNReceiver<SVNDiffSummary>.from(baton)?.deliver(item)
    }

    /// Runs `call` with the -x options as an APR array and the two streams: `output` receives what is written to
    /// the first, the second's bytes go to `errors` once the call is over.
    private func writeDiff(
        options: SVNDiffOptions, output: (Span<UInt8>) throws -> Void, errors: ([UInt8]) -> Void,
        _ call: (
            OpaquePointer, UnsafeMutablePointer<apr_array_header_t>?, OpaquePointer?, OpaquePointer?
        ) -> UnsafeMutablePointer<svn_error_t>?
    ) throws {
        let errorBytes = ErrorBytes()
        defer { if !errorBytes.bytes.isEmpty { errors(errorBytes.bytes) } }
        // The texts of a file come whole before its diff: what the server sends is progress (see bytesAreResults).
        bytesAreResults = true
        defer { bytesAreResults = false }
        try withPool { scratch in
            let deliver: (UnsafeRawBufferPointer) throws -> Void = { bytes in
                try output(bytes.bindMemory(to: UInt8.self).span)
            }
            try receive(deliver) { baton in
                let extensions =
                    options.extensions.isEmpty
                    ? nil : libsvn.apr_array_make(scratch, 4, Int32(MemoryLayout<UnsafePointer<CChar>>.size))
                for word in options.extensions {
                    let slot = libsvn.apr_array_push(extensions)?.assumingMemoryBound(to: UnsafePointer<CChar>?.self)
                    slot?.pointee = UnsafePointer(libsvn.apr_pstrdup(scratch, word))
                }
                let out = libsvn.svn_stream_create(baton, scratch)
                libsvn.svn_stream_set_write(out) { baton, data, length in
                    guard let length, length.pointee > 0 else { return nil }
                    let bytes = UnsafeRawBufferPointer(start: data, count: Int(length.pointee))
                    return SVNReceiver<UnsafeRawBufferPointer>.from(baton)?.deliver(bytes) ?? nil
                }
                let err = libsvn.svn_stream_create(Unmanaged.passUnretained(errorBytes).toOpaque(), scratch)
                libsvn.svn_stream_set_write(err) { baton, data, length in
                    guard let baton, let data, let length, length.pointee > 0 else { return nil }
                    let sink = Unmanaged<ErrorBytes>.fromOpaque(baton).takeUnretainedValue()
                    sink.bytes += UnsafeRawBufferPointer(start: data, count: Int(length.pointee))
                    return nil
                }
                return withExtendedLifetime(errorBytes) { call(scratch, extensions, out, err) }
            }
        }
    }
}
