// The LibXML2 shim's documents: libxml2's HTML parser with tb's options, XPath with the tb: functions and prefixes,
// nodes as Swift values, paths, and the HTML standard's serialization, on trees parsed and trees built by hand.
import CLibXML2
import CLoader
import Glibc
import LibXML2
import TestSupport
import Testing

struct LibXML2DocumentTests {
    func parse(_ html: String) throws -> HTMLDocument {
        try HTMLDocument(libxml2: Array(html.utf8), url: "https://example.org/page")
    }

    func nodes(_ document: HTMLDocument, _ xpath: String) throws -> [HTMLNode] {
        guard case .nodes(let nodes) = try document.evaluate(XPathExpression(xpath)) else {
            Issue.record("\(xpath) is not a node set")
            return []
        }
        return nodes
    }

    func number(_ document: HTMLDocument, _ xpath: String) throws -> Double? {
        guard case .number(let number) = try document.evaluate(XPathExpression(xpath)) else { return nil }
        return number
    }

    func string(_ document: HTMLDocument, _ xpath: String) throws -> String? {
        guard case .string(let string) = try document.evaluate(XPathExpression(xpath)) else { return nil }
        return string
    }

    func evaluationError(_ document: HTMLDocument, _ xpath: String) throws -> String? {
        let expression = try XPathExpression(xpath)
        do {
            _ = try document.evaluate(expression)
            return nil
        } catch {
            return error.message
        }
    }

    func compileError(_ xpath: String) -> String? {
        do {
            _ = try XPathExpression(xpath)
            return nil
        } catch {
            return error.message
        }
    }

    // MARK: Parsing

    /// libxml2's parser builds the tree tb reads: lower-case names, attributes in order and decoded, the text.
    @Test func parsesWithLibxml2() throws {
        let document = try parse(
            "<!DOCTYPE html><HTML><Body><P Class=intro ID='x'>Fish &amp; chips &lt;3</P><a href=\"/a?b=1&amp;c=2\">"
                + "link</a><input disabled><br data-x></body></html>")
        #expect(try nodes(document, "//br").first?.attribute("data-x") == "")
        let root = try #require(document.rootElement)
        #expect(root.kind == .element && root.name == "html" && root.namespace == .html)
        let paragraph = try #require(try nodes(document, "//p").first)
        #expect(paragraph.attributes.map { "\($0.name)=\($0.value)" } == ["class=intro", "id=x"])
        #expect(paragraph.attribute("id") == "x" && paragraph.attribute("ID") == nil)
        #expect(paragraph.textContent == "Fish & chips <3")
        #expect(try nodes(document, "//a").first?.attribute("href") == "/a?b=1&c=2")
        let input = try #require(try nodes(document, "//input").first)
        // HTML4's boolean attributes: libxml2 gives them their name as value, other attributes without one "".
        #expect(input.attributes.map(\.name) == ["disabled"] && input.attribute("disabled") == "disabled")
        #expect(try nodes(document, "//p")[0].parent?.name == "body")
    }

    /// The bytes are UTF-8 whatever the page's `<meta>` says: libxml2 switches encodings mid-parse on a meta
    /// charset when it was not told the encoding, and "é" would come out as "Ã©".
    @Test(arguments: [
        "<meta charset=\"iso-8859-1\">", "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\">",
        "<meta charset=\"windows-1252\">", "<meta charset=\"utf-16\">",
    ])
    func metaCharsetKeepsUTF8(meta: String) throws {
        let document = try parse("<html><head>\(meta)<title>café</title></head><body><p title='é'>crème brûlée</p>")
        #expect(try string(document, "string(//title)") == "café")
        #expect(try string(document, "string(//p)") == "crème brûlée")
        #expect(try nodes(document, "//p").first?.attribute("title") == "é")
    }

    /// A stray byte that is not UTF-8 spoils one character (U+FFFD): libxml2 left to itself would read the rest of
    /// the page as Latin-1 from there on ("brÃ»lÃ©e").
    @Test func strayByteDoesNotSwitchToLatin1() throws {
        let bytes = Array("<p>caf".utf8) + [0xE9] + Array(" crème</p><p>brûlée</p>".utf8)
        let document = try HTMLDocument(libxml2: bytes, url: nil)
        #expect(try nodes(document, "//p").map(\.textContent) == ["caf\u{FFFD} crème", "brûlée"])
    }

