// What one run of tb html was asked to do, decided from the command line once.
import Toolbox

/// Which parser builds the tree.
enum HTMLParserChoice: String, ArgumentChoice {
    /// tb's own HTML5 parser (the HTML5 module): the standard's tokenizer and tree construction, as browsers build
    /// the tree, linear in any page.
    case html5
    /// The same parser, by its other name.
    case tb
    /// libxml2's HTML parser: HTML4 rules, faster.
    case libxml2

    static var valueName: String { "NAME" }
}

/// What --text prints.
enum HTMLTextMode: String, ArgumentChoice {
    /// Every text node inside, as it is (the DOM's textContent).
    case content
    /// The same with runs of white space collapsed to one space and the ends trimmed.
    case normalized
    /// The text as a browser renders it (innerText): blocks and <br> as line breaks, no script or style.
    case inner

    static var valueName: String { "MODE" }
}

/// What is selected.
enum HTMLQuery: Sendable {
    case css(SelectorList)
    case xpath(String)

    /// Whether it is an XPath expression (which may select attributes).
    var isXPath: Bool { if case .xpath = self { true } else { false } }
}

/// Which HTML fills the html field.
enum HTMLPart: Sendable {
    case outer, inner
}

/// The settings of one run.
struct HTMLSettings: Sendable {
    var query = HTMLQuery.xpath("/")
    var parser = HTMLParserChoice.html5
    var stream = false
    /// --attr names, as given.
    var attributes: [String] = []
    var textMode: HTMLTextMode?
    var htmlPart: HTMLPart?
    var limit: Int?
    var base: String?
    var rawURLs = false
    var encoding: String?
    /// Whether the output shows the text and path fields (--fields and --template may leave them out, and then they
    /// are not computed).
    var showsText = true
    var showsPath = true
}

/// The attribute `name` in `attributes`: the one so named, else one whose name differs only in ASCII case (HTML
/// attribute names are lower case in the tree; SVG ones such as viewBox are not).
func attribute(_ name: String, in attributes: [(name: String, value: String)]) -> (name: String, value: String)? {
    if let exact = attributes.first(where: { $0.name == name }) { return exact }
    let lower = name.lowercased()
    return attributes.first { $0.name.lowercased() == lower }
}

extension NodeRecord {
    /// With --attr: a copy of this record for each attribute of `names` it has, value and name filled.
    func values(of names: [String]) -> [NodeRecord] {
        names.compactMap { name in
            guard let found = HTMLCommands.attribute(name, in: attributes) else { return nil }
            var copy = self
            copy.attribute = found.name
            copy.value = found.value
            return copy
        }
    }
}

/// How many nodes all sources matched, and how many pages failed on a worker, for the exit status.
final class MatchTally {
    var count = 0
    var failed = 0
}
