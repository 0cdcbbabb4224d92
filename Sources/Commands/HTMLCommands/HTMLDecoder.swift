// Turns a page's bytes into clean UTF-8 for the parsers, whole or piece by piece: the encoding is sniffed from the
// first bytes (HTMLEncoding), converted with iconv when it is not UTF-8, and invalid bytes become U+FFFD — never
// libxml2's Latin-1 fallback.
import Bytes
import POSIX
import Toolbox

/// The decoding stage of one source.
struct HTMLDecoder {
    private let name: String
    private let override: String?
    private var httpCharset: String?
    /// The first bytes, held until the encoding is known (streaming only).
    private var head: [UInt8] = []
    /// What the held head has shown so far, kept as pieces arrive: a stream fed in small pieces (a chunk a line)
    /// would otherwise scan its whole head again for every piece, up to 64 KB each time.
    private var headHasNonASCII = false
    /// The prescan window was complete and named no charset: it will not name one later.
    private var prescanFoundNoLabel = false
    private(set) var encoding: HTMLEncoding?
    private var transcoder: Transcoder?
    private var sanitizer = UTF8Sanitizer()

    /// How many bytes a stream waits for at most before it decides, for some text to tell UTF-8 from windows-1252;
    /// it decides sooner once the <meta> prescan's window is there and either a label or a non-ASCII byte is, or
    /// when the input pauses (`decideNow`).
    static let streamSniffLength = 64 << 10

    init(name: String, override: String?) {
        self.name = name
        self.override = override
    }

    /// The charset of the Content-Type the server sent: it wins over the page's <meta>.
    mutating func use(contentType: String?) {
        httpCharset = SourceInfo.charset(ofContentType: contentType)
    }

    /// A whole document as UTF-8.
    mutating func decodeWhole(_ bytes: [UInt8], warn: (String) -> Void) -> [UInt8] {
        let skip = decide(bytes, warn: warn)
        // Most pages are clean UTF-8 already: they are used as they are, not copied.
        if transcoder == nil && skip == 0 && UTF8Sanitizer.isClean(bytes.span) { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        convert(bytes.span.extracting(skip..<bytes.count), final: true, into: &output)
        return output
    }

    /// The next piece of a stream, appending UTF-8 to `output`.
    mutating func decode(_ bytes: Span<UInt8>, final: Bool, into output: inout [UInt8], warn: (String) -> Void) {
        guard encoding != nil else {
            if !headHasNonASCII { headHasNonASCII = Bytes.firstIndex(in: bytes, from: 0) { $0 >= 0x80 } < bytes.count }
            Bytes.append(bytes, to: &head)
            guard final || head.count >= Self.streamSniffLength || canDecideEarly() else { return }
            let held = head
            head = []
            let skip = decide(held, warn: warn)
            convert(held.span.extracting(skip..<held.count), final: final, into: &output)
            return
        }
        convert(bytes, final: final, into: &output)
    }

    /// Whether the held head settles the encoding already: the prescan window is complete and holds a byte order
    /// mark, a label or a byte that is not ASCII (or the server named a charset).
    private mutating func canDecideEarly() -> Bool {
        guard head.count >= HTMLEncoding.prescanLength else { return false }
        if httpCharset != nil || override != nil || headHasNonASCII { return true }
        guard !prescanFoundNoLabel else { return false }
        var prescan = MetaPrescan(head.prefix(HTMLEncoding.prescanLength))
        if prescan.charset() != nil { return true }
        prescanFoundNoLabel = true
        return false
    }

    /// Before the input pauses: a stream that has its prescan window decides with what it has (UTF-8 when that is
    /// all ASCII), so that its first records do not wait for more bytes; shorter heads keep waiting.
    mutating func decideNow(into output: inout [UInt8], warn: (String) -> Void) {
        guard encoding == nil, head.count >= HTMLEncoding.prescanLength else { return }
        let held = head
        head = []
        let skip = decide(held, warn: warn)
        convert(held.span.extracting(skip..<held.count), final: false, into: &output)
    }

    /// Picks the encoding from `head`; returns the length of its byte order mark.
    private mutating func decide(_ head: [UInt8], warn: (String) -> Void) -> Int {
        var chosen = HTMLEncoding.sniff(head, httpCharset: httpCharset, override: override)
        if !chosen.isUTF8 {
            do {
                transcoder = try Transcoder(from: chosen.name)
            } catch {
                warn("'\(name)' is in '\(chosen.name)', which this system cannot convert; reading it as UTF-8")
                chosen = HTMLEncoding(name: "UTF-8", skip: chosen.skip)
            }
        }
        encoding = chosen
        return chosen.skip
    }

    private mutating func convert(_ bytes: Span<UInt8>, final: Bool, into output: inout [UInt8]) {
        if let transcoder {
            var converted: [UInt8] = []
            transcoder.convert(bytes, final: final, into: &converted)
            sanitizer.sanitize(converted.span, final: final) { Bytes.append($0, to: &output) }
        } else {
            sanitizer.sanitize(bytes, final: final) { Bytes.append($0, to: &output) }
        }
    }
}