    /// Without XML_PARSE_HUGE, libxml2 stops silently at 256 levels of nesting and at a text of 10 MB.
    @Test func deepNestingAndHugeScript() throws {
        let deep = try parse(
            String(repeating: "<div>", count: 400) + "bottom" + String(repeating: "</div>", count: 400))
        #expect(try number(deep, "count(//div)") == 400)
        #expect(try string(deep, "string(//div[not(div)])") == "bottom")
        let script = String(repeating: "var x = '<a href=x>';\n", count: 14_000_000 / 22)
        let huge = try parse("<html><body><script>\(script)</script><p id=after>after</p></body></html>")
        #expect(try nodes(huge, "//script").first?.textContent.utf8.count == script.utf8.count)
        #expect(try nodes(huge, "//p[@id='after']").first?.textContent == "after")
        #expect(try nodes(huge, "//a").isEmpty)
    }

    /// Empty input and input without elements are documents without a root element, not errors.
    @Test(arguments: ["", " ", "\n\n", "<!-- only a comment -->", "<!DOCTYPE html>"])
    func documentsWithoutElements(html: String) throws {
        let document = try parse(html)
        #expect(document.rootElement == nil)
        #expect(try nodes(document, "//*").isEmpty)
        #expect(document.documentNode.kind == .document && document.documentNode.parent == nil)
    }

