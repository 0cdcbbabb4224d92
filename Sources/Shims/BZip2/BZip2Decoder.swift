// Streaming bzip2 decompression: input in pieces as it arrives, output handed on in pieces, in constant memory.
internal import CBZip2
import Loader

/// libbz2's functions, called through the table once `BZip2Decoder.loaded` succeeded.
var libbz2: CBZip2_table { CBZip2_fn().pointee }

/// Decompresses bzip2 data: several concatenated streams (as `cat a.bz2 b.bz2` and pbzip2 make), as `bzip2 -dc`
/// reads them, which ignores what follows the last stream. The corresponding C type is `bz_stream`.
public final class BZip2Decoder {
    /// libbz2, loaded the first time a decoder is made; Swift runs this once, thread-safely.
    static let loaded: Result<Void, BZip2Error> = LazyLibrary.load("libbz2", CBZip2_load) { BZip2Error(message: $0) }

    /// Heap-allocated: a bz_stream must not move while libbz2 holds pointers into it.
    private let stream: UnsafeMutablePointer<bz_stream>
    private let output: UnsafeMutableBufferPointer<UInt8>
    /// Whether a whole stream has been read, after which only another stream's magic continues the data.
    private var finishedStream = false
    private var inStream = true
    private var ignoringRest = false

    /// The library's version, such as "1.0.8, 13-Jul-2019". The corresponding C function is `BZ2_bzlibVersion`.
    public static func version() throws(BZip2Error) -> String {
        try loaded.get()
        return libbz2.BZ2_bzlibVersion().map { String(cString: $0) } ?? ""
    }

    /// - Parameter outputSize: how many bytes to hand on at most at a time.
    /// The corresponding C function is `BZ2_bzDecompressInit` (the fast variant: about 3.7 MB for `bzip2 -9`).
    public init(outputSize: Int = 1 << 17) throws(BZip2Error) {
        try Self.loaded.get()
        stream = UnsafeMutablePointer<bz_stream>.allocate(capacity: 1)
        stream.initialize(to: bz_stream())
        output = .allocate(capacity: outputSize)
        let result = libbz2.BZ2_bzDecompressInit(stream, 0, 0)
        guard result == BZ_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            output.deallocate()
            throw BZip2Error(code: result)
        }
    }

    deinit {
        _ = libbz2.BZ2_bzDecompressEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        output.deallocate()
    }

    /// Decompresses `input`, handing each piece of output to `consume`; stops early when `consume` returns false
    /// (and returns false). The corresponding C function is `BZ2_bzDecompress`.
    public func decompress(_ input: Span<UInt8>, _ consume: (Span<UInt8>) throws -> Bool) throws -> Bool {
        guard !ignoringRest, !input.isEmpty else { return true }
        return try input.withUnsafeBufferPointer { buffer in
            // libbz2 takes char pointers and never writes through next_in.
            stream.pointee.next_in = UnsafeMutableRawPointer(mutating: buffer.baseAddress)?
                .assumingMemoryBound(to: CChar.self)
            stream.pointee.avail_in = UInt32(buffer.count)
            defer { stream.pointee.next_in = nil }
            while true {
                if !inStream {
                    // After a whole stream, only another one continues the data; the rest is ignored.
                    guard stream.pointee.avail_in > 0 else { return true }
                    guard UInt8(bitPattern: stream.pointee.next_in.pointee) == UInt8(ascii: "B") else {
                        ignoringRest = true
                        return true
                    }
                    _ = libbz2.BZ2_bzDecompressEnd(stream)
                    let result = libbz2.BZ2_bzDecompressInit(stream, 0, 0)
                    guard result == BZ_OK else { throw BZip2Error(code: result) }
                    inStream = true
                }
                stream.pointee.next_out = UnsafeMutableRawPointer(output.baseAddress)?
                    .assumingMemoryBound(to: CChar.self)
                stream.pointee.avail_out = UInt32(output.count)
                let result = libbz2.BZ2_bzDecompress(stream)
                let produced = output.count - Int(stream.pointee.avail_out)
                if produced > 0, try !consume(UnsafeBufferPointer(rebasing: output[..<produced]).span) { return false }
                switch result {
                case BZ_OK:
                    if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return true }
                case BZ_STREAM_END:
                    finishedStream = true
                    inStream = false
                case BZ_DATA_ERROR_MAGIC where finishedStream:
                    // Not a stream after all: trailing bytes, which bzip2 -dc ignores too.
                    ignoringRest = true
                    return true
                default:
                    throw BZip2Error(code: result)
                }
            }
        }
    }

    /// Checks that the data did not stop inside a stream; call after the last input.
    public func finish() throws(BZip2Error) {
        if !ignoringRest && (inStream || !finishedStream) { throw BZip2Error(code: BZ_UNEXPECTED_EOF) }
    }
}
