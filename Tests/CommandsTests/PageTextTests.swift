// tb html's handling of what surrounds the tree: encoding sniffing (BOM, HTTP charset, the <meta> prescan, UTF-8
// or windows-1252), URL resolution as browsers do it (RFC 3986 §5.4 and real-world hrefs, srcset).
import Testing

@testable import HTMLCommands

struct PageTextTests {
    func sniff(_ text: [UInt8], http: String? = nil, override: String? = nil) -> String {
        HTMLEncoding.sniff(text, httpCharset: http, override: override).name
    }

    func decode(_ bytes: [UInt8], http: String? = nil) -> String {
        var decoder = HTMLDecoder(name: "t", override: nil)
        decoder.use(contentType: http.map { "text/html; charset=\($0)" })
        return String(decoding: decoder.decodeWhole(bytes) { _ in }, as: UTF8.self)
    }

    /// Decodes `bytes` as a stream in pieces of `size`; the output, and how many bytes had come in when the first
    /// output came out.
    func stream(_ bytes: [UInt8], pieces size: Int) -> (text: String, decidedAt: Int?) {
        var decoder = HTMLDecoder(name: "t", override: nil)
        var output: [UInt8] = []
        var decidedAt: Int?
        var start = 0
        while start < bytes.count {
            let piece = Array(bytes[start..<min(start + size, bytes.count)])
            decoder.decode(piece.span, final: false, into: &output) { _ in }
            start += piece.count
            if decidedAt == nil && !output.isEmpty { decidedAt = start }
        }
        decoder.decode(Span<UInt8>(), final: true, into: &output) { _ in }
        return (String(decoding: output, as: UTF8.self), decidedAt)
    }

    @Test func aStreamInSmallPiecesDecidesWhenTheFirstNonASCIIByteArrives() {
        let ascii = Array(repeating: UInt8(ascii: "a"), count: 3000)
        let utf8 = stream(ascii + Array("é and more".utf8), pieces: 7)
        #expect(utf8.text == String(repeating: "a", count: 3000) + "é and more")
        #expect(utf8.decidedAt == 3003)
        let latin = stream(ascii + [0xE9] + Array(" and more".utf8), pieces: 7)
        #expect(latin.text == String(repeating: "a", count: 3000) + "é and more")
        #expect(latin.decidedAt == 3003)
        // A label past the prescan window does not count, however the pieces fall.
        let late = stream(ascii + Array("<meta charset=koi8-r>".utf8), pieces: 5)
        #expect(late.decidedAt == nil)
        #expect(late.text.hasSuffix("<meta charset=koi8-r>"))
    }

