// The input handler of tb html for one source in tree mode: it gathers the page, decodes it, parses it into a
// libxml2 document (gumbo's HTML5 tree or libxml2's own), runs the query and prints a record per node.
import Bytes
import Gumbo
import LibXML2
import POSIX
import Toolbox

/// Prints the nodes of one page.
final class PagePrinter: InputHandler {
    private let settings: HTMLSettings
    private let query: PreparedQuery
    private let context: Context
    private let source: Source
    private let tally: MatchTally
    private var bytes: [UInt8] = []
    private var decoder: HTMLDecoder
    private var effectiveURL: String?
    private(set) var recordCount = 0

    init(settings: HTMLSettings, query: PreparedQuery, context: Context, source: Source, tally: MatchTally) {
        self.settings = settings
        self.query = query
        self.context = context
        self.source = source
        self.tally = tally
        decoder = HTMLDecoder(name: source.name, override: settings.encoding)
    }

    func start(_ info: SourceInfo) throws {
        decoder.use(contentType: info.contentType)
        effectiveURL = info.effectiveURL
    }

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        Bytes.append(bytes, to: &self.bytes)
        return true
    }

    func finish() throws {
        try printPage()
    }

    /// What arrived before the source broke off is a page too (browsers show it): its nodes are printed.
    func abandon() throws {
        try printPage()
    }

    private func printPage() throws {
        let raw = bytes
        bytes = []
        let text = decoder.decodeWhole(raw) { context.warn($0) }
        let url = documentURL()
        HTMLDocument.releaseKept()
        var parser = settings.parser
        if parser == .html5 {
            let depth = NestingEstimate.deepest(text)
            if depth > NestingEstimate.gumboLimit {
                context.warn(
                    "'\(source.name)' nests elements about \(depth) deep: parsed with libxml2's HTML4 parser (gumbo "
                        + "would take minutes)")
                parser = .libxml2
            }
        }
        let document: HTMLDocument
        do {
            switch parser {
            case .html5: document = try parseHTML5(text, url: url)
            case .libxml2: document = try HTMLDocument(libxml2: text, url: url)
            }
        } catch {
            throw ToolError("cannot parse '\(source.name)': \(error)")
        }
        let result: XPathResult
        do {
            result = try document.evaluate(query.expression(for: document))
        } catch {
            throw ToolError("cannot select from '\(source.name)': \(error)")
        }
        let builder = NodeRecordBuilder(
            settings: settings, source: JSONText(source.name), urls: PageURLs(base: try base(of: document, url: url)))
        var printed = 0
        func emit(_ record: NodeRecord) throws -> Bool {
            try context.output.emit(record)
            printed += 1
            return settings.limit.map { printed < $0 } ?? true
        }
        defer {
            recordCount += printed
            tally.count += printed
            document.keepUntilExit()
        }
        switch result {
        case .nodes(let nodes):
            for node in nodes {
                for record in builder.records(for: node) { guard try emit(record) else { return } }
            }
        case .string(let value): _ = try emit(builder.scalar(value))
        case .number(let value): _ = try emit(builder.scalar(Self.format(value)))
        case .boolean(let value): _ = try emit(builder.scalar(value ? "true" : "false"))
        }
    }

    /// The page's own URL: where it was fetched from (after redirects), or its file:// URL.
    private func documentURL() -> String? {
        if let effectiveURL { return effectiveURL }
        switch source.kind {
        case .url: return source.name
        case .file: return PageURLs.fileURL(path: source.name, directory: try? FileSystem.currentDirectory())
        case .standardInput: return nil
        }
    }

    /// The base URLs resolve against: --base, else the page's <base href> (itself resolved), else the page's URL.
    private func base(of document: HTMLDocument, url: String?) throws -> String? {
        if let base = settings.base { return base }
        if case .nodes(let nodes) = try? document.evaluate(query.baseElement), let element = nodes.first,
            let href = element.attribute("href")
        {
            let trimmed = PageURLs.trimmed(href)
            if !trimmed.isEmpty { return PageURLs.browserEncoded(URLReference.resolve(trimmed, against: url)) }
        }
        return url
    }

    /// An XPath number as XPath's string() writes it: integers without a fraction.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "Infinity" : "-Infinity" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
