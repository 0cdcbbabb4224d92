// Turns a feed's bytes into clean UTF-8 for expat, piece by piece: the shared StreamDecoder with XML's sniffer, and
// then feed's own rule, that what comes before the first "<" is dropped.
import Toolbox

/// The decoding stage of one source.
struct TextDecoder {
    private var decoder: StreamDecoder
    /// Before the first "<": white space and byte order marks are dropped, so that a feed with a blank line before
    /// its XML declaration still parses.
    private var leading = true

    init(name: String) {
        decoder = StreamDecoder(name: name, sniffer: XMLEncodingSniffer())
    }

    /// The charset of the Content-Type the server sent; it wins over the document's declaration.
    mutating func use(contentType: String?) {
        decoder.use(contentType: contentType)
    }

    /// Decodes the next piece, appending UTF-8 to `output`; `warn` hears about an encoding that cannot be read.
    mutating func decode(_ bytes: Span<UInt8>, final: Bool, into output: inout [UInt8], warn: (String) -> Void) {
        let start = output.count
        decoder.decode(bytes, final: final, into: &output, warn: warn)
        guard leading else { return }
        var end = start
        while end < output.count {
            let byte = output[end]
            guard
                byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB
                    || byte == 0xBF
            else { break }
            end += 1
        }
        if end < output.count { leading = false }
        output.removeSubrange(start..<end)
    }
}
