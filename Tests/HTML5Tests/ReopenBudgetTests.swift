// The limits that keep the standard's algorithm linear on pages written against it: what formatting elements may be
// re-created is budgeted, attributes included, and a page that hits the budget says so.
import TestSupport
import Testing

@testable import HTML5

struct ReopenBudgetTests {
    static func parse(_ html: String) -> (dom: HTML5TestDOM, report: HTML5ParseReport) {
        let dom = HTML5TestDOM()
        let report = HTML5Parser.parse(Array(html.utf8), into: dom)
        return (dom, report)
    }

    /// An ordinary page reopens its formatting elements as the standard says, well inside the budget.
    @Test func ordinaryReopeningIsNotLimited() {
        let html = "<p><b class=x>" + String(repeating: "x</p><p>x", count: 1_000)
        let (dom, report) = Self.parse(html)
        #expect(!report.limitReached)
        // The <b>, and a copy in each of the 1,000 paragraphs after the first.
        #expect(dom.createdElements == 3 + 1_001 + 1_001)
    }

    /// A <b> with 20 KB of attributes reopened in each of 5,000 paragraphs: 100 MB of attributes if nothing counted
    /// them (and 2 GB in libxml2's nodes). The budget stops the copies, and the parse says so.
    @Test func attributesCountInTheBudget() {
        let attributes = (0..<1_500).map { " a\($0)=vvvvvvvvvv" }.joined()
        let html = "<p><b" + attributes + ">x" + String(repeating: "</p><p>x", count: 5_000)
        let (dom, report) = Self.parse(html)
        #expect(report.limitReached)
        #expect(dom.createdAttributeBytes <= 2 * html.utf8.count + 16 * (65_536 + html.utf8.count / 4))
        // Every paragraph is there still.
        #expect(dom.createdElements >= 3 + 5_001)
    }

    /// lexbor issue #340's page: after each </b> the standard reopens every <i>, n at each "x", n^2 in all. The copies
    /// stop at the element budget: 65,536 plus a quarter of the input.
    @Test func theElementBudgetStopsQuadraticReopening() {
        let n = 300
        let html =
            (0..<n).map { "<b \($0)>" }.joined() + (0..<n).map { "<i \($0)>" }.joined()
            + String(repeating: "x</b>", count: n)
        let (dom, report) = Self.parse(html)
        #expect(report.limitReached)
        // Each copy costs 1 + 4 for its attribute + 0 for its few bytes.
        #expect(dom.createdElements <= 3 + 2 * n + (65_536 + html.utf8.count / 4) / 5 + 4)
    }
}
