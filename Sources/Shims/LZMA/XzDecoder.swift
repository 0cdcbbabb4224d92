// Streaming xz decompression: input in pieces as it arrives, output handed on in pieces, in constant memory.
internal import CLZMA
import Loader

/// liblzma's functions, called through the table once `XzDecoder.loaded` succeeded.
var liblzma: CLZMA_table { CLZMA_fn().pointee }

/// Decompresses xz data: several concatenated streams (as `cat a.xz b.xz` makes) and stream padding, as `xz -dc`
/// reads them. The corresponding C type is `lzma_stream`.
public final class XzDecoder {
    /// liblzma, loaded the first time a decoder is made; Swift runs this once, thread-safely.
    static let loaded: Result<Void, LZMAError> = LazyLibrary.load("liblzma", CLZMA_load) { LZMAError(message: $0) }

    /// What a stream may make liblzma allocate: its dictionary, 64 MiB for `xz -9`. A header that asks for more
    /// (a crafted one may ask for 1.5 GiB) is refused rather than allocated.
    public static let memoryLimit: UInt64 = 256 << 20

    /// Heap-allocated: an lzma_stream must not move while liblzma holds pointers into it.
    private let stream: UnsafeMutablePointer<lzma_stream>
    private let output: UnsafeMutableBufferPointer<UInt8>

    /// The library's version, such as "5.4.1". The corresponding C function is `lzma_version_string`.
    public static func version() throws(LZMAError) -> String {
        try loaded.get()
        return liblzma.lzma_version_string().map { String(cString: $0) } ?? ""
    }

    /// - Parameter outputSize: how many bytes to hand on at most at a time.
    /// The corresponding C function is `lzma_stream_decoder` (LZMA_CONCATENATED).
    public init(outputSize: Int = 1 << 17) throws(LZMAError) {
        try Self.loaded.get()
        stream = UnsafeMutablePointer<lzma_stream>.allocate(capacity: 1)
        stream.initialize(to: lzma_stream())
        output = .allocate(capacity: outputSize)
        let result = liblzma.lzma_stream_decoder(stream, Self.memoryLimit, CLZMA_concatenated)
        guard result == LZMA_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            output.deallocate()
            throw LZMAError(result, memoryLimit: Self.memoryLimit)
        }
    }

    deinit {
        liblzma.lzma_end(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        output.deallocate()
    }

    /// Decompresses `input`, handing each piece of output to `consume`; stops early when `consume` returns false
    /// (and returns false). The corresponding C function is `lzma_code` (LZMA_RUN).
    public func decompress(_ input: Span<UInt8>, _ consume: (Span<UInt8>) throws -> Bool) throws -> Bool {
        try input.withUnsafeBufferPointer { buffer in
            stream.pointee.next_in = buffer.baseAddress
            stream.pointee.avail_in = buffer.count
            defer { stream.pointee.next_in = nil }
            return try code(LZMA_RUN, consume)
        }
    }

    /// Ends the data: hands on what liblzma still holds, and fails when it stopped inside a stream (or held no
    /// stream at all). The corresponding C function is `lzma_code` (LZMA_FINISH).
    public func finish(_ consume: (Span<UInt8>) throws -> Bool) throws -> Bool {
        stream.pointee.avail_in = 0
        return try code(LZMA_FINISH, consume)
    }

    /// Runs lzma_code until the input is used and the output no longer fills the buffer (liblzma may hold more).
    private func code(_ action: lzma_action, _ consume: (Span<UInt8>) throws -> Bool) throws -> Bool {
        while true {
            stream.pointee.next_out = output.baseAddress
            stream.pointee.avail_out = output.count
            let result = liblzma.lzma_code(stream, action)
            let produced = output.count - stream.pointee.avail_out
            if produced > 0, try !consume(UnsafeBufferPointer(rebasing: output[..<produced]).span) { return false }
            switch result {
            case LZMA_OK:
                if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 && action == LZMA_RUN { return true }
            case LZMA_STREAM_END:
                return true
            default:
                throw LZMAError(result, memoryLimit: Self.memoryLimit)
            }
        }
    }
}
