import Foundation
import TestSupport
import Testing
import Toolbox

// tb html in-process: the four operations of the tool it replaces (body, all links, an attribute, raw HTML), records
// and paths, URLs, text modes, HTML5 trees against libxml2's, encodings, --xpath, limits, exit statuses, huge pages.
@testable import HTMLCommands

struct HTMLCommandTests: CommandTesting {
    static let command: any Command.Type = HTMLCommand.self
    let scratch = Scratch()

    /// One field of every record.
    func values(_ field: String, _ argv: [String]) throws -> [String?] {
        try records(argv).map { $0[field]?.string }
    }

    var page: String { Fixtures.folder("html/page.html") }
    var html5: String { Fixtures.folder("html/html5.html") }
    var pageURL: String { "file://" + page }

    // MARK: The four operations of the original tool

    @Test func theBody() throws {
        let found = try records(["body", page])
        #expect(found.count == 1)
        #expect(found[0]["type"]?.string == "node")
        #expect(found[0]["source"]?.string == page)
        #expect(found[0]["tag"]?.string == "body")
        #expect(found[0]["attributes"] == .object(["class": .string("home")]))
        #expect(found[0]["path"]?.string == "/html/body")
        #expect(found[0]["text"]?.string?.hasPrefix("Home About Ferry timetable The winter timetable") == true)
        #expect(found[0]["html"] == .null)
        #expect(found[0]["value"] == .null)
    }

