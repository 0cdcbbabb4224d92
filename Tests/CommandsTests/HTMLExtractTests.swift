// tb html --extract: named fields from sub-selectors, the same on every path (streamed on tb's parser, its tree,
// libxml2's XPath on an HTML5 tree, --xpath), and soupsieve's answer — BeautifulSoup on html5lib's tree, each field
// from `element.select(sub)` — on pages of products, nested lists, missing cells and relative links; the
// arguments' errors; and the fields as --fields, template, TSV and table columns.
import Foundation
import TestSupport
import Testing
import Toolbox

@testable import HTMLCommands

struct HTMLExtractTests: CommandTesting {
    static let command: any Command.Type = HTMLCommand.self
    let scratch = Scratch()

    static let products = """
        <!DOCTYPE html><html><head><base href="https://shop.test/catalog/"><title>Shop</title></head><body>
        <main><h1>Products</h1>
        <table id="list">
        <tr><th>Name</th><th>Price</th></tr>
        <tr class="product" id="p1" data-sku="A-1"><td class="name">Widget <b>Pro</b></td><td class="price">9.99</td>
          <td><a href="widget.html" title="The widget">more</a> <a href="/reviews/1">reviews</a></td>
          <td><ul><li class="tag">new</li><li class="tag">sale</li></ul></td><td><img src="img/w.png" alt="w"></td></tr>
        <tr class="product" id="p2"><td class="name">
            Gadget   deluxe
          </td><td class="price"></td><td><a>no link</a><a href="../g?x=1&amp;y=2">g</a></td><td></td></tr>
        <tr class="product"><td class="price">3</td><td><p>left <a href="#top">top</a></p></td></tr>
        <tr class="product sold-out" id="p4"><td class="name">Gizmo</td><td class="price">12</td>
          <td><ul><li class="tag">old</li></ul></td></tr>
        </table>
        <aside><table><tr class="product" id="ad"><td class="name">Ad</td></tr></table></aside>
        </main></body></html>
        """

    static let nested = """
        <ul id="top">
          <li id="a">Fruit <span class="n">3</span>
            <ul><li id="a1">Apple <span class="n">1</span></li><li id="a2">Pear <span class="n">2</span>
              <ul><li id="a21">Nashi</li></ul></li></ul></li>
          <li id="b">Nuts</li>
          <li id="c"><b>Bread</b> <i>and</i> <span class="n">0</span></li>
        </ul>
        <p>after <a href="x/y.html">y</a></p>
        """

    /// Selector, --extract arguments, page, and an XPath expression selecting what the selector does.
    static let cases: [(selector: String, extract: [String], page: String, xpath: String)] = [
        (
            "tr.product",
            [
                "name=td.name", "price=td.price", "link=a@href", "title=a@title", "tags=li.tag[]", "sku=@data-sku",
                "id=@id", "links=a@href[]", "image=img@src", "cells=td[]", "first=td:first-child",
                "second=td:nth-child(2)", "nothing=video", "nothings=video[]", "reviews=a[href^='/reviews']@href",
            ],
            "products", product
        ),
        // Sub-selectors with the whole page as context: ancestors of the match count, the match itself does not.
        (
            "tr.product",
            ["inMain=main td.name", "inTable=table#list a@href[]", "own=tr.product[]", "rowCell=tr > td.price"],
            "products", product
        ),
        // A sub-selector that needs the tree (:last-child): the run builds it.
        ("table", ["rows=tr.product@id[]", "names=.name[]", "last=tr:last-child td.name"], "products", "//table"),
        (
            "tr.product:not(.sold-out)", ["name=td.name", "tags=ul > li[]"], "products",
            "//tr[contains(concat(' ', @class, ' '), ' product ') and not(contains(@class, 'sold-out'))]"
        ),
        (
            "li", ["counts=span.n[]", "count=span.n", "inner=li[]", "deep=li li", "id=@id", "link=a@href"], "nested",
            "//li"
        ),
        ("ul", ["items=ul > li[]", "firstItem=li", "ids=li@id[]"], "nested", "//ul"),
        (
            "li:contains('Pear')", ["name=span.n", "leaves=li:not(:has(li))[]", "withN=li:contains('Nashi')[]"],
            "nested", "//li[contains(., 'Pear')]"
        ),
        ("body", ["link=a@href", "spans=span[]", "para=p"], "nested", "//body"),
    ]

    static let product = "//tr[contains(concat(' ', @class, ' '), ' product ')]"

