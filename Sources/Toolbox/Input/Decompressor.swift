// What the four decoders have in common, for DecompressingInput: data in pieces in, pieces out, then an end.
import BZip2
import LZMA
import Zlib
import Zstd

/// A streaming decoder of one compressed format.
protocol Decompressor: AnyObject {
    /// Decodes `input`, handing each piece of output to `consume`; false when `consume` asked to stop.
    func decompress(_ input: Span<UInt8>, _ consume: (Span<UInt8>) throws -> Bool) throws -> Bool
    /// Ends the data: hands on what the decoder still held, and fails when the data stopped inside a stream.
    func finish(_ consume: (Span<UInt8>) throws -> Bool) throws -> Bool
}

extension Inflater: Decompressor {
    func decompress(_ input: Span<UInt8>, _ consume: (Span<UInt8>) throws -> Bool) throws -> Bool {
        try inflate(input, consume)
    }

    func finish(_ consume: (Span<UInt8>) throws -> Bool) throws -> Bool {
        try finish()
        return true
    }
}

extension XzDecoder: Decompressor {}

extension BZip2Decoder: Decompressor {
    func finish(_ consume: (Span<UInt8>) throws -> Bool) throws -> Bool {
        try finish()
        return true
    }
}

extension ZstdDecoder: Decompressor {
    func finish(_ consume: (Span<UInt8>) throws -> Bool) throws -> Bool {
        try finish()
        return true
    }
}
