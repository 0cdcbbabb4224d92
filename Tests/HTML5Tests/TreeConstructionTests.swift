// html5lib's tree-construction cases (Tests/Fixtures/html5lib-tests/tree-construction): every document case tb's
// parser can run (not fragments, which tb never parses, nor those that need scripting on) builds html5lib's tree.
import Foundation
import TestSupport
import Testing

@testable import HTML5

struct TreeConstructionTests {
    static func tree(_ html: [UInt8]) -> [String] {
        let dom = HTML5TestDOM()
        _ = HTML5Parser.parse(html, into: dom)
        return dom.dump
    }

    @Test func html5libsDocumentsBuildItsTrees() throws {
        let cases = try HTML5LibTreeCase.all().filter { !$0.fragment && !$0.scriptingOnly }
        var failed: [HTML5LibTreeCase] = []
        for test in cases where Self.tree(test.data) != test.expected {
            failed.append(test)
        }
        let verbose = ProcessInfo.processInfo.environment["TB_HTML5_VERBOSE"] != nil
        for test in failed.prefix(verbose ? failed.count : 20)
        where verbose || !Self.knownDifferences.contains("\(test.file) #\(test.number)") {
            Issue.record(
                "\(test)\nexpected:\n\(test.expected.joined(separator: "\n"))\ngot:\n\(Self.tree(test.data).joined(separator: "\n"))"
            )
        }
        print("tree construction: \(cases.count) documents, \(cases.count - failed.count) as html5lib builds them")
        #expect(failed.map { "\($0.file) #\($0.number)" } == Self.knownDifferences)
    }

    /// Fed in pieces as a stream arrives (1, 7 and 4,096 bytes), every document builds the tree the whole parse does.
    @Test(arguments: [1, 7, 4096]) func pushedInPiecesTheTreesAreTheSame(pieceSize: Int) throws {
        let cases = try HTML5LibTreeCase.all().filter { !$0.fragment && !$0.scriptingOnly }
        var differ: [String] = []
        for test in cases {
            let dom = HTML5TestDOM()
            var parser = HTML5PushParser(sink: dom)
            var offset = 0
            while offset < test.data.count {
                parser.feed(test.data.span.extracting(offset..<min(offset + pieceSize, test.data.count)))
                offset += pieceSize
            }
            _ = parser.finish()
            if dom.dump != Self.tree(test.data) { differ.append("\(test.file) #\(test.number)") }
        }
        #expect(differ.isEmpty, "\(differ.prefix(10))")
    }

    /// The cases tb's parser is known to build differently, and why.
    static let knownDifferences = [
        // A selectedcontent element gets a copy of the selected option's content when the option closes: the
        // parser never reads back the tree it builds, so it cannot copy a subtree.
        "webkit02.dat #45", "webkit02.dat #46", "webkit02.dat #47", "webkit02.dat #48",
    ]
}

/// Trees the html5 fuzz target found wrong, checked against the standard's rules (html5lib-tests has no case).
struct FuzzFoundTreeTests {
    /// In a template's column group ("in column group" with a template as the current node) every character is a
    /// token of its own: the non-whitespace ones are ignored, the whitespace among them inserted. The run of text
    /// was dropped whole after its first non-whitespace character, so where the input was cut changed the tree.
    @Test func whitespaceAmongIgnoredCharactersInATemplatesColumnGroup() {
        #expect(
            TreeConstructionTests.tree(Array("<template><col>\n\na\nb c</template>".utf8)) == [
                "| <html>", "|   <head>", "|     <template>", "|       content", "|         <col>", "|         \"",
                "", "", " \"", "|   <body>",
            ])
    }
}
