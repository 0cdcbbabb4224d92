// The xz, bzip2 and zstd decoders against the tools that wrote their data: whole, concatenated, fed a byte at a time
// into an output buffer of a few bytes (where a decoder that stops while it still holds output loses the end),
// truncated and corrupt.
import BZip2
import Foundation
import LZMA
import TestSupport
import Testing
import Zstd

struct DecompressorTests {
    let scratch = Scratch()

    /// A decoder of one format, behind the calls the three have in common.
    struct Decoder {
        let tool: String
        let make:
            (Int) throws -> (
                decompress: (Span<UInt8>, (Span<UInt8>) throws -> Bool) throws -> Bool,
                finish: () throws -> Void
            )
    }

    static let formats = ["xz", "bzip2", "zstd"]

    func decoder(_ name: String) -> Decoder {
        switch name {
        case "xz":
            Decoder(tool: "xz") { size in
                let decoder = try XzDecoder(outputSize: size)
                return (decoder.decompress, { _ = try decoder.finish { _ in true } })
            }
        case "bzip2":
            Decoder(tool: "bzip2") { size in
                let decoder = try BZip2Decoder(outputSize: size)
                return (decoder.decompress, decoder.finish)
            }
        default:
            Decoder(tool: "zstd -q") { size in
                let decoder = try ZstdDecoder(outputSize: size)
                return (decoder.decompress, decoder.finish)
            }
        }
    }

    /// Text of many lines, not all alike, so the data has literals and matches both.
    var text: [UInt8] {
        Array(
            (0..<20_000).map {
                "line \($0) of \($0 % 7 == 0 ? "seven" : "text") \(String(repeating: "x", count: $0 % 13))\n"
            }.joined().utf8)
    }

    /// `bytes` compressed by `tool` (its command line).
    func compressed(_ bytes: [UInt8], _ tool: String) throws -> [UInt8] {
        let input = scratch.write(bytes: "input", bytes)
        let output = scratch.file("output")
        let result = try runProgram("/bin/sh", ["-c", "\(tool) -c < '\(input)' > '\(output)'"], environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// Decodes `data` in pieces of `piece` bytes into an output buffer of `outputSize` bytes.
    func decode(_ decoder: Decoder, _ data: [UInt8], piece: Int, outputSize: Int) throws -> [UInt8] {
        let (decompress, finish) = try decoder.make(outputSize)
        var output: [UInt8] = []
        var start = 0
        while start < data.count {
            let end = min(start + piece, data.count)
            _ = try decompress(data.span.extracting(start..<end)) { piece in
                for index in 0..<piece.count { output.append(piece[index]) }
                return true
            }
            start = end
        }
        try finish()
        return output
    }

    @Test(arguments: formats)
    func wholeAndInPieces(_ name: String) throws {
        let decoder = decoder(name)
        let original = text
        let data = try compressed(original, decoder.tool)
        #expect(try decode(decoder, data, piece: data.count, outputSize: 1 << 17) == original)
        #expect(try decode(decoder, data, piece: 1, outputSize: 7) == original)
        #expect(try decode(decoder, data, piece: 4096, outputSize: 1) == original)
        // Two streams one after the other, as `cat a b` makes them: both are read.
        #expect(try decode(decoder, data + data, piece: 1000, outputSize: 4096) == original + original)
    }

    /// A long run of one byte: a few bytes of input hold far more output than the buffer (the decoder must be asked
    /// again with no new input).
    @Test(arguments: formats)
    func highRatio(_ name: String) throws {
        let decoder = decoder(name)
        // (32 MiB of "y\n" at zstd's level 19 made the first zstd decoder stop early: it returned with room in the
        // output while it still held decoded blocks.)
        let original = Array([UInt8]("y\n".utf8).repeated(16 << 20))
        let data = try compressed(original, decoder.tool + (name == "zstd" ? " -19" : ""))
        #expect(data.count < original.count / 500)
        #expect(try decode(decoder, data, piece: data.count, outputSize: 1 << 17) == original)
    }

    @Test(arguments: formats)
    func truncatedAndCorrupt(_ name: String) throws {
        let decoder = decoder(name)
        let data = try compressed(text, decoder.tool)
        #expect(throws: (any Error).self) {
            try decode(decoder, Array(data[..<(data.count / 2)]), piece: 100, outputSize: 4096)
        }
        #expect(throws: (any Error).self) { try decode(decoder, Array(data.dropLast()), piece: 100, outputSize: 4096) }
        var corrupt = data
        for index in stride(from: data.count / 3, to: data.count / 3 + 16, by: 1) { corrupt[index] ^= 0x55 }
        #expect(throws: (any Error).self) { try decode(decoder, corrupt, piece: 100, outputSize: 4096) }
    }

    @Test func versions() throws {
        #expect(try XzDecoder.version().hasPrefix("5."))
        #expect(try BZip2Decoder.version().hasPrefix("1."))
        #expect(try ZstdDecoder.version().hasPrefix("1."))
    }
}

extension Array {
    /// The array `count` times over.
    fileprivate func repeated(_ count: Int) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(self.count * count)
        for _ in 0..<count { result.append(contentsOf: self) }
        return result
    }
}