    /// 100,000 nested elements: parsing, XPath, text, paths and serialization walk the tree without recursion.
    @Test func hundredThousandLevels() throws {
        let depth = 100_000
        let document = try parse(
            "<html><body>" + String(repeating: "<span>", count: depth) + "x&amp;"
                + String(repeating: "</span>", count: depth))
        let deepest = try #require(try nodes(document, "//span[not(span)]").first)
        #expect(deepest.path.utf8.count == "/html/body".utf8.count + depth * "/span[1]".utf8.count)
        let body = try #require(try nodes(document, "//body").first)
        #expect(body.textContent == "x&")
        #expect(
            body.innerHTML == String(repeating: "<span>", count: depth) + "x&amp;"
                + String(repeating: "</span>", count: depth))
    }

    // MARK: XPath

    /// Each kind of result: nodes (elements, attributes, text) in document order without duplicates, strings,
    /// numbers, booleans.
    @Test func resultKinds() throws {
        let document = try parse("<ul><li id=a>one</li><li id=b>two<!-- c --></li></ul>")
        #expect(try nodes(document, "//li[2] | //li | //li[1]").map { $0.attribute("id") } == ["a", "b"])
        #expect(
            try nodes(document, "//li/@id").map { "\($0.kind) \($0.name) \($0.textContent)" } == [
                "attribute id a", "attribute id b",
            ])
        #expect(try nodes(document, "//li/text()").map(\.textContent) == ["one", "two"])
        #expect(try nodes(document, "//comment()").map { "\($0.kind) \($0.textContent)" } == ["comment  c "])
        #expect(try nodes(document, "/").map(\.kind) == [.document])
        #expect(try nodes(document, "//nothing").isEmpty)
        #expect(try string(document, "concat(//li[2], '!')") == "two!")
        #expect(try number(document, "count(//li) * 1.5") == 3)
        #expect(try number(document, "number('x')")?.isNaN == true)
        guard case .boolean(true) = try document.evaluate(XPathExpression("boolean(//li[@id='b'])")) else {
            Issue.record("not true")
            return
        }
    }

    /// A bad expression is an error with libxml2's message on one line and where it stopped; an error found while
    /// evaluating (unknown prefix or function, wrong arguments) too. Nothing is printed.
    @Test func badExpressions() throws {
        #expect(compileError("//a[") == "invalid expression at character 5")
        #expect(compileError("//a[@href='x]") == "unfinished literal at character 14")
        #expect(compileError("") == "invalid expression at character 1")
        #expect(compileError("'é' = ]") == "invalid expression at character 7")
        #expect(compileError("a\u{0}b") == "a NUL character in the expression")
        let document = try parse("<a>x</a>")
        #expect(try evaluationError(document, "bogus(1)") == "unregistered function bogus()")
        #expect(try evaluationError(document, "tb:nothing()") == "unregistered function nothing()")
        #expect(try evaluationError(document, "//q:a") == "undefined namespace prefix")
        #expect(try evaluationError(document, "//a[tb:child-index(1)]") == "invalid number of arguments")
        #expect(try evaluationError(document, "tb:lower()") == "invalid number of arguments")
        #expect(try evaluationError(document, "count(1)") == "invalid type")
        // The expression and the document still work after an error.
        #expect(try nodes(document, "//a").count == 1)
    }

    /// One compiled expression serves many documents, from several threads at once.
    @Test func oneExpressionManyDocuments() async throws {
        let expression = try XPathExpression("//li[tb:child-index() mod 2 = 1][tb:lower(@class) = 'x']")
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for size in 1...40 {
                group.addTask {
                    let items = (0..<size * 10).map { "<li class=\($0 % 3 == 0 ? "X" : "y")>\($0)</li>" }
                    let document = try HTMLDocument(libxml2: Array(("<ul>" + items.joined()).utf8), url: nil)
                    guard case .nodes(let nodes) = try document.evaluate(expression) else { return -1 }
                    return nodes.count
                }
            }
            return try await group.reduce(into: 0) { $0 += $1 }
        }
        // Items 0, 6, 12… of each list: odd positions with class X.
        #expect(counts == (1...40).reduce(0) { $0 + ($1 * 10 + 5) / 6 })
    }

    // MARK: tb: functions

    /// Positions among element children and among those of the same name, skipping text and comments.
    @Test func positionFunctions() throws {
        let document = try parse("<body><div> <p>1</p><!-- c --><span>2</span>text<p>3</p><span>4</span><p>5</p></div>")
        #expect(try nodes(document, "//div/*").map(\.name) == ["p", "span", "p", "span", "p"])
        for (xpath, expected) in [
            ("//div/*[tb:child-index() = 3]", ["3"]), ("//div/*[tb:child-count() = 5]", ["1", "2", "3", "4", "5"]),
            ("//div/p[tb:type-index() = 2]", ["3"]), ("//div/span[tb:type-index() = 2]", ["4"]),
            ("//div/*[tb:type-count() = 2]", ["2", "4"]), ("//div/*[tb:type-count() = 3][tb:type-index() = 3]", ["5"]),
            ("//div/*[tb:child-index() mod 2 = 0]", ["2", "4"]),
            ("//div/*[tb:child-index() = tb:child-count()]", ["5"]),
        ] {
            #expect(try nodes(document, xpath).map(\.textContent) == expected, "\(xpath)")
        }
        // The root element's parent is the document: 1 of 1, whatever comes around it.
        let commented = try parse("<!DOCTYPE html><!-- before --><html><body></body></html><!-- after -->")
        for function in ["child-index", "child-count", "type-index", "type-count"] {
            #expect(try nodes(commented, "/*[tb:\(function)() = 1]").map(\.name) == ["html"], "\(function)")
        }
        // Not an element: NaN, which every comparison rejects.
        #expect(try number(document, "tb:child-index()")?.isNaN == true)
        #expect(try nodes(document, "//text()[tb:child-index() = tb:child-index()]").isEmpty)
        #expect(try string(document, "tb:lower('ÀB-Cd É')") == "Àb-cd É")
        #expect(try nodes(document, "//div[tb:lower(name(..)) = 'body']").count == 1)
    }

    /// Of-type counting uses the expanded name: an SVG `a` and an HTML `a` under one parent are two types.
    @Test func typePositionsUseTheNamespace() throws {
        let built = try BuiltDocument()
        let body = built.element("body", in: built.root)
        let svg = built.element("a", namespace: built.svg, in: body)
        built.text("svg a", in: svg)
        for index in 1...2 { built.text("html a \(index)", in: built.element("a", in: body)) }
        let document = built.document
        #expect(try nodes(document, "//body/*[tb:type-count() = 2]").map(\.textContent) == ["html a 1", "html a 2"])
        #expect(try nodes(document, "//body/*[tb:type-index() = 1]").map(\.textContent) == ["svg a", "html a 1"])
        #expect(try nodes(document, "//body/svg:a").map { $0.namespace } == [.svg])
        #expect(
            try nodes(document, "//body/*").map { $0.path } == [
                "/html/body/svg:a[1]", "/html/body/a[1]", "/html/body/a[2]",
            ])
    }

    /// Positions are counted once per parent: 100,000 siblings take well under a second, not minutes.
    @Test func positionsOfManySiblings() throws {
        let count = 100_000
        let document = try parse("<ul>" + String(repeating: "<li>x</li>", count: count) + "</ul>")
        let start = ContinuousClock.now
        #expect(try number(document, "count(//li[tb:child-index() mod 2 = 1])") == Double(count / 2))
        #expect(try number(document, "count(//li[tb:type-count() - tb:type-index() = 0])") == 1)
        let paths = try nodes(document, "//li").map(\.path)
        #expect(paths.last == "/html/body/ul[1]/li[\(count)]")
        #expect(ContinuousClock.now - start < .seconds(20 * Sanitizer.slowdown))
    }

    // MARK: Paths

    /// Paths: every element with its position among same-name siblings but the root and the root's head and body;
    /// text() and comment() with positions where there are several; @name.
    @Test func paths() throws {
        let document = try parse(
            "<html><body><div><a>1</a></div><div>x<b>y</b>z<a href=h>2</a><!--c--><a>3</a></div><p>t</p></body></html>")
        #expect(
            try nodes(document, "//a").map(\.path) == [
                "/html/body/div[1]/a[1]", "/html/body/div[2]/a[1]", "/html/body/div[2]/a[2]",
            ])
        #expect(
            try nodes(document, "//div[2]/text()").map(\.path) == [
                "/html/body/div[2]/text()[1]", "/html/body/div[2]/text()[2]",
            ])
        #expect(try nodes(document, "//p/text()").map(\.path) == ["/html/body/p[1]/text()"])
        #expect(try nodes(document, "//comment()").map(\.path) == ["/html/body/div[2]/comment()"])
        #expect(try nodes(document, "//@href").map(\.path) == ["/html/body/div[2]/a[1]/@href"])
        #expect(document.documentNode.path == "/" && document.rootElement?.path == "/html")
        // Each path leads back to its node.
        for node in try nodes(document, "//node() | //@*") {
            #expect(try nodes(document, node.path) == [node], "\(node.path)")
        }
    }

    /// SVG elements' paths carry their prefix; xlink attributes theirs.
    @Test func foreignPaths() throws {
        let built = try BuiltDocument()
        let body = built.element("body", in: built.root)
        let svg = built.element("svg", namespace: built.svg, in: body)
        built.element("rect", namespace: built.svg, in: svg)
        let second = built.element("rect", namespace: built.svg, in: svg)
        built.attribute("href", "#r", namespace: built.xlink, on: second)
        built.element("foreignObject", namespace: built.svg, in: svg)
        let document = built.document
        #expect(
            try nodes(document, "//svg:rect").map(\.path) == [
                "/html/body/svg:svg[1]/svg:rect[1]", "/html/body/svg:svg[1]/svg:rect[2]",
            ])
        #expect(
            try nodes(document, "//svg:foreignObject").map(\.path) == ["/html/body/svg:svg[1]/svg:foreignObject[1]"])
        let link = try #require(try nodes(document, "//@xlink:href").first)
        #expect(link.path == "/html/body/svg:svg[1]/svg:rect[2]/@xlink:href")
        #expect(link.name == "xlink:href" && link.namespace == .other("http://www.w3.org/1999/xlink"))
        #expect(try nodes(document, "//svg:rect")[1].attributes.map(\.name) == ["xlink:href"])
        #expect(try nodes(document, "//svg:rect")[1].attribute("xlink:href") == "#r")
        #expect(try nodes(document, "//svg:svg").first.map { ($0.name, $0.namespace) } ?? ("", .html) == ("svg", .svg))
    }

    // MARK: Serialization

    /// Void elements have no end tag; attributes are always written with a value.
    @Test func voidElements() throws {
        let document = try parse("<body><p>a<br>b<img src=x alt=''><input data-x><wbr></p>")
        #expect(
            try nodes(document, "//p").first?.outerHTML
                == "<p>a<br>b<img src=\"x\" alt=\"\"><input data-x=\"\"><wbr></p>")
        #expect(try nodes(document, "//br").first?.outerHTML == "<br>")
        #expect(try nodes(document, "//br").first?.innerHTML == "")
    }

    /// Text in script, style and the other raw text elements is written as it is; elsewhere & < > and U+00A0 are
    /// escaped, and in attribute values & " and U+00A0 (not < and >).
    @Test func escaping() throws {
        let document = try parse(
            "<head><script>if (a < b && c > d) x = \"&amp;\";</script><style>p > a { content: '&' }</style></head>"
                + "<body><p title='a&amp;b \"q\" &lt;t&gt;&nbsp;.'>1 &lt; 2 &amp;&amp; 3 &gt; 2&nbsp;\u{A0}é\"'</p>"
                + "<xmp><b>&</b></xmp></body>")
        #expect(try nodes(document, "//script").first?.innerHTML == "if (a < b && c > d) x = \"&amp;\";")
        #expect(try nodes(document, "//style").first?.outerHTML == "<style>p > a { content: '&' }</style>")
        #expect(
            try nodes(document, "//p").first?.outerHTML
                == "<p title=\"a&amp;b &quot;q&quot; <t>&nbsp;.\">1 &lt; 2 &amp;&amp; 3 &gt; 2&nbsp;&nbsp;é\"'</p>")
        #expect(try nodes(document, "//p/@title").first?.outerHTML == "title=\"a&amp;b &quot;q&quot; <t>&nbsp;.\"")
        #expect(try nodes(document, "//p/text()").first?.outerHTML == "1 &lt; 2 &amp;&amp; 3 &gt; 2&nbsp;&nbsp;é\"'")
    }

    /// Comments are written as they are; the doctype belongs to the document, not to the root element.
    @Test func commentsAndDoctype() throws {
        let document = try parse("<!DOCTYPE html><html><head></head><body><!-- a < b -->x</body></html>")
        #expect(document.rootElement?.outerHTML == "<html><head></head><body><!-- a < b -->x</body></html>")
        #expect(
            document.documentNode.outerHTML == "<!DOCTYPE html><html><head></head><body><!-- a < b -->x</body></html>")
        #expect(document.documentNode.innerHTML == document.documentNode.outerHTML)
        #expect(try nodes(document, "//comment()").first?.outerHTML == "<!-- a < b -->")
        #expect(try nodes(document, "//comment()").first?.innerHTML == "")
    }

    /// Foreign elements keep their names' case and their attributes' prefixes; their tags have no prefix.
    @Test func foreignSerialization() throws {
        let built = try BuiltDocument()
        let body = built.element("body", in: built.root)
        let svg = built.element("svg", namespace: built.svg, in: body)
        built.attribute("viewBox", "0 0 1 1", on: svg)
        let use = built.element("use", namespace: built.svg, in: svg)
        built.attribute("href", "#a&b", namespace: built.xlink, on: use)
        let object = built.element("foreignObject", namespace: built.svg, in: svg)
        built.text("<&>", in: built.element("div", in: object))
        built.comment("c", in: svg)
        let other = built.element("thing", namespace: built.namespace("urn:x", prefix: "x", on: body), in: body)
        built.text("t", in: other)
        #expect(
            built.document.rootElement?.innerHTML
                == "<body><svg viewBox=\"0 0 1 1\"><use xlink:href=\"#a&amp;b\"></use><foreignObject><div>&lt;&amp;&gt;</div>"
                + "</foreignObject><!--c--></svg><x:thing>t</x:thing></body>")
    }

    // MARK: Nodes

    /// Kinds, names, namespaces and the ways around the tree.
    @Test func nodeProperties() throws {
        let document = try parse("<body><div id=d>a<b>b</b><!--c--><i>i</i></div></body>")
        let div = try #require(try nodes(document, "//div").first)
        #expect(div.children.map { "\($0.kind):\($0.name)" } == ["text:", "element:b", "comment:", "element:i"])
        #expect(div.firstChild?.textContent == "a" && div.lastChild?.name == "i")
        #expect(div.firstChild?.nextSibling?.name == "b" && div.lastChild?.previousSibling?.kind == .comment)
        #expect(div.textContent == "abi")
        #expect(div.parent?.parent?.parent == document.documentNode)
        let attribute = try #require(try nodes(document, "//@id").first)
        #expect(attribute.parent == div && attribute.children.isEmpty && attribute.nextSibling == nil)
        #expect(attribute.textContent == "d" && attribute.namespace == .html)
        #expect(Set(try nodes(document, "//div | //b/..")).count == 1)
    }
}

