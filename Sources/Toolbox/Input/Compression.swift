// The compressions tb reads on any source, each told by its magic bytes, never by a file name or a MIME type: a
// log rotated to .1 is still gzip, and a server's application/octet-stream may be xz.
import BZip2
import Bytes
import LZMA
import Zlib
import Zstd

/// A compressed format tb inflates on the fly.
public enum Compression: String, Sendable, CaseIterable {
    case gzip, xz, bzip2, zstd

    /// Enough bytes to tell every format.
    static let longestMagic = 6

    /// How a format's data starts (bzip2's "BZh" is then followed by the block size, '1' to '9').
    var magic: [UInt8] {
        switch self {
        case .gzip: Self.gzipMagic
        case .xz: Self.xzMagic
        case .bzip2: Self.bzip2Magic
        case .zstd: Self.zstdMagic
        }
    }

    private static let gzipMagic: [UInt8] = [0x1F, 0x8B, 0x08]  // ID1, ID2, CM = deflate (RFC 1952)
    private static let xzMagic: [UInt8] = [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]  // the stream header magic
    private static let bzip2Magic: [UInt8] = [0x42, 0x5A, 0x68]  // "BZh"
    private static let zstdMagic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]  // a frame's magic number, little-endian

    /// What the first bytes of a source say: a format, none, or not yet (too few bytes to tell).
    enum Verdict: Equatable {
        case compressed(Compression)
        case plain
        case undecided
    }

    /// Tells the format from the first bytes of the data (as many as there are, up to `longestMagic`).
    static func verdict(_ start: Span<UInt8>) -> Verdict {
        var undecided = false
        for format in allCases {
            let magic = format.magic
            // bzip2's block size digit is part of what makes it bzip2: "BZh" alone starts much text.
            let length = format == .bzip2 ? magic.count + 1 : magic.count
            let compared = min(magic.count, start.count)
            guard (0..<compared).allSatisfy({ start[$0] == magic[$0] }) else { continue }
            if format == .bzip2 && start.count > magic.count && !(0x31...0x39).contains(start[magic.count]) { continue }
            if start.count >= length { return .compressed(format) }
            undecided = true
        }
        return undecided ? .undecided : .plain
    }

    /// The format of data that starts with `start`, when it starts like one.
    public static func of(_ start: Span<UInt8>) -> Compression? {
        if case .compressed(let format) = verdict(start) { return format }
        return nil
    }

    /// A decoder of this format. Loads its library the first time (liblzma, libbz2 and libzstd are loaded on
    /// first use, like libcurl: a run that reads no such data never maps them).
    func decompressor() throws -> any Decompressor {
        switch self {
        case .gzip: try Inflater()
        case .xz: try XzDecoder()
        case .bzip2: try BZip2Decoder()
        case .zstd: try ZstdDecoder()
        }
    }

    /// The first `limit` bytes that `data`, this format's data or the start of it, decompresses to (fewer when it
    /// holds fewer, or is damaged there): what tb regex looks at to tell a binary file.
    public func decompressedStart(of data: Span<UInt8>, limit: Int) -> [UInt8] {
        var start: [UInt8] = []
        guard let decoder = try? decompressor() else { return start }
        _ = try? decoder.decompress(data) { piece in
            Bytes.append(piece, 0..<min(piece.count, limit - start.count), to: &start)
            return start.count < limit
        }
        return start
    }
}
