// tb html against pup (Go's HTML5 parser and its own selector engine) on the selectors pup supports: the same
// attribute values and texts, compared as values (pup writes them HTML-escaped; tb decodes them).
import Foundation
import HTMLCommands
import TestSupport
import Testing
import Toolbox

struct HTMLDifferentialTests {
    let scratch = Scratch()

    /// Selectors pup implements the same way as CSS (pup drops nested matches of a selector, so none of these can
    /// nest: links, images, list items and cells do not contain their own kind here).
    static let selectors = [
        "a", "p a", "li > a", "a[href]", "a[href^=\"/articles/1\"]", "a[href$=\"9\"]", "a[href*=\"page=3\"]",
        "a[title=\"river\"]", "section#s7 a", ".inner p a", "li:first-child", "li:last-child", "li:nth-child(3)",
        "li:nth-child(2n+1)", "li:nth-last-child(2)", "p:first-of-type a", "a:last-of-type", "h2 + div a",
        "li:only-child", "a:not([title=\"river\"])", "nav a", "td:nth-of-type(2)", "title",
    ]

    func tb(_ arguments: [String]) -> [String] {
        let run = runInProcess(
            ["html", "--raw-urls", "--format", "tsv", "--fields", "value"] + arguments, builtins: [HTMLCommand.self],
            environment: scratch.environment)
        #expect(run.status == .success || run.status == .negative, "\(arguments): \(run.stderr)")
        return run.lines
    }

    func pup(_ selector: String, _ page: String) throws -> [String] {
        let finished = try runProgram(
            "/usr/bin/pup", ["-f", page, selector], environment: scratch.environment)
        #expect(finished.status == 0, "pup '\(selector)': \(finished.stderr)")
        return finished.stdout.split(separator: "\n", omittingEmptySubsequences: true).map {
            Self.unescaped(String($0))
        }
    }

    /// pup's output HTML-escaped as it writes it: &amp; &lt; &gt; &#34; &#39;.
    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&#34;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pup")))
    func attributeValuesAreThoseOfPup() throws {
        let page = try Self.page(in: scratch)
        for selector in Self.selectors where selector != "title" {
            let expected = try pup(selector + " attr{href}", page)
            let found = tb(["--attr", "href", selector, page])
            #expect(found == expected, "\(selector): tb \(found.count) values, pup \(expected.count)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pup")))
    func textsAreThoseOfPup() throws {
        let page = try Self.page(in: scratch)
        for selector in ["title", "h2", "a[title=\"river\"]", "td", "li:nth-child(2)"] {
            // pup's text{} prints each text node of the match on a line of its own, trimmed.
            let expected = try pup(selector + " text{}", page).filter { !$0.isEmpty }
            let found = tb(["--text=normalized", selector, page])
            #expect(found == expected, "\(selector)")
        }
    }

    /// A page made with bench/make-html-corpus.py (sections, paragraphs, lists, decoys in scripts and comments).
    static func page(in scratch: Scratch) throws -> String {
        let path = scratch.file("page.html")
        let finished = try runProgram(
            "/usr/bin/python3", [Package.root + "/bench/make-html-corpus.py", path, "400"],
            environment: scratch.environment)
        #expect(finished.status == 0, "\(finished.stderr)")
        // Cells and an only child, which the generator does not write.
        let extra =
            "<table><tr><td><a href=\"/c1\">c1</a></td><td><a href=\"/c2\">c2</a></td></tr></table>"
            + "<ul><li><a href=\"/only\">only</a></li></ul>"
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "</main>", with: extra + "</main>")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
