// svn blame: the revision that last changed each line of a file, as libsvn works it out from the file's history.
internal import CSVN

/// One line of a file, with the revision that last changed it.
public struct SVNBlameLine: Sendable {
    /// The line's number, from 1.
    public let number: Int
    /// The revision that last changed it; nil when that was before the start of the range asked about (svn prints
    /// `-`).
    public let revision: Int?
    /// That revision's svn:author.
    public let author: String?
    /// That revision's svn:date, in seconds since 1970, UTC.
    public let date: Int64?
    /// The line's bytes in the end revision, without its line end: libsvn reads the file with every line end (CRLF,
    /// CR or LF) made LF, so no CR is left at the end of a line.
    public let text: [UInt8]
}

extension SVNError {
    /// Whether libsvn refused to blame a file whose svn:mime-type says it is binary.
    public var isBinaryFile: Bool {
        codes.contains(Int(SVN_ERR_CLIENT_IS_BINARY_FILE.rawValue))
    }
}

extension SVNClient {
    /// Blames the file `url` (the node it names in `peg`) over the revisions `start` to `end`, calling `receiver` for
    /// each line of the file in `end`, in order, once libsvn has read the whole history. A file whose svn:mime-type is
    /// binary is refused (`SVNError.isBinaryFile`) unless `force`. The corresponding C function is
    /// `svn_client_blame6`.
    public func blame(
        _ url: String, peg: SVNRevision, start: SVNRevision, end: SVNRevision, force: Bool,
        receiver: (SVNBlameLine) throws -> Void
    ) throws {
        try withPool { scratch in
            var peg = peg.c
            var start = start.c
            var end = end.c
            // svn blame's defaults (no -x): every byte of a line counts. The struct may grow in later versions, which
            // is why libsvn allocates it: a zeroed block larger than it is gives any later field its default too.
            let size = 4 * MemoryLayout<svn_diff_file_options_t>.size
            guard let memory = libsvn.apr_palloc(scratch, size) else {
                throw SVNError(code: -1, chain: ["out of memory"])
            }
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            let options = memory.bindMemory(to: svn_diff_file_options_t.self, capacity: 1)
            options.pointee.context_size = 3
            // The lines come only once the history is read: each revision of the file that arrives is a result, so
            // that a long history is not taken for a silent server.
            let saved = (context.pointee.notify_func2, context.pointee.notify_baton2)
            context.pointee.notify_baton2 = Unmanaged.passUnretained(self).toOpaque()
            context.pointee.notify_func2 = { baton, notify, _ in
                guard let baton, notify?.pointee.action == svn_wc_notify_blame_revision else { return }
                Unmanaged<SVNClient>.fromOpaque(baton).takeUnretainedValue().handedOver()
            }
            defer { (context.pointee.notify_func2, context.pointee.notify_baton2) = saved }
            try receive(receiver) { baton in
                libsvn.svn_client_blame6(
                    nil, nil, url, &peg, &start, &end, options, force ? 1 : 0, 0,
                    { baton, number, revision, properties, _, _, _, line, _, pool in
                        let item = SVNBlameLine(
                            number: Int(number) + 1, revision: revisionNumber(revision), properties: properties,
                            line: line?.pointee, pool: pool)
                        return SVNReceiver<SVNBlameLine>.from(baton)?.deliver(item) ?? nil
                    }, baton, context, scratch)
            }
        }
    }
}

extension SVNBlameLine {
    init(number: Int, revision: Int?, properties: OpaquePointer?, line: svn_string_t?, pool: OpaquePointer?) {
        func property(_ name: String) -> String? {
            guard let properties else { return nil }
            return string(libsvn.apr_hash_get(properties, name, -1))
        }
        self.number = number
        self.revision = revision
        author = revision == nil ? nil : property("svn:author")
        date = revision == nil ? nil : property("svn:date").flatMap { timeFromString($0, pool: pool) }
        if let line, let data = line.data {
            text = Array(UnsafeRawBufferPointer(start: data, count: Int(line.len)))
        } else {
            text = []
        }
    }
}
