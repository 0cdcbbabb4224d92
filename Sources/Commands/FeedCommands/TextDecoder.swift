// Turns a feed's bytes into clean UTF-8 for expat, piece by piece: it decides the encoding from the first bytes (and
// the HTTP charset), converts with iconv when needed, repairs bad bytes, and drops what comes before the first "<".
import Bytes
import POSIX
import Toolbox

/// The decoding stage of one source.
struct TextDecoder {
    private let name: String
    private var httpCharset: String?
    /// The first bytes, held until the encoding is known.
    private var head: [UInt8] = []
    private var encoding: DocumentEncoding?
    private var transcoder: Transcoder?
    private var sanitizer = UTF8Sanitizer()
    private var converted: [UInt8] = []
    /// Before the first "<": white space and byte order marks are dropped, so that a feed with a blank line before
    /// its XML declaration still parses.
    private var leading = true

    init(name: String) {
        self.name = name
    }

    /// The charset of the Content-Type the server sent; it wins over the document's declaration.
    mutating func use(contentType: String?) {
        httpCharset = SourceInfo.charset(ofContentType: contentType)
    }

    /// Decodes the next piece, appending UTF-8 to `output`; `warn` hears about an encoding that cannot be read.
    mutating func decode(_ bytes: Span<UInt8>, final: Bool, into output: inout [UInt8], warn: (String) -> Void) {
        guard encoding != nil else {
            for index in 0..<bytes.count { head.append(bytes[index]) }
            guard final || DocumentEncoding.canDecide(head) else { return }
            let held = decide(warn: warn)
            convert(held.span, final: final, into: &output)
            return
        }
        convert(bytes, final: final, into: &output)
    }

    /// Picks the encoding; returns the held bytes, without a byte order mark.
    private mutating func decide(warn: (String) -> Void) -> [UInt8] {
        var (chosen, skip) = DocumentEncoding.detect(head, httpCharset: httpCharset)
        if case .iconv(let charset) = chosen {
            do {
                transcoder = try Transcoder(from: charset)
            } catch {
                warn("'\(name)' is in '\(charset)', which this system cannot convert; reading it as UTF-8")
                chosen = .utf8
            }
        }
        encoding = chosen
        let held = Array(head.dropFirst(skip))
        head = []
        return held
    }

    private mutating func convert(_ bytes: Span<UInt8>, final: Bool, into output: inout [UInt8]) {
        switch encoding {
        case .iconv?:
            converted.removeAll(keepingCapacity: true)
            transcoder?.convert(bytes, final: final, into: &converted)
            let text = converted
            repair(text.span, final: final, into: &output)
        case .latin1?, .windows1252?:
            converted.removeAll(keepingCapacity: true)
            let windows = encoding == .windows1252
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    converted.append(byte)
                } else if windows && byte < 0xA0 {
                    let scalar = Self.windows1252[Int(byte - 0x80)]
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
            }
            let text = converted
            repair(text.span, final: final, into: &output)
        default:
            repair(bytes, final: final, into: &output)
        }
    }

    private mutating func repair(_ bytes: Span<UInt8>, final: Bool, into output: inout [UInt8]) {
        var leading = self.leading
        sanitizer.sanitize(bytes, final: final) { piece in
            var start = 0
            if leading {
                while start < piece.count && piece[start] != UInt8(ascii: "<") {
                    let byte = piece[start]
                    guard
                        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB
                            || byte == 0xBF
                    else { break }
                    start += 1
                }
                if start < piece.count { leading = false }
            }
            Bytes.append(piece, start..<piece.count, to: &output)
        }
        self.leading = leading
    }

    /// What windows-1252's bytes 0x80-0x9F are, as the WHATWG standard's index has them: the five it leaves
    /// unassigned are the C1 controls of the same number, as in ISO-8859-1.
    private static let windows1252: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
        0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