    @Test func byteOrderMarksWinOverEverythingButTheOverride() {
        #expect(sniff([0xEF, 0xBB, 0xBF, 0x3C], http: "koi8-r") == "UTF-8")
        #expect(sniff([0xFF, 0xFE, 0x3C, 0x00], http: "utf-8") == "UTF-16LE")
        #expect(sniff([0xFE, 0xFF, 0x00, 0x3C]) == "UTF-16BE")
        #expect(sniff([0xEF, 0xBB, 0xBF], override: "shift_jis") == "CP932")
        #expect(
            decode([0xFF, 0xFE] + Array("<p>é</p>".unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0] }))
                == "<p>é</p>")
    }

    @Test func theHTTPCharsetWinsOverTheMeta() {
        let page = Array("<meta charset=utf-8><p>\u{E9}</p>".utf8)
        #expect(sniff(page, http: "iso-8859-2") == "ISO-8859-2")
        #expect(sniff(page, http: "no-such-thing") == "UTF-8")
    }

    @Test func theMetaPrescanFollowsTheStandard() {
        #expect(sniff(Array("<!doctype html><meta charset=\"Shift_JIS\">".utf8)) == "CP932")
        #expect(
            sniff(Array("<meta http-equiv=Content-Type content='text/html; charset=koi8-r'>".utf8)) == "KOI8-R")
        // content without http-equiv does not count; a charset inside a comment does not either.
        #expect(sniff(Array("<meta content='text/html; charset=koi8-r'>".utf8)) == "UTF-8")
        #expect(sniff(Array("<!-- <meta charset=koi8-r> --><p>x".utf8)) == "UTF-8")
        // Attributes of other tags are skipped whole: a quoted ">" does not end them.
        #expect(sniff(Array("<div title='<meta charset=koi8-r>'><meta charset=iso-8859-7>".utf8)) == "ISO-8859-7")
        // latin1 means windows-1252; a page that says UTF-16 in ASCII is UTF-8.
        #expect(sniff(Array("<meta charset=latin1>".utf8)) == "WINDOWS-1252")
        #expect(sniff(Array("<meta charset=utf-16>".utf8)) == "UTF-8")
        // Only the first 1024 bytes are looked at.
        let late = Array((String(repeating: " ", count: 1100) + "<meta charset=koi8-r>").utf8)
        #expect(sniff(late) == "UTF-8")
    }

    @Test func withoutAnyLabelUTF8OrWindows1252() {
        #expect(decode([0x3C, 0x70, 0x3E, 0xE9, 0x74, 0xE9, 0x80]) == "<p>été€")
        #expect(decode(Array("<p>café naïve".utf8)) == "<p>café naïve")
        // One stray byte in a UTF-8 page costs one character, not the rest of the page.
        let stray = Array("<p>café naïve résumé ".utf8) + [0xFF] + Array(" über".utf8)
        #expect(decode(stray) == "<p>café naïve résumé \u{FFFD} über")
    }

    @Test func shiftJISFromTheMetaIsConverted() {
        // 日本 in Shift_JIS.
        let page = Array("<meta charset=shift_jis><p>".utf8) + [0x93, 0xFA, 0x96, 0x7B]
        #expect(decode(page) == "<meta charset=shift_jis><p>日本")
    }

    @Test func rfc3986Examples() {
        let urls = PageURLs(base: "http://a/b/c/d;p?q")
        let cases: [(String, String)] = [
            ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
            ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
            ("../../g", "http://a/g"), ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"), ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g#s/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
        ]
        for (reference, expected) in cases {
            #expect(urls.resolve(reference) == expected, "\(reference)")
        }
    }

    @Test func realWorldHrefsAreCleanedAsBrowsersDo() {
        let urls = PageURLs(base: "https://example.org/dir/page.html")
        #expect(urls.resolve("  /a b.html\n") == "https://example.org/a%20b.html")
        #expect(urls.resolve("café.html?q=naïve#é") == "https://example.org/dir/caf%C3%A9.html?q=na%C3%AFve#%C3%A9")
        #expect(urls.resolve("..\\up\\x.html") == "https://example.org/up/x.html")
        #expect(urls.resolve("mailto:someone@example.org") == "mailto:someone@example.org")
        #expect(urls.resolve("javascript:void(0)") == "javascript:void(0)")
        #expect(urls.resolve("%7Euser/already%20escaped") == "https://example.org/dir/%7Euser/already%20escaped")
        #expect(urls.resolve("https://other.example/x\"y<z>") == "https://other.example/x%22y%3Cz%3E")
        #expect(PageURLs(base: nil).resolve(" relative/a b ") == "relative/a b")
    }

    @Test func srcsetCandidatesAreResolvedOneByOne() {
        let urls = PageURLs(base: "https://example.org/img/")
        #expect(
            urls.resolve(srcset: "a.png 1x, b.png 2x")
                == "https://example.org/img/a.png 1x, https://example.org/img/b.png 2x")
        #expect(
            urls.resolve(srcset: " small.jpg 480w,\n large.jpg  1080w ")
                == "https://example.org/img/small.jpg 480w, https://example.org/img/large.jpg 1080w")
        // Commas inside a URL belong to it; a comma ending one ends the candidate.
        #expect(urls.resolve(srcset: "a.png,b.png 2x") == "https://example.org/img/a.png,b.png 2x")
        #expect(
            urls.resolve(srcset: "a.png, b.png 2x") == "https://example.org/img/a.png, https://example.org/img/b.png 2x"
        )
        #expect(urls.resolve(attribute: "srcset", "/x,y.png 1x") == "https://example.org/x,y.png 1x")
        #expect(urls.resolve(attribute: "title", " not a url ") == " not a url ")
    }

    @Test func fileURLsOfPaths() {
        #expect(PageURLs.fileURL(path: "pages/a b.html", directory: "/tmp/x") == "file:///tmp/x/pages/a%20b.html")
        #expect(PageURLs.fileURL(path: "/abs/é.html", directory: "/tmp") == "file:///abs/%C3%A9.html")
    }

    @Test func normalizedAndContentText() {
        #expect(TextRendering.normalized("  a \n\t b  c ") == "a b c")
        #expect(TextRendering.normalized("\u{A0}x") == "\u{A0}x")
    }
}
