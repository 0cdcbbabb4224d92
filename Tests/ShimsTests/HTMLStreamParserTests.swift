// HTMLStreamParser, libxml2's HTML parser on a second thread for tb html --stream: the events of small documents
// however they are cut into pieces, the elements HTML 4 implies and closes, text, comments, hostile bytes, deep
// nesting, a huge script, and cancelling without leaving a thread behind.
import Foundation
import LibXML2
import Testing

@Suite(.serialized)  // the thread checks count the parsing threads of the whole process
struct HTMLStreamParserTests {
    /// Events as lines: `<name a="v">`, `</name>`, `text:…`, `comment:…`; consecutive text merged, as a caller does.
    final class Recorder {
        var lines: [String] = []
        var text: [UInt8] = []
        var textEvents = 0
        func record(_ event: HTMLStreamEvent) {
            if case .text(let bytes) = event {
                text += bytes
                textEvents += 1
                return
            }
            flushText()
            switch event {
            case .start(let name, let attributes):
                lines.append("<\(name)" + attributes.map { " \($0.name)=\"\($0.value)\"" }.joined() + ">")
            case .end(let name): lines.append("</\(name)>")
            case .comment(let bytes): lines.append("comment:" + String(decoding: bytes, as: UTF8.self))
            case .text: break
            }
        }
        func flushText() {
            guard !text.isEmpty else { return }
            lines.append("text:" + String(decoding: text, as: UTF8.self))
            text = []
        }
    }

    /// The events of `document` fed in `pieces`.
    func events(_ pieces: [[UInt8]]) throws -> [String] {
        let recorder = Recorder()
        let parser = try HTMLStreamParser()
        for piece in pieces { parser.feed(piece) { recorder.record($0) } }
        try parser.finish { recorder.record($0) }
        recorder.flushText()
        return recorder.lines
    }

    func events(_ document: String) throws -> [String] { try events([Array(document.utf8)]) }