    func page(_ name: String) throws -> String {
        let path = scratch.file(name + ".html")
        try (name == "products" ? Self.products : Self.nested).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The records' `fields`, as NDJSON lines `{"type":"node","fields":{…}}`.
    func fields(_ arguments: [String], _ extract: [String]) -> [String] {
        let result = run(arguments + extract.flatMap { ["--extract", $0] } + ["--fields", "fields"])
        #expect(result.status == .success, "\(arguments) \(extract): \(result.stderr)")
        return result.lines
    }

    /// Every path gives the same records: streamed (where the selectors stream), the tree, and libxml2's XPath on
    /// the same HTML5 tree (--xpath).
    @Test func everyPathGivesTheSameFields() throws {
        for row in Self.cases {
            let path = try page(row.page)
            let tree = fields(["--tree", row.selector, path], row.extract)
            #expect(!tree.isEmpty)
            #expect(fields([row.selector, path], row.extract) == tree, "\(row.selector) \(row.extract)")
            #expect(fields(["--xpath", row.xpath, path], row.extract) == tree, "\(row.xpath) \(row.extract)")
        }
    }

    /// The fields are soupsieve's: for each element `soup.select(selector)` gives, each field from
    /// `element.select(sub)` (its text collapsed, or an attribute of the elements having it, URLs joined to the
    /// page's base), the element's own attribute for `@ATTR`.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/soupsieve")))
    func theFieldsAreSoupsievesAnswer() throws {
        var lines = ""
        for row in Self.cases {
            let path = try page(row.page)
            let object: [String: Any] = [
                "html": row.page == "products" ? Self.products : Self.nested, "selector": row.selector,
                "extract": row.extract, "url": "file://" + path,
                "foundJSON": fields([row.selector, path], row.extract),
            ]
            lines += String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self) + "\n"
        }
        let program = """
            import json, sys, warnings
            from urllib.parse import urljoin
            from bs4 import BeautifulSoup
            warnings.simplefilter("ignore")
            for line in sys.stdin:
                case = json.loads(line)
                soup = BeautifulSoup(case["html"], "html5lib")
                base = soup.select_one("head > base[href]")
                base = urljoin(case["url"], base["href"]) if base else case["url"]
                expected = []
                for element in soup.select(case["selector"]):
                    fields = {}
                    for spec in case["extract"]:
                        name, rest = spec.split("=", 1)
                        many = rest.endswith("[]")
                        rest = rest[:-2] if many else rest
                        sub, _, attribute = rest.partition("@")
                        nodes = element.select(sub) if sub else [element]
                        if attribute:
                            values = [node.get(attribute) for node in nodes if node.get(attribute) is not None]
                            if attribute in ("href", "src"):
                                values = [urljoin(base, value) for value in values]
                        else:
                            values = [" ".join(node.get_text().split()) for node in nodes]
                        fields[name] = values if many else (values[0] if values else None)
                    expected.append(fields)
                found = [json.loads(record)["fields"] for record in case["foundJSON"]]
                if found != expected:
                    print(json.dumps([case["selector"], found, expected]))
            """
        let result = try runProgram(
            "/usr/bin/python3", ["-c", program], environment: ["PATH": "/usr/bin:/bin"], input: Data(lines.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "fields soupsieve gives otherwise (selector, tb, soupsieve):\n\(result.stdout)")
    }

    // MARK: The arguments

    @Test func theFormsOfAnExtractArgument() throws {
        let text = try ExtractField(parsing: "name=td.name")
        #expect(text.name == "name" && text.selectors?.text == "td.name" && text.attribute == nil && !text.list)
        let link = try ExtractField(parsing: "link=a[title='a@b'] @href")
        #expect(link.selectors?.text == "a[title='a@b'] " && link.attribute == "href" && !link.list)
        let tags = try ExtractField(parsing: "tags=li.tag[]")
        #expect(tags.selectors?.text == "li.tag" && tags.list)
        let links = try ExtractField(parsing: "links=a@xlink:href[]")
        #expect(links.attribute == "xlink:href" && links.list)
        let own = try ExtractField(parsing: "id=@id")
        #expect(own.selectors == nil && own.attribute == "id")
        #expect(try ExtractField(parsing: "a-b_2=p").name == "a-b_2")
    }

    @Test func badArgumentsAreUsageErrorsThatSayWhere() throws {
        let path = try page("products")
        let cases: [([String], String)] = [
            (["-e", "price"], "bad --extract 'price': expected NAME=SUBSELECTOR"),
            (["-e", "=td"], "bad --extract '=td': a name is a letter or _"),
            (["-e", "a.b=td"], "bad --extract 'a.b=td': a name is a letter or _"),
            (["-e", "a="], "bad --extract 'a=': expected a sub-selector after '='"),
            (["-e", "a=td@"], "bad --extract 'a=td@': expected an attribute name after '@'"),
            // The position counts in the whole argument: the second '.' is its 11th character.
            (
                ["-e", "price=td..x"],
                "bad --extract 'price=td..x': expected a class name after '.', found '.' at position 10"
            ),
            (["-e", "a=td", "-e", "a=th"], "--extract names 'a' twice: each field needs a name of its own"),
            (
                ["--stream", "-e", "price=td + td"],
                "--extract price: --stream cannot decide the '+' combinator (position 10): it needs the whole tree"
            ),
            (
                ["--stream", "-e", "n=tr:contains('x') td"],
                "--extract n: --stream cannot decide ':contains()' (position 5) left of the last compound of a "
                    + "sub-selector: it needs the whole tree"
            ),
            (
                ["--parser", "libxml2", "--stream", "-e", "n=td"],
                "--extract with --parser libxml2 needs the tree: leave out --stream"
            ),
        ]
        for (arguments, message) in cases {
            let result = run(arguments + ["tr", path])
            #expect(result.status == .usage, "\(arguments)")
            #expect(result.stderr.first?.hasPrefix("tb html: " + message) == true, "\(arguments): \(result.stderr)")
        }
        // A sub-selector that needs the tree, without --stream: the tree answers.
        #expect(run(["-e", "price=td + td", "tr.product", path]).status == .success)
    }

    // MARK: The fields in every format

    var tableArguments: [String] {
        ["tr.product", "-e", "name=td.name", "-e", "price=td.price", "-e", "link=a@href", "-e", "tags=li.tag[]"]
    }

    @Test func tsvHasAColumnPerFieldInExtractOrder() throws {
        let path = try page("products")
        let tsv = run(tableArguments + [path, "--format", "tsv", "--fields", "tag,fields.price,fields.name"])
        #expect(
            tsv.lines == ["tr\t9.99\tWidget Pro", "tr\t\tGadget deluxe", "tr\t3\t", "tr\t12\tGizmo", "tr\t\tAd"])
        // Without --fields, the fields come last, each a column.
        let all = run(tableArguments + [path, "--format", "tsv"])
        #expect(
            all.lines.first?.hasSuffix("\tWidget Pro\t9.99\thttps://shop.test/catalog/widget.html\t[\"new\",\"sale\"]")
                == true)
    }

    @Test func fieldsAndTemplatesReachTheMembers() throws {
        let path = try page("products")
        let projected = run(tableArguments + [path, "--fields", "fields.price,tag,fields.name", "--limit", "1"])
        #expect(projected.lines == [#"{"type":"node","fields":{"price":"9.99","name":"Widget Pro"},"tag":"tr"}"#])
        let template = run(tableArguments + [path, "--template", "%(fields.name): %(fields.tags.1)", "-n", "1"])
        #expect(template.lines == ["Widget Pro: sale"])
        let unknown = run(tableArguments + [path, "--fields", "fields.prize"])
        #expect(unknown.status == .usage)
        #expect(unknown.stderr.first?.contains("unknown field 'fields.prize' (did you mean 'fields.price'?)") == true)
        let unknownInTemplate = run(tableArguments + [path, "--template", "%(fields.nmae)"])
        #expect(
            unknownInTemplate.stderr.first?.contains(
                "unknown field 'fields.nmae' in template (did you mean 'fields.name'?)") == true)
    }

    @Test func theTableShowsTheFieldsAsColumns() throws {
        let path = try page("products")
        let table = run(tableArguments + [path, "--format", "table", "--color", "never"], columns: 120)
        #expect(table.lines.first == "NAME           PRICE  LINK                                   TAGS")
        #expect(
            table.lines.dropFirst().first == "Widget Pro     9.99   https://shop.test/catalog/widget.html  new, sale")
        #expect(table.lines.count == 6)
    }

    /// An element that is not one (an attribute --xpath selected) has every field null, every list empty.
    @Test func aNodeThatIsNotAnElementHasEmptyFields() throws {
        let path = try page("products")
        let found = try records(["--xpath", "//tr[@id='p1']/@id", path, "-e", "n=td", "-e", "all=td[]", "-e", "i=@id"])
        #expect(found.map { $0["fields"] } == [.object(["n": .null, "all": .array([]), "i": .null])])
    }

    /// A page of thousands of matches: streamed, their records are built in batches on a second core, with the
    /// sub-selectors' matches carried along; the records are the tree's.
    @Test func aLargePageStreamsTheTreesRecords() throws {
        var page = "<html><body><table>"
        for row in 0..<3_000 {
            page += "<tr class=product id=r\(row)><td class=name>item \(row)</td><td class=price>\(row % 97)</td>"
            page += row % 3 == 0 ? "<td><a href=/i/\(row)>i</a><ul><li>x<li>y</ul></td></tr>\n" : "</tr>\n"
        }
        let path = scratch.file("large.html")
        try page.write(toFile: path, atomically: true, encoding: .utf8)
        let extract = ["-e", "name=td.name", "-e", "link=a@href", "-e", "items=li[]", "-e", "id=@id"]
        let streamed = run(["tr.product", path] + extract)
        let tree = run(["--tree", "tr.product", path] + extract)
        #expect(streamed.status == .success && streamed.lines.count == 3_000)
        #expect(streamed.lines == tree.lines)
        #expect(
            streamed.lines.last?.contains(#""fields":{"name":"item 2999","link":null,"items":[],"id":"r2999"}"#) == true
        )
    }
}
