// The native CSS matcher on tb's own HTMLTree: every row of the conformance table selects the same elements as the
// XPath tb compiles for libxml2, and descendant chains on deep pages stay linear.
import HTML5
import TestSupport
import Testing

@testable import HTMLCommands

struct TreeMatcherTests {
    /// The ids of the elements `selector` matches in `html`, in document order.
    static func ids(_ selector: String, _ html: String) throws -> [String] {
        let tree = HTMLTree.parse(Array(html.utf8)).tree
        let matcher = TreeMatcher(try SelectorList(parsing: selector), page: TreePage(tree))
        let id = tree.attributeNameID(Array("id".utf8).span)
        return matcher.matches().map { node in
            guard let id, let index = tree.attributeIndex(node, id) else { return "" }
            return String(copying: tree.attributeValue(node, index))
        }
    }

    @Test func everyRowSelectsItsElements() throws {
        var failed = 0
        for row in SelectorFixtures.cases {
            let ids = try Self.ids(row.selector, SelectorFixtures.documents[row.fixture] ?? "")
            if ids != row.ids {
                failed += 1
                Issue.record("\(row): expected \(row.ids), got \(ids)")
            }
        }
        #expect(failed == 0)
        #expect(SelectorFixtures.cases.count > 100)
    }

    /// Each question about an element and a prefix of the selector is answered once: on 6,000 nested divs, chains of
    /// descendant combinators find every div but the first ones, as many as the chain is long.
    @Test(arguments: ["body div div", "body div:not(span) div", "div > div div", "div ~ div div", "div div div"])
    func descendantChainsOnDeepPages(selector: String) throws {
        let depth = 6_000
        let html = String(repeating: "<div>", count: depth)
        let tree = HTMLTree.parse(Array(html.utf8)).tree
        let found = TreeMatcher(try SelectorList(parsing: selector), page: TreePage(tree)).matches()
        let expected =
            switch selector {
            case "div ~ div div": 0
            case "div div div", "div > div div": depth - 2
            default: depth - 1
            }
        #expect(found.count == expected)
    }
}
