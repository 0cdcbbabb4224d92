// The decoding stage tb feed and tb html share: it holds a stream's first bytes until the format's sniffer can name
// the encoding, turns the bytes into UTF-8 (single-byte Latin encodings by table, anything else with iconv) and
// repairs what is not valid UTF-8, so that one bad byte costs one character, never the rest of the document.
import Bytes
import POSIX

/// The decoding stage of one source.
public struct StreamDecoder {
    private let name: String
    private var sniffer: any EncodingSniffer
    private var httpCharset: String?
    /// The first bytes, held until the encoding is known (streaming only).
    private var head: [UInt8] = []
    /// How the bytes become UTF-8; nil until the encoding is known.
    private var conversion: Conversion?
    private var sanitizer = UTF8Sanitizer()
    /// The last piece converted, before its repair: kept for its capacity, as a stream converts many.
    private var converted: [UInt8] = []

    /// A decoder for the source `name` (as warnings call it), whose encoding `sniffer` finds.
    public init(name: String, sniffer: some EncodingSniffer) {
        self.name = name
        self.sniffer = sniffer
    }

    /// The charset of the Content-Type the server sent; the sniffer weighs it against the document's own.
    public mutating func use(contentType: String?) {
        httpCharset = SourceInfo.charset(ofContentType: contentType)
    }

    /// A whole document as UTF-8; `warn` hears about an encoding that cannot be read.
    public mutating func decodeWhole(_ bytes: [UInt8], warn: (String) -> Void) -> [UInt8] {
        let skip = decide(bytes, warn: warn)
        // Most pages are clean UTF-8 already: they are used as they are, not copied.
        if case .utf8? = conversion, skip == 0 && UTF8Sanitizer.isClean(bytes.span) { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        convert(bytes.span.extracting(skip..<bytes.count), final: true, into: &output)
        // A whole page's converted copy would otherwise stay as long as the decoder does, beside its tree.
        converted = []
        return output
    }

    /// Decodes the next piece of a stream, appending UTF-8 to `output`; `warn` hears about an encoding that cannot
    /// be read.
    public mutating func decode(_ bytes: Span<UInt8>, final: Bool, into output: inout [UInt8], warn: (String) -> Void) {
        guard conversion != nil else {
            Bytes.append(bytes, to: &head)
            guard final || sniffer.canDecide(head, after: bytes, httpCharset: httpCharset) else { return }
            decideHead(final: final, into: &output, warn: warn)
            return
        }
        convert(bytes, final: final, into: &output)
    }

    /// Before the input pauses: a stream whose sniffer allows it decides with what it has, so that its first
    /// records do not wait for more bytes.
    public mutating func decideNow(into output: inout [UInt8], warn: (String) -> Void) {
        guard conversion == nil, sniffer.canDecideBeforePause(head) else { return }
        decideHead(final: false, into: &output, warn: warn)
    }

    private mutating func decideHead(final: Bool, into output: inout [UInt8], warn: (String) -> Void) {
        let held = head
        head = []
        let skip = decide(held, warn: warn)
        convert(held.span.extracting(skip..<held.count), final: final, into: &output)
    }

    /// Picks the encoding of a document that starts with `head`; returns the length of its byte order mark.
    private mutating func decide(_ head: [UInt8], warn: (String) -> Void) -> Int {
        let (encoding, skip) = sniffer.sniff(head, httpCharset: httpCharset)
        switch encoding {
        case .utf8: conversion = .utf8
        case .latin1: conversion = .table(Self.latin1)
        case .windows1252: conversion = .table(Self.windows1252)
        // glibc's WINDOWS-1252 rejects the five bytes the WHATWG table leaves to the C1 controls (they become
        // U+FFFD): a table that does the same reads as iconv does, without iconv.
        case .iconv("WINDOWS-1252"): conversion = .table(Self.iconvWindows1252)
        case .iconv(let charset):
            do {
                conversion = .iconv(try Transcoder(from: charset))
            } catch {
                warn("'\(name)' is in '\(charset)', which this system cannot convert; reading it as UTF-8")
                conversion = .utf8
            }
        }
        return skip
    }

    private mutating func convert(_ bytes: Span<UInt8>, final: Bool, into output: inout [UInt8]) {
        converted.removeAll(keepingCapacity: true)
        switch conversion {
        case .table(let table)?: Self.convert(bytes, by: table, into: &converted)
        case .iconv(let transcoder)?: transcoder.convert(bytes, final: final, into: &converted)
        default:
            sanitizer.sanitize(bytes, final: final) { Bytes.append($0, to: &output) }
            return
        }
        let text = converted
        sanitizer.sanitize(text.span, final: final) { Bytes.append($0, to: &output) }
    }

    /// A single-byte encoding by its table: ASCII is itself, 0x80-0x9F what `table` says, 0xA0-0xFF the code point of
    /// the same number. Runs of ASCII, most of a Latin text, are copied whole.
    private static func convert(_ bytes: Span<UInt8>, by table: [UInt16], into converted: inout [UInt8]) {
        var start = 0
        while start < bytes.count {
            let end = Bytes.firstIndex(in: bytes, from: start) { $0 >= 0x80 }
            Bytes.append(bytes, start..<end, to: &converted)
            guard end < bytes.count else { return }
            let byte = bytes[end]
            if byte < 0xA0 {
                let scalar = table[Int(byte - 0x80)]
                if scalar < 0x800 {
                    converted.append(UInt8(0xC0 | scalar >> 6))
                    converted.append(UInt8(0x80 | scalar & 0x3F))
                } else {
                    converted.append(UInt8(0xE0 | scalar >> 12))
                    converted.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                    converted.append(UInt8(0x80 | scalar & 0x3F))
                }
            } else {
                converted.append(0xC0 | byte >> 6)
                converted.append(0x80 | byte & 0x3F)
            }
            start = end + 1
        }
    }

    /// How the bytes of a source become UTF-8.
    private enum Conversion {
        /// They are UTF-8: only repaired.
        case utf8
        /// A single-byte encoding, by what its bytes 0x80-0x9F are (the rest are their own code points).
        case table([UInt16])
        case iconv(Transcoder)
    }

    /// ISO-8859-1's bytes 0x80-0x9F: the C1 controls of the same number.
    private static let latin1: [UInt16] = Array(0x80...0x9F)

    /// What windows-1252's bytes 0x80-0x9F are, as the WHATWG standard's index has them: the five it leaves
    /// unassigned are the C1 controls of the same number, as in ISO-8859-1.
    private static let windows1252: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
        0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// windows-1252 as glibc's iconv reads it: the standard's table, with U+FFFD for the five bytes it leaves
    /// unassigned (0x81, 0x8D, 0x8F, 0x90, 0x9D).
    private static let iconvWindows1252: [UInt16] = windows1252.enumerated().map { index, scalar in
        scalar == UInt16(0x80 + index) ? 0xFFFD : scalar
    }
}
