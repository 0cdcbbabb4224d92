// HTMLTree, tb's own document: html5lib's document cases build in it the trees they build in the tests' plain DOM
// (so html5lib's, but for the known differences), and deep or text-heavy pages neither recurse nor go quadratic.
import TestSupport
import Testing

@testable import HTML5

struct HTMLTreeTests {
    /// The tree in html5lib's format, a line a node; text spanning lines spans lines here too. Walked with a stack
    /// of its own: pages nest deeper than a recursion could go.
    static func dump(_ tree: HTMLTree) -> [String] {
        var lines: [String] = []
        func line(_ depth: Int, _ text: String) { lines.append("| " + String(repeating: "  ", count: depth) + text) }
        func string(_ bytes: Span<UInt8>) -> String { String(copying: bytes) }
        // Each entry: a node and its depth; a run of text siblings prints as one.
        var pending: [(node: Int, depth: Int)] = []
        func push(children parent: Int, _ depth: Int) {
            var children: [(Int, Int)] = []
            var child = tree.firstChild(parent)
            while let current = child {
                children.append((current, depth))
                child = tree.nextSibling(current)
                while tree.kind(current) == .text, let next = child, tree.kind(next) == .text {
                    child = tree.nextSibling(next)
                }
            }
            pending += children.reversed()
        }
        push(children: HTMLTree.document, 0)
        while let (node, depth) = pending.popLast() {
            switch tree.kind(node) {
            case .document: break
            case .doctype:
                let (name, publicID, systemID) = (
                    string(tree.doctype(0)), string(tree.doctype(1)), string(tree.doctype(2))
                )
                line(
                    depth,
                    publicID.isEmpty && systemID.isEmpty
                        ? "<!DOCTYPE \(name)>" : "<!DOCTYPE \(name) \"\(publicID)\" \"\(systemID)\">")
            case .comment: line(depth, "<!-- \(string(tree.data(node))) -->")
            case .text:
                var text = [UInt8](copying: tree.data(node))
                var next = tree.nextSibling(node)
                while let sibling = next, tree.kind(sibling) == .text {
                    text.append(copying: tree.data(sibling))
                    next = tree.nextSibling(sibling)
                }
                line(depth, "\"\(String(decoding: text, as: UTF8.self))\"")
            case .element:
                let prefix = [Namespace.html: "", .svg: "svg ", .mathml: "math "][tree.namespace(node)] ?? ""
                let name = string(tree.name(node))
                line(depth, "<\(prefix)\(name)>")
                var attributes: [(String, String)] = []
                for index in 0..<tree.attributeCount(node) {
                    var attributeName = string(tree.attributeName(node, index))
                    let namespace = tree.attributeNamespace(node, index)
                    if namespace != .none {
                        let local = attributeName.split(separator: ":").last.map(String.init) ?? attributeName
                        attributeName = HTML5TestDOM.prefix(namespace) + " " + local
                    }
                    attributes.append((attributeName, string(tree.attributeValue(node, index))))
                }
                for (name, value) in attributes.sorted(by: { Array($0.0.utf16).lexicographicallyPrecedes($1.0.utf16) })
                {
                    line(depth + 1, "\(name)=\"\(value)\"")
                }
                // A template's children are its contents.
                if tree.namespace(node) == .html && name == "template" {
                    line(depth + 1, "content")
                    push(children: node, depth + 2)
                    continue
                }
            }
            push(children: node, depth + 1)
        }
        return lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func html5libsDocumentsBuildTheSameTreesAsInThePlainDOM() throws {
        let cases = try HTML5LibTreeCase.all().filter { !$0.fragment && !$0.scriptingOnly }
        var asExpected = 0
        var differ = 0
        for test in cases {
            let tree = Self.dump(HTMLTree.parse(test.data).tree)
            if tree == test.expected { asExpected += 1 }
            let plain = TreeConstructionTests.tree(test.data)
            if tree != plain {
                differ += 1
                if differ <= 10 {
                    Issue.record(
                        "\(test)\nplain DOM:\n\(plain.joined(separator: "\n"))\nHTMLTree:\n\(tree.joined(separator: "\n"))"
                    )
                }
            }
        }
        print("HTMLTree: \(cases.count) documents, \(asExpected) as html5lib builds them")
        #expect(differ == 0)
        #expect(asExpected == cases.count - TreeConstructionTests.knownDifferences.count)
    }

    /// Text foster-parented before a table and text in its caption alternate: each run lands next to text written
    /// earlier, and joining it in the buffer would copy the text so far each time.
    @Test func alternatingTextRunsStayLinear() {
        let html = "<table>" + String(repeating: "x<caption>y</caption>", count: 20_000) + "</table>"
        let (tree, _) = HTMLTree.parse(Array(html.utf8))
        // Each byte of text is held once: the captions' as ranges of the input, the table text (gathered before it is
        // foster parented) copied into the buffer.
        #expect(tree.text.count == 20_000)
        let lines = Self.dump(tree)
        #expect(lines[3] == "|     \"" + String(repeating: "x", count: 20_000) + "\"")
    }

    /// Text and quoted values the input holds as they are stay in it, as ranges; only what the parser rewrote is
    /// copied into the tree's buffer (a reference's text, an unquoted value, a value with a U+0000).
    @Test func textAndValuesAreRangesOfTheInputWhereTheyNeedNoRewriting() {
        let html = "<p title=\"a&amp;b\" id=x class=\"plain words\" lang='en'>kept as it is</p><p>a &amp; b</p>"
        let (tree, _) = HTMLTree.parse(Array(html.utf8))
        func string(_ bytes: Span<UInt8>) -> String { String(decoding: [UInt8](copying: bytes), as: UTF8.self) }
        var paragraphs: [Int] = []
        var node = tree.firstChild(HTMLTree.document)
        while let current = node {
            if tree.kind(current) == .element, string(tree.name(current)) == "p" { paragraphs.append(current) }
            node = tree.next(after: current, within: HTMLTree.document)
        }
        #expect(paragraphs.count == 2)
        let first = paragraphs[0]
        #expect(
            (0..<tree.attributeCount(first)).map { string(tree.attributeValue(first, $0)) } == [
                "a&b", "x", "plain words", "en",
            ])
        #expect(string(tree.textBelow(first).span) == "kept as it is")
        #expect(string(tree.textBelow(paragraphs[1]).span) == "a & b")
        // Copied: "a&b", "x" and "a & b"; "plain words", "en" and "kept as it is" are the input's.
        #expect(tree.text.count == 3 + 1 + 5)
    }

