// svnmucc put without svnmucc: one file committed through the RA commit editor, its bytes streamed from the caller,
// with the checks that make a refusal one clear line rather than a failed transaction.
internal import CSVN

/// A revision a commit made.
public struct SVNCommit: Sendable {
    public let revision: Int
    /// The author the server recorded; nil when it recorded none (anonymous access).
    public let author: String?
    /// Seconds since 1970, UTC.
    public let date: Int64?
    /// What a post-commit hook said when it failed (the commit stands).
    public let postCommitError: String?
}

/// Why a put was refused before anything was committed.
public enum SVNPutRefusal: Error, Sendable {
    /// The directory the file would go in (its URL) does not exist.
    case noDirectory(String)
    /// The directory the file would go in (its URL) is a file.
    case parentIsFile(String)
    /// The URL names a directory.
    case isDirectory
    /// The file is locked (tb holds no lock tokens: it has no working copy).
    case locked(SVNLock)
    /// The file already holds exactly these bytes in this revision: nothing was committed.
    case unchanged(revision: Int)
}

/// The bytes of the new contents, read from the caller's closure as the editor asks for them, counted.
private final class PutSource: SVNCallbackWork {
    let read: (inout [UInt8]) throws -> Int
    var buffer: [UInt8] = []
    var count = 0

    init(_ read: @escaping (inout [UInt8]) throws -> Int) {
        self.read = read
    }

    /// Fills `destination` unless the end comes first (svn_stream_read_full's contract); returns how many bytes.
    func fill(_ destination: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < destination.count {
            let wanted = destination.count - filled
            // libsvn asks for the same chunk size every time: the array is made again only for a short read.
            if buffer.count != wanted { buffer = [UInt8](repeating: 0, count: wanted) }
            let got = min(try read(&buffer), wanted)
            if got <= 0 { break }
            buffer.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(rebasing: destination[filled..<filled + got])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[0..<got]))
            }
            filled += got
        }
        count += filled
        return filled
    }
}

/// Where the commit callback leaves what the server said.
private final class CommitBox {
    var commit: SVNCommit?
}

extension SVNClient {
    /// Commits the bytes `read` delivers as the file `url` with the log message `message`, as `svnmucc put`
    /// does: a new file when `url` does not exist and its directory does, new contents when it is a file. `read`
    /// fills the array it is given from the start and returns how many bytes it put there, 0 at the end; the
    /// bytes are streamed, never held whole. Throws `SVNPutRefusal` for a missing directory, a directory URL, a
    /// lock, or contents identical to the youngest revision's (nothing is committed then), and otherwise what
    /// libsvn or `read` threw; the transaction is aborted on any failure. The corresponding C functions are
    /// `svn_client_open_ra_session2`, `svn_ra_check_path`, `svn_ra_stat`, `svn_ra_get_lock`,
    /// `svn_ra_get_commit_editor3`, `svn_txdelta_send_stream` and, when the sizes match, `svn_ra_get_file`.
    public func put(_ url: String, message: String, read: (inout [UInt8]) throws -> Int) throws -> SVNCommit {
        try withPool { scratch in
            // In the pool, not a temporary C string: libsvn may hand back pointers into its argument.
            let urlC = libsvn.apr_pstrdup(scratch, url)
            guard let directoryC = libsvn.svn_uri_dirname(urlC, scratch),
                let name = libsvn.svn_uri_basename(urlC, scratch)
            else { throw SVNError(code: -1, chain: ["out of memory"]) }
            let directory = String(cString: directoryC)
            var session: OpaquePointer?
            try answered(libsvn.svn_client_open_ra_session2(&session, directory, nil, context, scratch, scratch))
            var youngest: svn_revnum_t = -1
            try answered(libsvn.svn_ra_get_latest_revnum(session, &youngest, scratch))
            var directoryKind = svn_node_none
            try answered(libsvn.svn_ra_check_path(session, "", youngest, &directoryKind, scratch))
            switch SVNNodeKind(directoryKind) {
            case .dir: break
            case .none: throw SVNPutRefusal.noDirectory(directory)
            default: throw SVNPutRefusal.parentIsFile(directory)
            }
            var dirent: UnsafeMutablePointer<svn_dirent_t>?
            try answered(libsvn.svn_ra_stat(session, name, youngest, &dirent, scratch))
            // The size of the file being replaced: only contents of the same size can be the same.
            var existingSize: Int64?
            if let dirent = dirent?.pointee {
                guard SVNNodeKind(dirent.kind) != .dir else { throw SVNPutRefusal.isDirectory }
                existingSize = Int64(dirent.size)
                var lock: UnsafeMutablePointer<svn_lock_t>?
                try answered(libsvn.svn_ra_get_lock(session, &lock, name, scratch))
                if let lock { throw SVNPutRefusal.locked(SVNLock(lock.pointee)) }
            }

            let revisionProperties = libsvn.apr_hash_make(scratch)
            // The hash keeps the key's pointer: it lives in the pool, as the value does.
            libsvn.apr_hash_set(
                revisionProperties, libsvn.apr_pstrdup(scratch, "svn:log"), -1,
                libsvn.svn_string_create(message, scratch))
            let box = CommitBox()
            var editorPointer: UnsafePointer<svn_delta_editor_t>?
            var edit: UnsafeMutableRawPointer?
            try withExtendedLifetime(box) {
                try SVNError.check(
                    libsvn.svn_ra_get_commit_editor3(
                        session, &editorPointer, &edit, revisionProperties,
                        { info, baton, pool in
                            guard let info = info?.pointee, let baton else { return nil }
                            var time: apr_time_t = 0
                            if let date = info.date, let error = libsvn.svn_time_from_cstring(&time, date, pool) {
                                libsvn.svn_error_clear(error)
                            }
                            Unmanaged<CommitBox>.fromOpaque(baton).takeUnretainedValue().commit = SVNCommit(
                                revision: Int(info.revision), author: String(optionalCString: info.author),
                                date: seconds(time), postCommitError: String(optionalCString: info.post_commit_err))
                            return nil
                        }, Unmanaged.passUnretained(box).toOpaque(), nil, 0, scratch))
                guard let editor = editorPointer?.pointee else {
                    throw SVNError(code: -1, chain: ["libsvn gave no commit editor"])
                }
                do {
                    try drive(
                        editor, edit, name: name, base: youngest, existingSize: existingSize, directory: directory,
                        read: read, pool: scratch)
                } catch {
                    // The transaction the server opened must not linger; its own failure adds nothing.
                    if let abort = editor.abort_edit { libsvn.svn_error_clear(abort(edit, scratch)) }
                    throw error
                }
            }
            guard let commit = box.commit else { throw SVNError(code: -1, chain: ["the server reported no commit"]) }
            return commit
        }
    }

