// `tb html -a href -a title` printed values that did not say which attribute each one was; the records
// now carry it in `attribute`, in the tree, in --stream and for attributes an XPath expression selects.
import TestSupport
import Testing
import Toolbox

@testable import HTMLCommands

struct HTMLAttributeFieldTests: CommandTesting {
    static let command: any Command.Type = HTMLCommand.self
    let scratch = Scratch()

    var page: String {
        scratch.write(
            "links.html",
            "<p><a href='/one' title='First'>1</a> <a href='/two'>2</a> <a title='No link'>3</a>"
                + " <svg viewBox='0 0 1 1'></svg></p>")
    }

    @Test(arguments: [[], ["--stream"], ["--parser", "libxml2"]])
    func valuesSayWhichAttributeTheyAre(_ mode: [String]) throws {
        let found = try records(mode + ["-a", "href", "-a", "title", "a", page, "--raw-urls"])
        #expect(found.map { $0["attribute"]?.string } == ["href", "title", "href", "title"])
        #expect(found.map { $0["value"]?.string } == ["/one", "First", "/two", "No link"])
    }

    @Test func theAttributeIsNamedAsThePageWritesIt() throws {
        let found = try records(["-a", "viewbox", "svg", page])
        #expect(found.map { $0["attribute"]?.string } == ["viewBox"])
    }

    @Test func anXPathAttributeSaysItsNameAndOtherRecordsNone() throws {
        let attributes = try records(["--xpath", "//a/@title", page])
        #expect(attributes.map { $0["attribute"]?.string } == ["title", "title"])
        let elements = try records(["a", page])
        #expect(elements.allSatisfy { $0["attribute"] == .null } && elements.count == 3)
        let text = try records(["--text", "a", page])
        #expect(text.allSatisfy { $0["attribute"] == .null })
    }

    @Test func tsvAndTemplatesHaveIt() throws {
        let result = runInProcess(
            ["html", "-a", "href", "-a", "title", "a", page, "--raw-urls", "--template", "%(attribute)=%(value)"],
            builtins: [HTMLCommand.self], environment: scratch.environment)
        #expect(result.lines == ["href=/one", "title=First", "href=/two", "title=No link"], "\(result.stderr)")
    }
}