/// A document built node by node with libxml2's tree functions, as the HTML5 tree sink builds one: SVG elements
/// with their namespace and prefix, which libxml2's HTML parser cannot make. The functions are resolved here, for
/// the tests alone; the shim's table holds only what tb calls.
final class BuiltDocument {
    typealias Text = UnsafePointer<xmlChar>?
    let newDocument: @convention(c) (Text, Text) -> htmlDocPtr?
    let newElement: @convention(c) (xmlDocPtr?, xmlNsPtr?, Text, Text) -> xmlNodePtr?
    let newNamespace: @convention(c) (xmlNodePtr?, Text, Text) -> xmlNsPtr?
    let newAttribute: @convention(c) (xmlNodePtr?, xmlNsPtr?, Text, Text) -> xmlAttrPtr?
    let newText: @convention(c) (UnsafePointer<xmlDoc>?, Text) -> xmlNodePtr?
    let newComment: @convention(c) (xmlDocPtr?, Text) -> xmlNodePtr?
    let addChild: @convention(c) (xmlNodePtr?, xmlNodePtr?) -> xmlNodePtr?
    let setRoot: @convention(c) (xmlDocPtr?, xmlNodePtr?) -> xmlNodePtr?

    /// The HTMLDocument that owns the tree: made first, so that it frees the tree however a test ends.
    let document: HTMLDocument
    let pointer: xmlDocPtr
    let root: xmlNodePtr
    let svg: xmlNsPtr
    let xlink: xmlNsPtr

