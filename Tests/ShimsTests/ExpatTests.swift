// The Expat shim's defenses against huge tokens: reparse deferral is on when the library has it (make deps sees
// that it does), and the bytes of an unfinished token that expat holds can be read after each piece.
import Expat
import Testing

struct ExpatTests {
    final class Ignoring: ExpatDelegate {}

    /// libexpat1 2.5.0-1+deb12u2 and later backport XML_SetReparseDeferralEnabled; without it, a 64 MB attribute
    /// takes expat 15 s (it parses the unfinished token again for every piece).
    @Test func reparseDeferralIsOn() throws {
        #expect(ExpatParser.canDeferReparsing, "libexpat \(ExpatParser.version) is too old: run make deps")
        let parser = try ExpatParser(delegate: Ignoring())
        #expect(parser.defersReparsing == ExpatParser.canDeferReparsing)
        parser.defersReparsing = false
        #expect(!parser.defersReparsing)
    }

    /// What expat holds of an unfinished token grows with every piece, with reparse deferral and without. With it,
    /// expat may not look at a piece at all: then it holds the piece too, until enough has come to parse again.
    @Test(arguments: [true, false])
    func unfinishedBytesCountWhatExpatHolds(deferring: Bool) throws {
        let parser = try ExpatParser(delegate: Ignoring())
        parser.defersReparsing = deferring
        let start = Array("<r>text<a b='".utf8)
        try parser.parse(start.span, final: false)
        #expect(parser.unfinishedBytes == 6)
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 10_000)
        for count in 1...300 {
            try parser.parse(piece.span, final: false)
            #expect(parser.unfinishedBytes == 6 + count * 10_000)
        }
        try parser.parse(Array("'/>".utf8).span, final: false)
        #expect(parser.unfinishedBytes == (deferring && ExpatParser.canDeferReparsing ? 3_000_009 : 0))
        // Text as long as the tag makes even a deferring expat parse again; text is reported as it comes.
        let text = [UInt8](repeating: UInt8(ascii: "t"), count: 3_000_009)
        try parser.parse(text.span, final: false)
        #expect(parser.unfinishedBytes == 0)
        try parser.parse(Array("</r>".utf8).span, final: true)
    }

    /// A document of small tokens, fed a few bytes at a time, never leaves more than a token unparsed.
    @Test func smallTokensLeaveLittle() throws {
        let parser = try ExpatParser(delegate: Ignoring())
        var document = Array("<rss><channel>".utf8)
        for index in 0..<2_000 { document += Array("<item><title>item \(index)</title></item>\n".utf8) }
        document += Array("</channel></rss>".utf8)
        var most = 0
        for start in stride(from: 0, to: document.count, by: 7) {
            try parser.parse(document[start..<min(start + 7, document.count)].span, final: false)
            most = max(most, parser.unfinishedBytes)
        }
        try parser.parse(Span(), final: true)
        #expect(most < 32)
    }
}