    @Test func everyLinkInDocumentOrderNestedOnesToo() throws {
        let found = try records(["a", page])
        #expect(found.map { $0["text"]?.string } == ["Home", "About", "more", "elsewhere", "a link"])
        #expect(
            found.map { $0["path"]?.string } == [
                "/html/body/nav[1]/a[1]", "/html/body/nav[1]/a[2]", "/html/body/div[1]/p[2]/a[1]",
                "/html/body/div[1]/p[2]/a[2]", "/html/body/div[1]/div[1]/p[1]/a[1]",
            ])
        // Decoded, in order, URLs absolute against the file's own URL.
        #expect(
            found[1]["attributes"]
                == .object([
                    "href": .string(pageURL.replacingOccurrences(of: "page.html", with: "about.html?x=1&y=2")),
                    "title": .string("About \"us\""),
                ]))
        let stories = try values("text", ["div.story", page])
        #expect(stories.count == 3)
    }

    @Test func anAttributeOfEachNode() throws {
        let base = pageURL.replacingOccurrences(of: "page.html", with: "")
        #expect(
            try values("value", ["--attr", "href", "a", page]) == [
                "file:///", base + "about.html?x=1&y=2", base + "stories/ferry.html", "https://other.example/x",
                base + "spaced%20link.html",
            ])
        // Several names: one record per attribute a node has; nodes without any are left out.
        let both = try records(["-a", "src", "-a", "alt", "img, a[title]", page])
        #expect(both.map { $0["value"]?.string } == [base + "img/cafe.jpg", "The café"])
        #expect(
            try values("value", ["-a", "srcset", "img", page]) == [
                base + "img/cafe-2x.jpg 2x, " + base + "img/cafe-3x.jpg 3x"
            ])
        #expect(try values("value", ["-a", "href", "--raw-urls", "a", page])[4] == " spaced link.html ")
        #expect(
            try values("value", ["-a", "href", "--base", "https://example.org/news/", "a", page])[2]
                == "https://example.org/news/stories/ferry.html")
    }

    @Test func rawContentsAsOuterAndInnerHTML() throws {
        #expect(
            try values("html", ["--html", "nav", page]) == [
                #"<nav id="top"><a href="/">Home</a> <a href="about.html?x=1&amp;y=2" title="About &quot;us&quot;">About</a></nav>"#
            ])
        #expect(
            try values("html", ["--inner-html", "img ~ p", page]) == [
                "Open daily&nbsp;from&nbsp;8.<br>Closed on Mondays."
            ])
        #expect(
            try values("html", ["--html", "img", page]) == [
                #"<img src="img/cafe.jpg" srcset="img/cafe-2x.jpg 2x, img/cafe-3x.jpg 3x" alt="The café">"#
            ])
    }

    // MARK: Text

    @Test func textModes() throws {
        let paragraph = "img ~ p"
        #expect(try values("value", ["--text", paragraph, page]) == ["Open daily\u{A0}from\u{A0}8.Closed on Mondays."])
        #expect(
            try values("value", ["--text=inner", "div:has(> img)", page]) == [
                "Café reopens\n\nOpen daily\u{A0}from\u{A0}8.\nClosed on Mondays."
            ])
        #expect(try values("value", ["--text=inner", "table", page]) == ["one\ttwo"])
        #expect(try values("value", ["--text=normalized", "h2", page]) == ["Ferry timetable", "Café reopens"])
        // Script text is text content but not rendered text.
        #expect(try values("value", ["--text=inner", "body", page])[0]?.contains("not-a-link") == false)
        #expect(try values("value", ["--text", "script", page]) == [#"var s = "<a href='/not-a-link'>x</a>";"#])
    }

    // MARK: HTML5 trees

    @Test func html5TreesAreWhatBrowsersBuild() throws {
        #expect(try values("path", ["table > tbody > tr > td", html5]) == ["/html/body/table[1]/tbody[1]/tr[1]/td[1]"])
        #expect(try values("text", ["title", html5]) == ["Tom & <b>Jerry</b>"])
        #expect(try values("text", ["p", html5]) == ["before the section", "inside", "in svg"])
        #expect(try values("tag", ["foreignObject", html5]) == ["foreignObject"])
        #expect(run(["FOREIGNOBJECT", html5]).status == .negative)
        #expect(try values("tag", ["DIV, SECTION", html5]) == ["section"])
        #expect(try values("value", ["-a", "viewBox", "svg", html5]) == ["0 0 10 10"])
        #expect(try values("path", ["clipPath", html5]) == ["/html/body/svg:svg[1]/svg:clipPath[1]"])
        #expect(try values("value", ["-a", "definitionURL", "math", html5]) == ["x"])
        #expect(try values("text", ["template li", html5]) == ["templated"])
        #expect(try values("text", ["my-widget", html5]) == ["custom"])
        #expect(try values("text", ["body", html5])[0]?.contains("bare text ✓ done") == true)
        let link = try records(["svg a", html5])
        #expect(
            link.first?["attributes"]
                == .object([
                    "xlink:href": .string(
                        pageURL.replacingOccurrences(
                            of: "page.html", with: "html5.html#c"))
                ]))
    }

    @Test func libxml2sOwnParserOnRequest() throws {
        // HTML4 rules: no tbody, and SVG names lower-cased.
        let result = run(["--parser", "libxml2", "table > tbody", html5])
        #expect(result.status == .negative)
        #expect(try values("path", ["--parser", "libxml2", "table td", html5]) == ["/html/body/table[1]/tr[1]/td[1]"])
        #expect(try values("tag", ["--parser", "libxml2", "body > nav > a", page]).count == 2)
    }

    // MARK: XPath

    @Test func xpathSelectsAttributesTextAndValues() throws {
        #expect(
            try values("value", ["--xpath", "//nav/a/@href", page]) == [
                "file:///", pageURL.replacingOccurrences(of: "page.html", with: "about.html?x=1&y=2"),
            ])
        #expect(try values("path", ["--xpath", "//nav/a/@title", page]) == ["/html/body/nav[1]/a[2]/@title"])
        #expect(try values("value", ["--xpath", "//h2/text()", page]) == ["Ferry timetable", "Café reopens"])
        #expect(try values("value", ["--xpath", "count(//a)", page]) == ["5"])
        #expect(try values("value", ["--xpath", "string(//h2)", page]) == ["Ferry timetable"])
        #expect(try values("value", ["--xpath", "boolean(//svg:svg)", html5]) == ["true"])
        #expect(try values("tag", ["--xpath", "//svg:foreignObject", html5]) == ["foreignObject"])
    }

    /// Streamed records are the tree's: on tb's parser (the default, and --stream) those of --tree, and with
    /// --parser libxml2 --stream, built from libxml2's parser events, those of libxml2's tree.
    @Test(arguments: [
        (["--stream"], ["--tree"]), ([], ["--tree"]), (["--parser", "libxml2", "--stream"], ["--parser", "libxml2"]),
    ])
    func streamRecordsAreThoseOfTheTree(streamed: [String], whole: [String]) throws {
        for selector in ["div.story", "a", "p", "img", "body > *", "nav a:first-child", "td:nth-of-type(2)"] {
            for mode in [["--html"], ["--inner-html"], ["--text=inner"], ["--text"], ["-a", "href", "-a", "srcset"]] {
                let tree = run(whole + mode + [selector, page])
                let stream = run(streamed + mode + [selector, page])
                #expect(tree.stderr.isEmpty && stream.status == tree.status, "\(selector) \(mode)")
                #expect(stream.lines == tree.lines, "\(selector) \(mode)")
            }
        }
    }

    // MARK: Limits and exit statuses

    @Test func limitsAndFirst() throws {
        #expect(try values("text", ["--first", "a", page]) == ["Home"])
        #expect(try values("text", ["--limit", "2", "a", page, page]) == ["Home", "About", "Home", "About"])
    }

    /// A page large enough that the stream drops what it has passed many times over and builds its records on a
    /// second thread, with misnested formatting in every paragraph: the records are the tree's, in its order.
    @Test func aLargePageStreamsTheTreesRecords() throws {
        var body = "<title>large</title><base href=\"http://example.org/dir/\">"
        for index in 0..<6_000 {
            body += "<div class=c\(index % 7)><p>text \(index) <a href=\"p\(index)\">link</a> "
            body += "<b>bold <i>both</b> italic</i></p></div>\n"
        }
        body += "<table><tr><td>cell</td></tr>stray</table>"
        let file = scratch.write("large.html", body)
        for selector in ["a", "div.c3 > p", "b, i", "td", "p:contains(\"5\")", "div:nth-of-type(7n+1) a"] {
            let streamed = run([selector, file])
            let whole = run(["--tree", selector, file])
            #expect(streamed.status == .success && streamed.stderr.isEmpty, "\(selector): \(streamed.stderr)")
            #expect(streamed.lines == whole.lines, "\(selector)")
        }
        let refused = run(["--stream", "li:last-child", file])
        #expect(refused.status == .usage)
        #expect(refused.stderr.first?.contains("':last-child' (position 3): it needs the whole tree") == true)
    }

    /// A file too large to hold beside the pool's pages streams in its turn: the records keep the order of the files.
    @Test func aLargeFileAmongManyStreamsInItsTurn() throws {
        var files: [String] = []
        for index in 0..<5 {
            // The large page is mostly text, which parses fast even in a debug build.
            let text = index == 2 ? String(repeating: "lorem ipsum ", count: 800_000) : ""
            let body = String(repeating: "<p>\(index)</p>\n", count: 10) + "<p>\(text)</p>"
            files.append(scratch.write("page\(index).html", "<title>\(index)</title>" + body))
        }
        #expect(HTMLCommand.isLarge(Source(name: files[2], kind: .file)))
        let titles = try values("text", ["title"] + files)
        #expect(titles == (0..<5).map { String($0) as String? })
        let streamed = run(["p:first-of-type"] + files)
        #expect(streamed.lines == run(["--tree", "p:first-of-type"] + files).lines)
    }

    /// Many files are parsed on every core; their records still come in the order of the files, all of them.
    @Test func manyPagesKeepTheirOrder() throws {
        var files: [String] = []
        for index in 0..<24 {
            // Large and small pages mixed, so that workers finish out of order.
            let links = index % 3 == 0 ? 3_000 : 1
            let body = String(repeating: "<a href=\"/p\(index)\">\(index)</a>", count: links)
            files.append(scratch.write("page\(index).html", "<title>\(index)</title><p>\(body)"))
        }
        let titles = try values("text", ["title"] + files)
        #expect(titles == (0..<24).map { String($0) as String? })
        let limited = try values("text", ["--limit", "2", "a"] + files)
        var expected: [String?] = []
        for index in 0..<24 { expected += Array(repeating: String(index), count: index % 3 == 0 ? 2 : 1) }
        #expect(limited == expected)
    }

    /// A page of more than a megabyte builds its records on two threads (the main one writes every other chunk as
    /// the second one encoded it): the same records in the same order as one thread builds (--limit keeps to one).
    @Test func aLargePageBuildsItsRecordsOnTwoThreadsInOrder() throws {
        var body = ""
        for index in 0..<30_000 {
            body += "<li class=c\(index % 7)><a href=\"/p/\(index)?q=\"x\"\">link \(index)</a> <b>\(index)</b></li>\n"
        }
        let large = scratch.write("large.html", "<title>large</title><ul>\(body)</ul>")
        #expect(body.utf8.count > TreeRecordThread.minimumPageSize)
        let twoThreads = run(["--attr", "href", "a", large])
        let oneThread = run(["--limit", "1000000", "--attr", "href", "a", large])
        #expect(twoThreads.status == .success && twoThreads.stderr.isEmpty, "\(twoThreads.stderr)")
        #expect(twoThreads.lines.count == 30_000)
        #expect(twoThreads.lines == oneThread.lines)
        let last = try JSONValue.parse(twoThreads.lines[29_999])
        #expect(last["path"]?.string == "/html/body/ul[1]/li[30000]/a[1]")
        #expect(last["text"]?.string == "link 29999")
    }

    @Test func exitStatuses() throws {
        let none = run(["blink", page])
        #expect(none.status == .negative)
        #expect(none.stdout.isEmpty && none.stderr.isEmpty)
        let bad = run(["div >", page])
        #expect(bad.status == .usage)
        #expect(bad.stderr.first?.hasPrefix("tb html: bad selector 'div >': ") == true, "\(bad.stderr)")
        let badPseudo = run(["a:hover", page])
        #expect(badPseudo.status == .usage)
        #expect(badPseudo.stderr.first?.contains("position") == true, "\(badPseudo.stderr)")
        let badXPath = run(["--xpath", "//a[", page])
        #expect(badXPath.status == .usage)
        #expect(
            badXPath.stderr.first?.hasPrefix("tb html: bad XPath expression '//a[': ") == true, "\(badXPath.stderr)")
        let unknownFunction = run(["--xpath", "nope(//a)", page])
        #expect(unknownFunction.status == .usage, "\(unknownFunction.stderr)")
        let missing = run(["a", scratch.file("missing.html"), page])
        #expect(missing.status == .failure)
        #expect(missing.lines.count == 5)
        #expect(run(["--stream", "li:last-child", page]).status == .usage)
        #expect(run(["--encoding", "klingon", "a", page]).status == .usage)
        #expect(run(["--html", "--inner-html", "a", page]).status == .usage)
        #expect(run([]).status == .usage)
    }

    // MARK: Encodings

    @Test func encodingsAreSniffedAsBrowsersDo() throws {
        let latin = scratch.write(
            bytes: "windows.html", Array("<p>caf".utf8) + [0xE9, 0x20, 0x80] + Array("</p>".utf8))
        #expect(try values("text", ["p", latin]) == ["café €"])
        let stray = scratch.write(bytes: "stray.html", Array("<p>café naïve ".utf8) + [0xFF] + Array(" über</p>".utf8))
        #expect(try values("text", ["p", stray]) == ["café naïve \u{FFFD} über"])
        let utf16 = scratch.write(
            bytes: "utf16.html", [0xFF, 0xFE] + "<p>日本</p>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(try values("text", ["p", utf16]) == ["日本"])
        let sjis = scratch.write(
            bytes: "sjis.html",
            Array("<meta charset=\"Shift_JIS\"><p>".utf8) + [0x93, 0xFA, 0x96, 0x7B] + Array("</p>".utf8))
        #expect(try values("text", ["p", sjis]) == ["日本"])
        #expect(try values("text", ["--parser", "libxml2", "p", sjis]) == ["日本"])
        // A UTF-8 page whose meta lies: --encoding decides.
        let liar = scratch.write("liar.html", "<meta charset=iso-8859-1><p>é</p>")
        #expect(try values("text", ["p", liar]) == ["Ã©"])
        #expect(try values("text", ["--encoding", "utf-8", "p", liar]) == ["é"])
        #expect(try values("text", ["--encoding", "utf-8", "--parser", "libxml2", "p", liar]) == ["é"])
    }

    // MARK: Hostile pages

    @Test func deepNestingAndHugeScriptsInBothParsers() throws {
        let deep = scratch.write(
            "deep.html",
            "<body>" + String(repeating: "<div>", count: 400) + "<a href=x>deep</a>"
                + String(repeating: "</div>", count: 400))
        let script = scratch.write(
            "script.html",
            "<body><script>var s = '" + String(repeating: "<a href=no>", count: 14 << 20 / 11) + "';</script>"
                + "<a href=yes>after</a>")
        for parser in ["html5", "libxml2"] {
            #expect(try values("text", ["--parser", parser, "a", deep]) == ["deep"], "\(parser)")
            #expect(try values("text", ["--parser", parser, "a", script]) == ["after"], "\(parser)")
        }
    }

    /// 100,000 nested divs: tb's parser answers its scope questions without walking the open elements (gumbo took
    /// minutes), and the matcher remembers what it learnt of each ancestor. No fallback, no warning.
    @Test func hostileNestingDoesNotStallTheHTML5Parser() throws {
        let deep = scratch.write(
            "divs.html",
            "<body>" + String(repeating: "<div>", count: 100_000) + "<a href=x>deep</a>"
                + String(repeating: "</div>", count: 100_000))
        let started = ContinuousClock.now
        let result = run(["--fields", "text", "div div a", deep])
        #expect(result.status == .success)
        #expect(result.lines == [#"{"type":"node","text":"deep"}"#])
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        // Only to catch the stall (minutes); speed is measured in bench/.
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test func manySiblingsCostLinearTime() throws {
        let list = scratch.write(
            "list.html", "<ul>" + String(repeating: "<li>x</li>", count: 100_000) + "</ul>")
        let started = ContinuousClock.now
        let result = run(["li:nth-child(odd):nth-last-of-type(3n+1)", list, "--fields", "path"])
        #expect(result.status == .success)
        #expect(result.lines.count == 16_667)
        // Only to catch the quadratic case (minutes); the speed itself is measured in bench/.
        #expect(ContinuousClock.now - started < .seconds(60))
    }
}

/// The selector conformance table (SelectorTests.swift) through the whole command: tb's tree and its native matcher,
/// libxml2's HTML4 parser with the compiled XPath; and the streamable rows through --stream, on tb's parser (the
/// walk) and on libxml2's SAX parser (the open-element stack).
struct HTMLConformanceTests {
    let scratch = Scratch()

    func ids(_ argv: [String], _ row: ConformanceCase) throws -> [String] {
        let path = scratch.file(row.fixture + ".html")
        if !FileManager.default.fileExists(atPath: path) {
            scratch.write(row.fixture + ".html", SelectorFixtures.documents[row.fixture] ?? "")
        }
        let run = runInProcess(
            ["html", "--format", "tsv", "--fields", "value", "-a", "id"] + argv + [row.selector, path],
            builtins: [HTMLCommand.self], environment: scratch.environment)
        #expect(run.status == (row.ids.isEmpty ? .negative : .success), "\(row): \(run.stderr)")
        return run.lines
    }

    @Test func everyRowSelectsItsElements() throws {
        for row in SelectorFixtures.cases {
            #expect(try ids([], row) == row.ids, "\(row)")
        }
    }

    /// The XPath each selector compiles to (what --parser libxml2 runs), as --xpath on tb's HTML5 tree in a libxml2
    /// document: the compiler and the native matcher agree on the same tree, foreign content included.
    @Test func everyRowsXPathSelectsItsElementsInTheHTML5Tree() throws {
        for row in SelectorFixtures.cases {
            let xpath = try SelectorList(parsing: row.selector).xpath(foreignContent: true)
            #expect(try ids(["--xpath"], ConformanceCase(row.fixture, xpath, row.ids)) == row.ids, "\(row)")
        }
    }

    @Test func streamableRowsSelectTheSameThroughTheStream() throws {
        var checked = 0
        for row in SelectorFixtures.cases {
            guard (try? WalkMatcher.check(SelectorList(parsing: row.selector).selectors)) != nil else { continue }
            #expect(try ids(["--stream"], row) == row.ids, "\(row)")
            checked += 1
        }
        #expect(checked > 60)
    }

    @Test func streamableRowsSelectTheSameThroughLibxml2sStream() throws {
        var checked = 0
        // libxml2's HTML4 parser builds another tree for SVG and MathML: those fixtures are for the tree modes.
        for row in SelectorFixtures.cases where row.fixture != "foreign" {
            guard case .success = try SelectorList(parsing: row.selector).streamable else { continue }
            #expect(try ids(["--parser", "libxml2", "--stream"], row) == row.ids, "\(row)")
            checked += 1
        }
        #expect(checked > 50)
    }
}
