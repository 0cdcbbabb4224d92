// The decoding stage tb feed and tb html share: its tables read every byte as iconv does where they stand in for it,
// and a stream in pieces comes out as the same document read whole.
import Testing
import Toolbox

struct StreamDecoderTests {
    /// A sniffer that names one encoding, whatever the bytes.
    struct Fixed: EncodingSniffer {
        let encoding: TextEncoding
        func canDecide(_ head: [UInt8], after piece: Span<UInt8>, httpCharset: String?) -> Bool { head.count >= 4 }
        func canDecideBeforePause(_ head: [UInt8]) -> Bool { false }
        func sniff(_ head: [UInt8], httpCharset: String?) -> (encoding: TextEncoding, byteOrderMark: Int) {
            (encoding, 0)
        }
    }

    /// Every byte, each between two letters, so that a byte iconv rejects shows as one U+FFFD among them.
    let everyByte = (0...255).flatMap { [UInt8(ascii: "a"), UInt8($0)] } + [UInt8(ascii: "a")]

    func whole(_ encoding: TextEncoding) -> [UInt8] {
        var decoder = StreamDecoder(name: "t", sniffer: Fixed(encoding: encoding))
        var warnings: [String] = []
        let output = decoder.decodeWhole(everyByte) { warnings.append($0) }
        #expect(warnings.isEmpty)
        return output
    }

    @Test func theTablesReadAsIconvDoes() {
        // CP1252 and ISO_8859-1 are iconv's other names for the same converters, which no table stands in for.
        #expect(whole(.iconv("WINDOWS-1252")) == whole(.iconv("CP1252")))
        #expect(whole(.latin1) == whole(.iconv("ISO_8859-1")))
        // The WHATWG standard's windows-1252 differs from iconv's only in the five bytes iconv leaves unassigned.
        let standard = String(decoding: whole(.windows1252), as: UTF8.self).unicodeScalars.map(\.value)
        let iconv = String(decoding: whole(.iconv("CP1252")), as: UTF8.self).unicodeScalars.map(\.value)
        let differing = zip(standard, iconv).filter { $0 != $1 }
        #expect(differing.map(\.0) == [0x81, 0x8D, 0x8F, 0x90, 0x9D])
        #expect(differing.allSatisfy { $0.1 == 0xFFFD })
    }

    @Test func aStreamInPiecesReadsAsTheWholeDocument() {
        for encoding in [TextEncoding.utf8, .windows1252, .latin1, .iconv("WINDOWS-1252"), .iconv("UTF-16LE")] {
            var decoder = StreamDecoder(name: "t", sniffer: Fixed(encoding: encoding))
            var output: [UInt8] = []
            var start = 0
            while start < everyByte.count {
                let piece = Array(everyByte[start..<min(start + 3, everyByte.count)])
                decoder.decode(piece.span, final: false, into: &output) { _ in }
                start += piece.count
            }
            decoder.decode(Span<UInt8>(), final: true, into: &output) { _ in }
            #expect(output == whole(encoding), "\(encoding)")
        }
    }
}
