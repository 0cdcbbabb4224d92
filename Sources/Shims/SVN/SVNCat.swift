// svn cat: a file's bytes, as libsvn streams them.
internal import CSVN

extension SVNClient {
    /// Streams the contents of the file `url` (the node it names in `peg`) at `revision` to `receiver`, piece by
    /// piece, with svn:keywords expanded unless `expandKeywords` is off (as `svn cat` does). The corresponding C
    /// function is `svn_client_cat3`.
    public func cat(
        _ url: String, peg: SVNRevision, revision: SVNRevision, expandKeywords: Bool,
        receiver: (Span<UInt8>) throws -> Void
    ) throws {
        try withPool { scratch in
            var peg = peg.c
            var revision = revision.c
            let deliver: (UnsafeRawBufferPointer) throws -> Void = { bytes in
                try receiver(bytes.bindMemory(to: UInt8.self).span)
            }
            try receive(deliver) { baton in
                let stream = libsvn.svn_stream_create(baton, scratch)
                libsvn.svn_stream_set_write(stream) { baton, data, length in
                    guard let length, length.pointee > 0 else { return nil }
                    let bytes = UnsafeRawBufferPointer(start: data, count: Int(length.pointee))
                    return SVNReceiver<UnsafeRawBufferPointer>.from(baton)?.deliver(bytes) ?? nil
                }
                return libsvn.svn_client_cat3(
                    nil, stream, url, &peg, &revision, expandKeywords ? 1 : 0, context, scratch, scratch)
            }
        }
    }
}