    struct LoadFailure: Error { let message: String }

    init() throws {
        let names = [
            "htmlNewDocNoDtD", "xmlNewDocNode", "xmlNewNs", "xmlNewNsProp", "xmlNewDocText", "xmlNewDocComment",
            "xmlAddChild", "xmlDocSetRootElement",
        ]
        let cNames = try names.map { try #require(UnsafePointer(strdup($0))) }
        defer { cNames.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        var slots = [UnsafeMutableRawPointer?](repeating: nil, count: names.count)
        var error = [CChar](repeating: 0, count: 256)
        guard CLoader_open("libxml2.so.2", cNames, &slots, Int32(names.count), &error, 256) == 0 else {
            throw LoadFailure(
                message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        func slot<T>(_ index: Int, as type: T.Type) -> T { unsafeBitCast(slots[index], to: type) }
        newDocument = slot(0, as: type(of: newDocument))
        newElement = slot(1, as: type(of: newElement))
        newNamespace = slot(2, as: type(of: newNamespace))
        newAttribute = slot(3, as: type(of: newAttribute))
        newText = slot(4, as: type(of: newText))
        newComment = slot(5, as: type(of: newComment))
        addChild = slot(6, as: type(of: addChild))
        setRoot = slot(7, as: type(of: setRoot))
        guard let pointer = newDocument(nil, nil) else { throw LoadFailure(message: "out of memory") }
        document = HTMLDocument.adopting(OpaquePointer(pointer))
        self.pointer = pointer
        guard let root = newElement(pointer, nil, "html", nil),
            let svg = newNamespace(root, "http://www.w3.org/2000/svg", "svg"),
            let xlink = newNamespace(root, "http://www.w3.org/1999/xlink", "xlink")
        else { throw LoadFailure(message: "out of memory") }
        _ = setRoot(pointer, root)
        self.root = root
        self.svg = svg
        self.xlink = xlink
    }

    @discardableResult
    func element(_ name: String, namespace: xmlNsPtr? = nil, in parent: xmlNodePtr) -> xmlNodePtr {
        guard let node = newElement(pointer, namespace, name, nil) else { fatalError("out of memory") }
        _ = addChild(parent, node)
        return node
    }

    func namespace(_ uri: String, prefix: String, on node: xmlNodePtr) -> xmlNsPtr {
        guard let namespace = newNamespace(node, uri, prefix) else { fatalError("out of memory") }
        return namespace
    }

    func attribute(_ name: String, _ value: String, namespace: xmlNsPtr? = nil, on node: xmlNodePtr) {
        _ = newAttribute(node, namespace, name, value)
    }

    func text(_ text: String, in parent: xmlNodePtr) {
        _ = addChild(parent, newText(pointer, text))
    }

    func comment(_ text: String, in parent: xmlNodePtr) {
        _ = addChild(parent, newComment(pointer, text))
    }
}
