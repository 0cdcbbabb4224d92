// Fuzz target `html`: any bytes as a page, through tb's HTML5 parser into its own tree, matched natively (or into a
// libxml2 document for XPath, libxml2's own parser, or its streaming one), then a fixed set of selectors covering each
// way a selector is evaluated; and streamed on tb's parser, whose records (--extract fields included) must be the
// whole tree's.

/// `tb html` on arbitrary bytes.
enum HTMLTarget: FuzzTarget {
    static let name = "html"
    static let seedFolders = ["html"]

    /// Selectors the streaming matcher can decide at each start tag.
    static let streamable = "a[href], img[src], p:first-child, div > span, [id|=x], title, svg *"
    /// And those tb's own stream decides once an element is final.
    static let walkable = streamable + ", b, td, option, :empty, p:contains(x), table:nth-of-type(2) tr"
    /// And the ones that need the tree: positions from the end, :has(), :empty, text.
    static let tree =
        streamable + ", li + li, li ~ p, tr:nth-last-child(2n+1), div:has(> a), :empty, td:only-of-type, "
        + "p:contains(x), input:checked, :not(p, div)"

    /// --extract fields whose sub-selectors all stream: the stream decides them inside each final match, the tree with
    /// a matcher of its own.
    static let fields = [
        "-e", "bold=b", "-e", "links=a@href[]", "-e", "cells=td:contains(x)[]", "-e", "id=@id", "-e", "deep=div span",
    ]

    /// XPath on tb's parser's tree in libxml2: elements, attributes, text and foreign content.
    static let xpath = "//a/@href | //svg:*[1] | //td/text() | //comment() | //*[@id][last()]"

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        let path = InProcessCheck.write(input)
        // The input's length picks the parser, so that no byte of a seed is spent on it.
        let arguments: [String]
        switch input.count % 5 {
        case 0:
            // The page is one of the pages the default streams: its records are the whole tree's.
            let streamed = try InProcessCheck.run(
                ["html", "--json", "--html", walkable, path] + fields, statuses: [0, 1, 2], messages: 2)
            let whole = try InProcessCheck.run(
                ["html", "--json", "--tree", "--html", walkable, path] + fields, statuses: [0, 1, 2], messages: 2)
            // Past the parser's limit on re-created elements (a warning says so) the trees may differ: the stream
            // does not know the page's length when it starts.
            let limited = (streamed.stderr + whole.stderr).contains { $0.contains("reopens formatting elements") }
            try require(
                limited || (streamed.stdout == whole.stdout && streamed.status == whole.status),
                "tb html '\(walkable)': the stream's records differ from the tree's")
            return
        case 1: arguments = ["--parser", "libxml2", "--html", tree]
        case 2: arguments = ["--html", "--xpath", xpath]
        case 3: arguments = ["--parser", "libxml2", "--stream", "--html", streamable]
        default: arguments = ["--html", tree]
        }
        // 0: nodes; 1: none; 2: a page that cannot be read.
        try InProcessCheck.run(["html", "--json"] + arguments + [path], statuses: [0, 1, 2], messages: 2)
    }
}
