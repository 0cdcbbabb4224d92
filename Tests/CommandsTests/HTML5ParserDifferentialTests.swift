// tb's own HTML5 parser (--parser tb) against gumbo's path (--parser html5) on pages nobody wrote for tb: the same
// records on the Python documentation (Debian's python3-doc) and on the benchmark's generated page. Where the two
// differ, html5lib — the standard's reference implementation — decides, and agrees with tb.
import Foundation
import HTMLCommands
import TestSupport
import Testing

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

    func run(_ parser: String, _ arguments: [String]) -> [String] {
        let run = runInProcess(
            ["html", "--parser", parser, "--json"] + arguments, builtins: [HTMLCommand.self],
            environment: scratch.environment)
        #expect(run.status == .success || run.status == .negative, "\(arguments): \(run.stderr)")
        return run.lines
    }

    /// Every element of a tenth of the pages (all of them take minutes in a debug build; bench/html.sh compares all),
    /// by tag and path: the two parsers build the same elements in the same places.
    @Test(.enabled(if: hasPythonDocs))
    func everyElementOfThePythonDocumentationIsWhereGumboPutsIt() throws {
        let all = try Self.pythonPages()
        #expect(all.count > 400)
        let pages = all.enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
        let arguments = ["*", "--fields", "source,tag,path"] + pages
        let gumbo = run("html5", arguments)
        let tb = run("tb", arguments)
        #expect(gumbo.count > 10000)
        #expect(tb == gumbo)
    }

    /// The whole body of a sample of pages, serialized: the same but for gumbo's one known misplacement — the
    /// whitespace before a `</form>` that follows void elements, which it puts after the form.
    @Test(.enabled(if: hasPythonDocs))
    func wholeRecordsOfThePythonDocumentationAreGumbosButForItsFormWhitespace() throws {
        let pages = try Self.pythonPages().enumerated().filter { $0.offset % 10 == 1 }.map(\.element)
        let arguments = ["body", "--html"] + pages
        let gumbo = run("html5", arguments)
        let tb = run("tb", arguments)
        #expect(gumbo.count == tb.count)
        // The records' JSON escapes newlines: white space is spaces and \n there.
        func normalized(_ line: String) -> String {
            line.replacing(/(\\n|\\t| )+/, with: " ").replacing(/\x20?<\/form>\x20?/, with: "</form>")
        }
        for (ours, theirs) in zip(tb, gumbo) where ours != theirs {
            #expect(normalized(ours) == normalized(theirs), "\(ours.prefix(300))")
        }
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
            ["html", "--parser", "tb", "nav", "--html", "--format", "tsv", "--fields", "html", page],
            builtins: [HTMLCommand.self], environment: scratch.environment)
        #expect(tb.lines == ["<nav><form><input>\\n   </form>\\n</nav>"])
    }

    /// The benchmark's page, with the selectors the pup comparison uses: the same records from both parsers.
    @Test func theBenchmarksPageGivesTheSameRecords() throws {
        let page = try HTMLDifferentialTests.page(in: scratch)
        for selector in HTMLDifferentialTests.selectors + ["*"] {
            let arguments = [selector, "--html", page]
            #expect(run("tb", arguments) == run("html5", arguments), "\(selector)")
        }
    }
}

/// Whether Debian's python3-html5lib is installed (the tests run it with /usr/bin/python3).
let hasHTML5Lib = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/html5lib/__init__.py")