    @Test func deepNesting() {
        let html = String(repeating: "<div>", count: 100_000) + "<b>deep</b>"
        let (tree, limitReached) = HTMLTree.parse(Array(html.utf8))
        #expect(!limitReached)
        var node = HTMLTree.document
        var depth = 0
        while let last = tree.lastChild(node), tree.kind(last) == .element {
            node = last
            depth += 1
        }
        #expect(depth == 100_000 + 3)
        #expect(String(copying: tree.name(node)) == "b")
        #expect(tree.elementNameID(Array("div".utf8).span) == Tag.div.id)
        #expect(tree.elementNameID(Array("blink".utf8).span) == nil)
    }

    @Test func attributesAndTheirNames() {
        let (tree, _) = HTMLTree.parse(Array("<html lang=en><body><a href=x id=y></a><html class=c>".utf8))
        let html = tree.firstChild(HTMLTree.document)!
        #expect(tree.attributeCount(html) == 2)
        #expect(String(copying: tree.attributeName(html, 1)) == "class")
        let body = tree.lastChild(html)!
        let link = tree.firstChild(body)!
        let id = tree.attributeNameID(Array("id".utf8).span)!
        #expect(tree.attributeIndex(link, id) == 1)
        #expect(String(copying: tree.attributeValue(link, 1)) == "y")
        #expect(tree.attributeIndex(body, id) == nil)
    }
}
