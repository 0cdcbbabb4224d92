// What one run of tb html was asked to do, decided from the command line once.
import Toolbox

/// The settings of one run.
struct HTMLSettings: Sendable {
    var query = HTMLQuery.xpath("/")
    var parser = HTMLParserChoice.html5
    /// --stream: stream, or refuse the selector.
    var stream = false
    /// Whether pages are streamed on tb's own parser (StreamWalk): the selector streams, and --tree was not given.
    var walks = false
    /// --attr names, as given.
    var attributes: [String] = []
    var textMode: HTMLTextMode?
    var htmlPart: HTMLPart?
    var limit: Int?
    var base: String?
    var rawURLs = false
    var encoding: String?
    /// --extract fields, in order.
    var extract: [ExtractField] = []
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
    /// Gives `body` the record to print, or with --attr (`names`) the record once for each of those attributes it
    /// has, its name and value filled in (the record itself each time, not a copy: a record is eight references to
    /// retain). Stops when `body` returns false, and says whether it did not.
    mutating func forEachValue(of names: [String], _ body: (NodeRecord) throws -> Bool) rethrows -> Bool {
        guard !names.isEmpty else { return try body(self) }
        for name in names {
            guard let found = HTMLCommands.attribute(name, in: attributes) else { continue }
            attribute = found.name
            value = found.value
            guard try body(self) else { return false }
        }
        return true
    }
}
