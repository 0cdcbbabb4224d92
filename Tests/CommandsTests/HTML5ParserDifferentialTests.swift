// tb html's two ways to a record, on pages nobody wrote for tb: a CSS selector matched natively on tb's own tree,
// and the same parse as a libxml2 document queried with XPath (the selector compiled, or an equivalent path) give
// the same records on the Python documentation (Debian's python3-doc) and on the benchmark's generated page. (Until
// gumbo was retired, the same pages gave gumbo's records too, but for one whitespace gumbo misplaces after a
// </form>, where html5lib — the standard's reference implementation — agrees with tb.)
import Foundation
import TestSupport
import Testing

@testable import HTMLCommands

struct HTML5ParserDifferentialTests {
    let scratch = Scratch()

    /// Debian's python3-doc: 500-odd pages Sphinx wrote.
    static let pythonDocs = "/usr/share/doc/python3.11/html"
    static var hasPythonDocs: Bool { FileManager.default.fileExists(atPath: pythonDocs + "/index.html") }

    static func pythonPages() throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: pythonDocs)
        var pages: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".html") { pages.append(pythonDocs + "/" + path) }
        }
        return pages.sorted()
    }

    /// The records of `arguments`, the selector (first) matched on the tree, or with `xpath` given instead, the
    /// XPath on the libxml2 document.
    func run(_ arguments: [String], xpath: String? = nil) -> [String] {
        let query = xpath.map { ["--xpath", $0] + arguments.dropFirst() } ?? arguments
        let run = runInProcess(
            ["html", "--json"] + query, builtins: [HTMLCommand.self], environment: scratch.environment)
        #expect(run.status == .success || run.status == .negative, "\(arguments): \(run.stderr)")
        return run.lines
    }

    /// Every element of a tenth of the pages (all of them take minutes in a debug build), by tag and path: the tree
    /// and its paths are libxml2's document and its paths.
    @Test(.enabled(if: hasPythonDocs))
    func everyElementOfThePythonDocumentationIsInBothTrees() throws {
        let all = try Self.pythonPages()
        #expect(all.count > 400)
        let pages = all.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
        let arguments = ["*", "--fields", "source,tag,path"] + pages
        let tree = run(arguments)
        #expect(tree.count > 10000)
        #expect(tree == run(arguments, xpath: "//*"))
    }

    /// The whole body of a sample of pages, serialized, with its text: the same from both trees.
    @Test(.enabled(if: hasPythonDocs))
    func wholeRecordsOfThePythonDocumentationAreTheSameFromBothTrees() throws {
        let pages = try Self.pythonPages().enumerated().filter { $0.offset % 10 == 1 }.map(\.element)
        let arguments = ["body", "--html", "--text=inner"] + pages
        let tree = run(arguments)
        #expect(tree.count == pages.count)
        #expect(tree == run(arguments, xpath: "/html/body"))
    }

    /// html5lib, the reference implementation, puts the whitespace inside the form, as tb does.
    @Test(.enabled(if: hasHTML5Lib))
    func formWhitespaceIsWhereHtml5libPutsIt() throws {
        let page = scratch.write("form.html", "<nav><form><input/>\n   </form>\n</nav>")
        let html5lib = try runProgram(
            "/usr/bin/python3",
            [
                "-c",
                "import html5lib,sys; d=html5lib.parse(open(sys.argv[1]).read(), treebuilder='dom');"
                    + "print(d.getElementsByTagName('nav')[0].toxml())",
                page,
            ], environment: scratch.environment)
        #expect(html5lib.stdout == "<nav><form><input/>\n   </form>\n</nav>\n")
        let tb = runInProcess(
            ["html", "nav", "--html", "--format", "tsv", "--fields", "html", page],
            builtins: [HTMLCommand.self], environment: scratch.environment)
        #expect(tb.lines == ["<nav><form><input>\\n   </form>\\n</nav>"])
    }

    /// The benchmark's page, with the selectors the pup comparison uses: the same records from the native matcher
    /// and from the XPath each compiles to.
    @Test func theBenchmarksPageGivesTheSameRecords() throws {
        let page = try HTMLDifferentialTests.page(in: scratch)
        for selector in HTMLDifferentialTests.selectors + ["*"] {
            let xpath = try SelectorList(parsing: selector).xpath(foreignContent: true)
            let arguments = [selector, "--html", page]
            #expect(run(arguments) == run(arguments, xpath: xpath), "\(selector)")
        }
    }
}

/// Whether Debian's python3-html5lib is installed (the tests run it with /usr/bin/python3).
let hasHTML5Lib = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/html5lib/__init__.py")