    /// The parsing threads alive in this process.
    func parsingThreads() -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.count {
            (try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8)) == "tb html stream\n"
        }
    }

    /// The parsing threads alive once every ended one is gone from /proc: `pthread_join` returns when the thread
    /// has cleared its id, a moment before the kernel removes its task entry, so a count taken at once can still see
    /// it (CI saw 1 after 60 joined parsers). A thread that was never joined stays, and the count says so.
    func parsingThreadsAfterJoins() -> Int {
        var waits = 0
        while parsingThreads() > 0 && waits < 100 {
            usleep(10_000)
            waits += 1
        }
        return parsingThreads()
    }

    @Test func impliedElementsStartAndEnd() throws {
        #expect(
            try events("<title>T</title><p>one<p>two<ul><li>a<li>b</ul>")
                == [
                    "<html>", "<head>", "<title>", "text:T", "</title>", "</head>", "<body>", "<p>", "text:one", "</p>",
                    "<p>", "text:two", "</p>", "<ul>", "<li>", "text:a", "</li>", "<li>", "text:b", "</li>", "</ul>",
                    "</body>", "</html>",
                ])
        // Bare text gets a p; an empty document gives nothing.
        #expect(try events("bare") == ["<html>", "<body>", "<p>", "text:bare", "</p>", "</body>", "</html>"])
        #expect(try events("") == [])
    }

    @Test func attributesInOrderWithEntitiesDecoded() throws {
        let document = #"<A HREF="/x?a=1&amp;b=2" title='&lt;caf&eacute; &#x263A;&gt;' data-x=y disabled href=dup>"#
        #expect(
            try events(document) == [
                "<html>", "<body>", #"<a href="/x?a=1&b=2" title="<café ☺>" data-x="y" disabled="">"#, "</a>",
                "</body>", "</html>",
            ])
        let parser = try HTMLStreamParser()
        var checked = false
        parser.feed(Array(document.utf8)) { _ in }
        try parser.finish { event in
            guard case .start("a", let attributes) = event else { return }
            #expect(attributes.count == 4)
            #expect(attributes.value("href") == "/x?a=1&b=2")
            #expect(attributes.valueBytes("data-x").map(Array.init) == Array("y".utf8))
            #expect(attributes.value("disabled") == "")
            #expect(attributes.value("src") == nil)
            #expect(attributes.name(at: 1) == "title")
            checked = true
        }
        #expect(checked)
    }

    @Test func scriptTextIsNotMarkup() throws {
        let script = #"if (a < b && c) { s = "<a href='/decoy'>" + "</div>"; }"#
        #expect(
            try events("<script>\(script)</script><style>p > a { }</style>")
                == [
                    "<html>", "<head>", "<script>", "text:\(script)", "</script>", "<style>", "text:p > a { }",
                    "</style>", "</head>", "</html>",
                ])
    }

    @Test func comments() throws {
        #expect(
            try events("<p>a<!-- <a href=\"/c\"> -->b</p>")
                == [
                    "<html>", "<body>", "<p>", "text:a", #"comment: <a href="/c"> "#, "text:b", "</p>", "</body>",
                    "</html>",
                ])
    }

    @Test func unclosedTagsEndAtTheEnd() throws {
        #expect(
            try events("<div><span>x<div>y")
                == [
                    "<html>", "<body>", "<div>", "<span>", "text:x", "<div>", "text:y", "</div>", "</span>", "</div>",
                    "</body>", "</html>",
                ])
        // A start tag cut off by the end of the input: libxml2 drops the element from its stack without an end.
        #expect(
            try events("<div>x<y")
                == ["<html>", "<body>", "<div>", "text:x", "<y>", "</y>", "</div>", "</body>", "</html>"])
        #expect(try events("<div><a href=\"x\" title").suffix(4) == ["</a>", "</div>", "</body>", "</html>"])
        // A stray end tag is dropped; an end tag closes what is open inside it.
        #expect(
            try events("<div><b>x</i></div>y")
                == ["<html>", "<body>", "<div>", "<b>", "text:x", "</b>", "</div>", "text:y", "</body>", "</html>"])
    }

    static let sample = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>Caf\u{E9} &amp; co</title>
        <script>var s = "<a href='/no'>"; if (a < b) {}</script></head>
        <body class="x"><!-- a comment --><div id="d1"><p>one &eacute;t\u{E9} \u{1F600}<a href="/a?x=1&amp;y=2" title='t'>link</a>
        <p>two<br>three<img src="i.png" alt="\u{65E5}\u{672C}"></div><ul><li>a<li>b</ul>tail
        """

    @Test func anyCutGivesTheSameEvents() throws {
        let document = Array(Self.sample.utf8)
        let whole = try events([document])
        #expect(whole.contains(#"<a href="/a?x=1&y=2" title="t">"#))
        #expect(whole.contains("text:one ét\u{E9} \u{1F600}"))
        for cut in 1..<document.count {
            #expect(try events([Array(document[..<cut]), Array(document[cut...])]) == whole, "cut at \(cut)")
        }
        let bytes = try events(document.map { [$0] })
        #expect(bytes == whole, "\(bytes.difference(from: whole))")
    }

    /// Without text events the elements are the same (libxml2 still implies a p around bare text).
    @Test func elementsOnly() throws {
        let document = Array((Self.sample + "<!-- c -->bare").utf8)
        let recorder = Recorder()
        let parser = try HTMLStreamParser(text: false)
        parser.feed(document) { recorder.record($0) }
        try parser.finish { recorder.record($0) }
        recorder.flushText()
        #expect(
            recorder.lines == (try events([document])).filter { !$0.hasPrefix("text:") && !$0.hasPrefix("comment:") })
    }

    /// tb transcodes to UTF-8 before parsing: a meta charset must not make libxml2 read the bytes as another charset.
    @Test func metaCharsetDoesNotSwitchTheEncoding() throws {
        for meta in [
            #"<meta charset="windows-1252">"#,
            #"<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">"#,
        ] {
            #expect(try events("\(meta)<p>caf\u{E9}</p>").contains("text:caf\u{E9}"))
        }
    }

    /// A byte that is not UTF-8 and U+0000 become U+FFFD: libxml2 would read the rest of the page as Latin-1, or
    /// drop it.
    @Test func badBytesBecomeReplacementCharacters() throws {
        let bad: [UInt8] =
            Array("<p>a".utf8) + [0xFF] + Array("b caf\u{E9}</p><p title=\"x".utf8) + [0]
            + Array("y\">z</p>".utf8) + [0xE2, 0x82]
        let expected = [
            "<html>", "<body>", "<p>", "text:a\u{FFFD}b caf\u{E9}", "</p>", "<p title=\"x\u{FFFD}y\">", "text:z",
            "</p>",
            "text:\u{FFFD}", "</body>", "</html>",
        ]
        #expect(try events([bad]) == expected)
        #expect(try events([[0] + Array("<p>x".utf8)]).contains("text:x"))
        // A character cut off by the end of the input: U+FFFD.
        #expect(try events([Array("<p>x".utf8) + [0xE2, 0x82]]).contains("text:x\u{FFFD}"))
        // Ill-formed sequences, each maximal part one U+FFFD (Unicode §3.9): surrogate, overlong, too large.
        let sequences: [UInt8] = [0xED, 0xA0, 0x80, 0xC0, 0xAF, 0xF4, 0x90, 0x80, 0x80, 0xE2, 0x82, 0x41]
        let replaced = try events([Array("<p>".utf8) + sequences])
        #expect(replaced.contains("text:" + String(repeating: "\u{FFFD}", count: 10) + "A"))
    }

    @Test(arguments: [400, 100_000])
    func deepNesting(depth: Int) throws {
        let document = String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
        var starts = 0
        var ends = 0
        var deepest = 0
        var open = 0
        let parser = try HTMLStreamParser()
        let count = { (event: HTMLStreamEvent) in
            switch event {
            case .start:
                starts += 1
                open += 1
                deepest = max(deepest, open)
            case .end:
                ends += 1
                open -= 1
            case .text(let text): #expect(text.elementsEqual("deep".utf8))
            case .comment: break
            }
        }
        parser.feed(Array(document.utf8), handle: count)
        try parser.finish(handle: count)
        #expect(starts == depth + 2)  // html and body
        #expect(ends == starts)
        #expect(deepest == depth + 2)
    }

    /// The text of a 14 MB script comes in pieces of at most 64 KiB; together they are the script.
    @Test func hugeInlineScript() throws {
        let line = Array("var s = '<a href=\"/x\">' + \"</p>\"; // 64 bytes of code.........\n".utf8)
        let script = [[UInt8]](repeating: line, count: 14 * 1024 * 1024 / line.count).flatMap { $0 }
        let document = Array("<p>a</p><script>".utf8) + script + Array("</script><p>b</p>".utf8)
        let recorder = Recorder()
        var pieces = 0
        var largest = 0
        let parser = try HTMLStreamParser()
        let handle = { (event: HTMLStreamEvent) in
            if case .text(let text) = event, text.count > 100 {
                pieces += 1
                largest = max(largest, text.count)
            }
            recorder.record(event)
        }
        for start in stride(from: 0, to: document.count, by: 128 * 1024) {
            parser.feed(Array(document[start..<min(start + 128 * 1024, document.count)]), handle: handle)
        }
        try parser.finish(handle: handle)
        recorder.flushText()
        #expect(
            recorder.lines.filter { $0.hasPrefix("<") }
                == ["<html>", "<body>", "<p>", "</p>", "<script>", "</script>", "<p>", "</p>", "</body>", "</html>"])
        #expect(recorder.lines.contains("text:" + String(decoding: script, as: UTF8.self)))
        #expect(pieces > 100)
        #expect(largest <= 64 * 1024 + 1000)
    }

    /// A page of `links` links, in pieces of 64 KiB.
    func linkPage(_ links: Int) -> [[UInt8]] {
        var page = Array("<html><body>".utf8)
        for index in 0..<links {
            page += Array("<div><p>item \(index) <a href=\"/\(index)\">link</a></p></div>\n".utf8)
        }
        return stride(from: 0, to: page.count, by: 65536).map { Array(page[$0..<min($0 + 65536, page.count)]) }
    }

    /// Cancelling from inside a handler (enough found, the reader went away) stops the events and the thread.
    @Test func cancelMidway() throws {
        let parser = try HTMLStreamParser()
        var links = 0
        var afterCancel = 0
        var cancelled = false
        let handle = { (event: HTMLStreamEvent) in
            if cancelled { afterCancel += 1 }
            if case .start("a", _) = event {
                links += 1
                if links == 1000 {
                    #expect(parsingThreads() == 1)
                    parser.cancel()
                    cancelled = true
                }
            }
        }
        for piece in linkPage(100_000) { parser.feed(piece, handle: handle) }
        parser.drain(handle: handle)
        try parser.finish(handle: handle)
        parser.cancel()
        #expect(links == 1000)
        #expect(afterCancel == 0)
        #expect(parsingThreadsAfterJoins() == 0)
    }

    /// Whichever way a parser ends (finished, cancelled, dropped half-way), its thread is gone, and no descriptor stays.
    @Test func nothingLeftBehind() throws {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        let page = linkPage(5_000)
        for round in 0..<60 {
            let parser = try HTMLStreamParser()
            for piece in page.prefix(round % 3 == 0 ? page.count : 2) { parser.feed(piece) { _ in } }
            switch round % 3 {
            case 0: try parser.finish { _ in }
            case 1: parser.cancel()
            default: break  // dropped: deinit cancels
            }
        }
        #expect(parsingThreadsAfterJoins() == 0)
        let after = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        #expect(after < descriptors + 30, "\(descriptors) descriptors before, \(after) after")
    }

    /// `drain` hands over what the parser has parsed so far: all but the last few KB (libxml2 reads 4,000 bytes at a
    /// time, and up to 250 bytes ahead).
    @Test func drainHandsOverWhatWasParsed() throws {
        let parser = try HTMLStreamParser()
        var ended: [String] = []
        let handle = { (event: HTMLStreamEvent) in
            if case .end(let name) = event { ended.append(name) }
        }
        let text = String(repeating: "text ", count: 2_000)
        parser.feed(Array("<div><a href=1>x</a>\(text)<b>".utf8), handle: handle)
        parser.drain(handle: handle)
        #expect(ended == ["a"])
        try parser.finish(handle: handle)
        #expect(ended == ["a", "b", "div", "body", "html"])
    }
}
