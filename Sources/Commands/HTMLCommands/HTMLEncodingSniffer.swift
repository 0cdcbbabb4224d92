// When a page's stream has shown enough to tell its encoding, and what HTMLEncoding then says: the HTML standard's
// sniffing, fed as the bytes arrive.
import Bytes
import Toolbox

/// tb html's encoding sniffer.
struct HTMLEncodingSniffer: EncodingSniffer {
    /// --encoding's label, which wins over everything the page says.
    let override: String?
    /// What the held head has shown so far, kept as pieces arrive: a stream fed in small pieces (a chunk a line)
    /// would otherwise scan its whole head again for every piece, up to 64 KB each time.
    private var headHasNonASCII = false
    /// The prescan window was complete and named no charset: it will not name one later.
    private var prescanFoundNoLabel = false

    /// How many bytes a stream waits for at most before it decides, for some text to tell UTF-8 from windows-1252;
    /// it decides sooner once the <meta> prescan's window is there and either a label or a non-ASCII byte is, or
    /// when the input pauses (`canDecideBeforePause`).
    static let streamSniffLength = 64 << 10

    init(override: String?) {
        self.override = override
    }

    mutating func canDecide(_ head: [UInt8], after piece: Span<UInt8>, httpCharset: String?) -> Bool {
        if !headHasNonASCII { headHasNonASCII = Bytes.firstIndex(in: piece, from: 0) { $0 >= 0x80 } < piece.count }
        return head.count >= Self.streamSniffLength || canDecideEarly(head, httpCharset: httpCharset)
    }

    /// Whether the held head settles the encoding already: the prescan window is complete and holds a byte order
    /// mark, a label or a byte that is not ASCII (or the server named a charset).
    private mutating func canDecideEarly(_ head: [UInt8], httpCharset: String?) -> Bool {
        guard head.count >= HTMLEncoding.prescanLength else { return false }
        if httpCharset != nil || override != nil || headHasNonASCII { return true }
        guard !prescanFoundNoLabel else { return false }
        var prescan = MetaPrescan(head.prefix(HTMLEncoding.prescanLength))
        if prescan.charset() != nil { return true }
        prescanFoundNoLabel = true
        return false
    }

    /// A stream that has its prescan window decides with what it has (UTF-8 when that is all ASCII); shorter heads
    /// keep waiting.
    func canDecideBeforePause(_ head: [UInt8]) -> Bool {
        head.count >= HTMLEncoding.prescanLength
    }

    func sniff(_ head: [UInt8], httpCharset: String?) -> (encoding: TextEncoding, byteOrderMark: Int) {
        let found = HTMLEncoding.sniff(head, httpCharset: httpCharset, override: override)
        return (found.isUTF8 ? .utf8 : .iconv(found.name), found.skip)
    }
}
