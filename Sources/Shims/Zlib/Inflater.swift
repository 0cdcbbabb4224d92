// Streaming gzip/zlib inflation: input in pieces as it arrives, output handed on in pieces, in constant memory.
internal import CZlib

/// Inflates gzip (several concatenated members, as `cat a.gz b.gz` makes) or zlib data.
/// The corresponding C type is `z_stream`.
public final class Inflater {
    /// Heap-allocated: a z_stream must not move while zlib holds pointers into it.
    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutableBufferPointer<UInt8>
    /// Whether a whole member has been inflated, after which trailing bytes that are not gzip are ignored.
    private var finishedMember = false
    private var ignoringRest = false
    private var inMember = false

    /// The library's version, such as "1.2.13". The corresponding C function is `zlibVersion`.
    public static var version: String { String(cString: zlibVersion()) }

    /// - Parameter outputSize: how many bytes to hand on at most at a time.
    /// The corresponding C function is `inflateInit2` (window bits 15 + 32: gzip or zlib, detected).
    public init(outputSize: Int = 1 << 17) throws(ZlibError) {
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = .allocate(capacity: outputSize)
        let result = CZlib_inflate_init2(stream, 15 + 32)
        guard result == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            output.deallocate()
            throw ZlibError(code: result)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        output.deallocate()
    }

    /// Inflates `input`, handing each piece of output to `consume`; stops early when `consume` returns false
    /// (and returns false). The corresponding C function is `inflate`.
    public func inflate(_ input: Span<UInt8>, _ consume: (Span<UInt8>) throws -> Bool) throws -> Bool {
        guard !ignoringRest else { return true }
        return try input.withUnsafeBufferPointer { buffer in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: buffer.baseAddress)
            stream.pointee.avail_in = UInt32(buffer.count)
            // Until the input is used and the output no longer fills the buffer: zlib may hold more output.
            while true {
                if finishedMember && !inMember {
                    guard stream.pointee.avail_in > 0 else { return true }
                    // After a whole member, only another gzip header continues the data (as gzip -dc does).
                    if stream.pointee.next_in.pointee != 0x1F {
                        ignoringRest = true
                        return true
                    }
                    inflateReset(stream)
                }
                inMember = true
                stream.pointee.next_out = output.baseAddress
                stream.pointee.avail_out = UInt32(output.count)
                let result = CZlib.inflate(stream, Z_NO_FLUSH)
                let produced = output.count - Int(stream.pointee.avail_out)
                if produced > 0, try !consume(UnsafeBufferPointer(rebasing: output[..<produced]).span) { return false }
                switch result {
                case Z_OK:
                    if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return true }
                case Z_STREAM_END:
                    finishedMember = true
                    inMember = false
                case Z_BUF_ERROR where produced > 0: continue
                // No progress with all the input used: the output buffer was full, but nothing more was held.
                case Z_BUF_ERROR where stream.pointee.avail_in == 0: return true
                default: throw ZlibError(code: result, stream: stream)
                }
            }
        }
    }

    /// Checks that the data did not stop inside a member; call after the last input.
    public func finish() throws(ZlibError) {
        if inMember || !finishedMember { throw ZlibError(code: Z_BUF_ERROR) }
    }
}
