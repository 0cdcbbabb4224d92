// Streaming zstd decompression: input in pieces as it arrives, output handed on in pieces, in bounded memory.
internal import CZstd
import Loader

/// libzstd's functions, called through the table once `ZstdDecoder.loaded` succeeded.
var libzstd: CZstd_table { CZstd_fn().pointee }

/// Decompresses zstd data: several concatenated frames, skippable frames among them, as `zstd -dc` reads them.
/// A frame whose window is over 128 MiB (`zstd --long=28` and up) is refused, as `zstd -d` refuses it without
/// `--memory`: the window is what decompression holds. The corresponding C type is `ZSTD_DCtx`.
public final class ZstdDecoder {
    /// libzstd, loaded the first time a decoder is made; Swift runs this once, thread-safely.
    static let loaded: Result<Void, ZstdError> = LazyLibrary.load("libzstd", CZstd_load) { ZstdError(message: $0) }

    private let context: OpaquePointer
    private let output: UnsafeMutableBufferPointer<UInt8>
    /// libzstd's last hint: 0 when the frame it read last is whole and all its output handed on.
    private var pending = 1

    /// The library's version, such as "1.5.4". The corresponding C function is `ZSTD_versionString`.
    public static func version() throws(ZstdError) -> String {
        try loaded.get()
        return libzstd.ZSTD_versionString().map { String(cString: $0) } ?? ""
    }

    /// - Parameter outputSize: how many bytes to hand on at most at a time.
    /// The corresponding C function is `ZSTD_createDCtx`.
    public init(outputSize: Int = 1 << 17) throws(ZstdError) {
        try Self.loaded.get()
        guard let made = libzstd.ZSTD_createDCtx() else { throw ZstdError(message: "out of memory") }
        context = made
        output = .allocate(capacity: outputSize)
    }

    deinit {
        _ = libzstd.ZSTD_freeDCtx(context)
        output.deallocate()
    }

    /// Decompresses `input`, handing each piece of output to `consume`; stops early when `consume` returns false
    /// (and returns false). The corresponding C function is `ZSTD_decompressStream`.
    public func decompress(_ input: Span<UInt8>, _ consume: (Span<UInt8>) throws -> Bool) throws -> Bool {
        try input.withUnsafeBufferPointer { buffer in
            var source = ZSTD_inBuffer(src: UnsafeRawPointer(buffer.baseAddress), size: buffer.count, pos: 0)
            while true {
                let used = source.pos
                var target = ZSTD_outBuffer(
                    dst: UnsafeMutableRawPointer(output.baseAddress), size: output.count, pos: 0)
                let result = libzstd.ZSTD_decompressStream(context, &target, &source)
                // What the call wrote is handed on before its error, as the other decoders do. (A frame that
                // libzstd holds whole and has room for is decoded in one pass, which writes nothing on an error:
                // then the blocks before the damage are lost, which in pieces would come out.)
                if target.pos > 0, try !consume(UnsafeBufferPointer(rebasing: output[..<target.pos]).span) {
                    return false
                }
                if libzstd.ZSTD_isError(result) != 0 { throw ZstdError(code: result) }
                pending = result
                // Done with this input once it is used and a call makes no more progress: a call may return with
                // room left in the output and still hold decoded data (one block at a time), so "the output did
                // not fill" alone is not the end.
                if source.pos == source.size && (result == 0 || (target.pos == 0 && source.pos == used)) { return true }
            }
        }
    }

    /// Checks that the data did not stop inside a frame; call after the last input.
    public func finish() throws(ZstdError) {
        if pending != 0 { throw ZstdError(message: "the compressed data ends too soon") }
    }
}