    /// The edit itself: the root, the file (added, or opened at `base`), its contents as one delta against
    /// nothing, and the close that commits. Contents identical to the file in `base` stop it before the close.
    private func drive(
        _ editor: svn_delta_editor_t, _ edit: UnsafeMutableRawPointer?, name: UnsafePointer<CChar>,
        base: svn_revnum_t, existingSize: Int64?, directory: String, read: (inout [UInt8]) throws -> Int,
        pool: OpaquePointer
    ) throws {
        guard let openRoot = editor.open_root, let addFile = editor.add_file, let openFile = editor.open_file,
            let applyDelta = editor.apply_textdelta, let closeFile = editor.close_file,
            let closeDirectory = editor.close_directory, let closeEdit = editor.close_edit
        else { throw SVNError(code: -1, chain: ["libsvn's commit editor is incomplete"]) }
        var root: UnsafeMutableRawPointer?
        try SVNError.check(openRoot(edit, base, pool, &root))
        var file: UnsafeMutableRawPointer?
        if existingSize == nil {
            try SVNError.check(addFile(name, root, nil, -1, pool, &file))
        } else {
            try SVNError.check(openFile(name, root, base, pool, &file))
        }
        var handler: svn_txdelta_window_handler_t?
        var handlerBaton: UnsafeMutableRawPointer?
        try SVNError.check(applyDelta(file, nil, pool, &handler, &handlerBaton))
        var digest = [UInt8](repeating: 0, count: 16)
        try withoutActuallyEscaping(read) { read in
            // Each piece libsvn takes is the progress of a commit: the bytes it sends are no answer to wait for.
            let source = PutSource { buffer in
                let count = try read(&buffer)
                self.handedOver()
                return count
            }
            try withExtendedLifetime(source) {
                let stream = libsvn.svn_stream_create(Unmanaged.passUnretained(source).toOpaque(), pool)
                let reader: svn_read_fn_t = { baton, buffer, length in
                    guard let baton, let length else { return nil }
                    let source = Unmanaged<PutSource>.fromOpaque(baton).takeUnretainedValue()
                    return source.attempt {
                        length.pointee = apr_size_t(
                            try source.fill(UnsafeMutableRawBufferPointer(start: buffer, count: Int(length.pointee))))
                    }
                }
                libsvn.svn_stream_set_read2(stream, reader, reader)
                try source.finish(libsvn.svn_txdelta_send_stream(stream, handler, handlerBaton, &digest, pool))
                if let existingSize, Int64(source.count) == existingSize,
                    try md5(of: name, in: directory, revision: base, pool: pool) == digest
                {
                    throw SVNPutRefusal.unchanged(revision: Int(base))
                }
            }
        }
        let hex = digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        try SVNError.check(closeFile(file, libsvn.apr_pstrdup(pool, hex), pool))
        try SVNError.check(closeDirectory(root, pool))
        try SVNError.check(closeEdit(edit, pool))
    }

    /// The MD5 of the file `name` in `directory` as it was in `revision`, read through a session of its own (the
    /// first one is busy with the edit).
    private func md5(
        of name: UnsafePointer<CChar>, in directory: String, revision: svn_revnum_t, pool: OpaquePointer
    ) throws -> [UInt8] {
        var session: OpaquePointer?
        try answered(libsvn.svn_client_open_ra_session2(&session, directory, nil, context, pool, pool))
        var checksum: UnsafeMutablePointer<svn_checksum_t>?
        // The old file's bytes are handed over as they come, as a cat's are: a large file is no server that never
        // answers.
        try receive({ (_: Int) in }) { baton in
            let counter = libsvn.svn_stream_create(baton, pool)
            libsvn.svn_stream_set_write(counter) { baton, _, length in
                SVNReceiver<Int>.from(baton)?.deliver(length.map { Int($0.pointee) } ?? 0) ?? nil
            }
            let sink = libsvn.svn_stream_checksummed2(counter, nil, &checksum, svn_checksum_md5, 0, pool)
            return libsvn.svn_ra_get_file(session, name, revision, sink, nil, nil, pool)
                ?? libsvn.svn_stream_close(sink)
        }
        guard let digest = checksum?.pointee.digest else { return [] }
        return Array(UnsafeBufferPointer(start: digest, count: 16))
    }
}
