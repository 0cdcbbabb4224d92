// Streaming on tb's own parser against tree mode: for every selector that streams, the records a page's stream
// prints — fed in pieces of 1, 7 and 4,096 bytes — are those tree mode prints, byte for byte, in its order: on
// html5lib's documents (misnesting, foster parenting, select, templates, framesets), and on generated pages of
// misnested formatting, tables with stray content and selects.
import HTML5
import TestSupport
import Testing

@testable import HTMLCommands

struct StreamWalkTests {
    static let url = "http://example.org/dir/page.html"

    enum Output: CaseIterable {
        case plain, html, inner, attribute
    }

    static func settings(_ output: Output) -> HTMLSettings {
        var settings = HTMLSettings()
        switch output {
        case .plain: break
        case .html: settings.htmlPart = .outer
        case .inner: settings.textMode = .inner
        case .attribute: settings.attributes = ["href", "class"]
        }
        return settings
    }

    static func line(_ record: NodeRecord) -> String {
        let attributes = record.attributes.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        return [
            record.tag ?? "-", attributes, record.text ?? "-", record.html ?? "-", record.attribute ?? "-",
            record.value ?? "-", record.path ?? "-",
        ].joined(separator: " | ")
    }

    static func treeRecords(_ text: [UInt8], _ selectors: SelectorList, _ settings: HTMLSettings) throws -> [String] {
        var lines: [String] = []
        let job = PageJob(bytes: [], name: "page", url: url, contentType: nil)
        try PageWork.runOnTree(
            text, job: job, selectors: selectors, settings: settings, warn: { _ in },
            emit: {
                lines.append(line($0))
                return true
            })
        return lines
    }

    static func streamedRecords(
        _ text: [UInt8], _ selectors: SelectorList, _ settings: HTMLSettings, pieceSize: Int
    ) throws -> [String] {
        var lines: [String] = []
        let page = PageStream(settings: settings, selectors: selectors, name: "page", documentURL: url)
        func emit(_ record: NodeRecord) -> Bool {
            lines.append(line(record))
            return true
        }
        var offset = 0
        while offset < text.count {
            _ = try page.feed(text.span.extracting(offset..<min(offset + pieceSize, text.count)), emit)
            offset += pieceSize
        }
        _ = try page.finish(emit)
        return lines
    }

    /// The selectors every document is read with: each streams.
    static let selectors = [
        "*", "a", "b, i", "p", "td", "table", "select, option", "div > p", "body :nth-child(2)",
        ":empty", "p:contains(a)", "a:not([href])", ":root", "tr:first-of-type td", "svg *",
    ]

    /// Compares both modes on `documents`; returns the documents (named) whose records differ, with the first
    /// difference.
    static func differences(
        _ documents: [(name: String, text: [UInt8])], selectors: [String] = selectors, outputs: [Output],
        pieces: [Int]
    ) throws -> [String] {
        var differ: [String] = []
        let lists = try selectors.map { try SelectorList(parsing: $0) }
        for (name, text) in documents {
            for (selector, list) in zip(selectors, lists) {
                for output in outputs {
                    let settings = settings(output)
                    let expected = try treeRecords(text, list, settings)
                    for size in pieces {
                        let got = try streamedRecords(text, list, settings, pieceSize: size)
                        guard got != expected else { continue }
                        let common = min(got.count, expected.count)
                        let index = (0..<common).first { got[$0] != expected[$0] } ?? common
                        differ.append(
                            "\(name) '\(selector)' \(output) pieces of \(size): record \(index): got "
                                + "\(index < got.count ? got[index] : "none"), tree mode \(index < expected.count ? expected[index] : "none")"
                        )
                        break
                    }
                }
            }
        }
        return differ
    }

    static func html5libDocuments() throws -> [(name: String, text: [UInt8])] {
        try HTML5LibTreeCase.all().filter { !$0.fragment && !$0.scriptingOnly }.map { test in
            var decoder = HTMLDecoder(name: "page", override: "utf-8")
            return ("\(test.file) #\(test.number)", decoder.decodeWhole(test.data, warn: { _ in }))
        }
    }

    /// Every selector in pieces of 4,096 bytes, and every output of `*` (every element with all it holds); in
    /// smaller pieces (each a walk), fewer.
    @Test(arguments: [1, 7, 4096]) func html5libsDocumentsStreamAsTheTreeGivesThem(pieceSize: Int) throws {
        let documents = try Self.html5libDocuments()
        var differ: [String] = []
        switch pieceSize {
        case 4096:
            differ += try Self.differences(documents, outputs: [.plain], pieces: [pieceSize])
            differ += try Self.differences(
                documents, selectors: ["*"], outputs: [.html, .inner, .attribute], pieces: [pieceSize])
        case 7:
            differ += try Self.differences(
                documents, selectors: ["*", "p:contains(a)", ":empty"], outputs: [.plain], pieces: [pieceSize])
        default:
            differ += try Self.differences(documents, selectors: ["*"], outputs: [.html], pieces: [pieceSize])
        }
        #expect(differ.isEmpty, "\(differ.count) differ: \(differ.prefix(8).joined(separator: "\n"))")
    }

    /// Pages of random misnested formatting, tables with stray content, selects and nesting.
    static func generatedPage(seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        let parts = [
            "<b>", "</b>", "<i class=x>", "</i>", "<a href=l>", "</a>", "<p>", "</p>", "<div>", "</div>", "text ",
            "<table>", "<tr>", "<td>", "</td>", "</table>", "stray ", "<select>", "<option>o", "</select>",
            "<font>", "</font>", "<nobr>", "<ul><li>", "<li>", "</ul>", "<br>", "<img src=i>", "<!--c-->",
            "<svg><rect/></svg>", "<template><p>t</template>", "<caption>", "<tbody>", "<th>", "<span>",
            "</span>", "<h1>", "</h1>", "<form>", "</form>", "<textarea>x</textarea>", "<em>", "</em>", "&amp;",
        ]
        var html = "<!DOCTYPE html><html><head><title>g</title></head><body>"
        for _ in 0..<300 { html += parts[Int(random.next() % UInt64(parts.count))] }
        return Array(html.utf8)
    }

    @Test func generatedPagesStreamAsTheTreeGivesThem() throws {
        let documents = (1...40).map { ("generated \($0)", Self.generatedPage(seed: UInt64($0))) }
        var differ = try Self.differences(documents, outputs: [.plain, .html], pieces: [4096])
        differ += try Self.differences(documents, selectors: ["*", "a", "td"], outputs: [.html], pieces: [1, 7])
        #expect(differ.isEmpty, "\(differ.count) differ: \(differ.prefix(8).joined(separator: "\n"))")
    }
}
