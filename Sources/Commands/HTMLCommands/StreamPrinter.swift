// The input handler of tb html --stream for one source: the page's bytes go through libxml2's SAX parser as they
// arrive; the open elements decide each match (StreamMatcher), and a match's record is printed when it closes — after
// the matches that opened before it, so that records stay in document order. Only matched subtrees are held.
import LibXML2
import POSIX
import Toolbox

/// Streams the nodes of one page.
final class StreamPrinter: InputHandler {
    private let settings: HTMLSettings
    private let context: Context
    private let source: Source
    private let sourceText: JSONText
    private let matcher: StreamMatcher
    private let parser: HTMLStreamParser
    private var decoder: HTMLDecoder
    private var urls: PageURLs
    /// Whether the page's <base href> has been seen (the first one counts).
    private var sawBase = false
    private var documentURL: String?
    /// The open elements, root first, with the counts of their children so far.
    private var open: [OpenElement] = []
    private var childCounts: [ChildCounts] = [ChildCounts()]
    /// Matches not printed yet, in the order they opened; `capturing` indexes those still open.
    private var pending: [Capture] = []
    private var records: SourceRecords
    private var stopped = false
    var recordCount: Int { records.count }
    /// --limit reached in what `idle` printed: the source ends without waiting for more bytes.
    var wantsMore: Bool { !stopped }

    init(settings: HTMLSettings, query: PreparedQuery, context: Context, source: Source, tally: MatchTally) throws {
        guard case .css(let selectors) = settings.query, case .success(let matcher) = selectors.streamable else {
            throw ToolError("--stream needs a selector the open elements decide")
        }
        self.settings = settings
        self.context = context
        self.source = source
        records = SourceRecords(output: context.output, tally: tally, limit: settings.limit)
        self.matcher = matcher
        sourceText = JSONText(source.name)
        decoder = HTMLDecoder(name: source.name, override: settings.encoding)
        // Text events cost a sixth of a parse: asked for only when a record shows text or HTML.
        let needsText = settings.showsText || settings.textMode != nil || settings.htmlPart != nil
        do {
            parser = try HTMLStreamParser(text: needsText)
        } catch {
            throw ToolError("cannot start the HTML parser for '\(source.name)': \(error)")
        }
        switch source.kind {
        case .url: documentURL = source.name
        case .file: documentURL = PageURLs.fileURL(path: source.name, directory: try? FileSystem.currentDirectory())
        case .standardInput: documentURL = nil
        }
        urls = PageURLs(base: settings.base ?? documentURL)
    }

    deinit {
        parser.cancel()
    }

    func start(_ info: SourceInfo) throws {
        decoder.use(contentType: info.contentType)
        if let url = info.effectiveURL {
            documentURL = url
            if settings.base == nil { urls = PageURLs(base: url) }
        }
    }

    func receive(_ bytes: Span<UInt8>) throws -> Bool {
        var text: [UInt8] = []
        decoder.decode(bytes, final: false, into: &text) { context.warn($0) }
        if !text.isEmpty { try feed(text) }
        return !stopped
    }

    func finish() throws {
        var text: [UInt8] = []
        decoder.decode(Span<UInt8>(), final: true, into: &text) { context.warn($0) }
        if !text.isEmpty { try feed(text) }
        guard !stopped else { return }
        do {
            try parser.finish { event in try handle(event) }
        } catch let error as LibXML2Error {
            throw ToolError("cannot parse '\(source.name)': \(error)")
        }
        // Elements still open at the end close with it.
        while !open.isEmpty { try close() }
        try flush()
    }

    func abandon() throws {
        try finish()
    }

    private func feed(_ text: [UInt8]) throws {
        try parser.feed(text) { event throws in try handle(event) }
    }

    /// Before the input layer waits for more bytes, what the parser has read so far is printed.
    func idle() throws {
        var text: [UInt8] = []
        decoder.decideNow(into: &text) { context.warn($0) }
        if !text.isEmpty { try feed(text) }
        try parser.drain { event throws in try handle(event) }
    }

    // MARK: Events

    private func handle(_ event: HTMLStreamEvent) throws {
        guard !stopped else { return }
        switch event {
        case .start(let name, let attributes):
            try startElement(name, attributes)
        case .end:
            if !open.isEmpty { try close() }
        case .text(let bytes):
            guard !pending.isEmpty else { return }
            let text = String(decoding: bytes, as: UTF8.self)
            for index in pending.indices where pending[index].isOpen { pending[index].text(text) }
        case .comment(let bytes):
            guard !pending.isEmpty else { return }
            let text = String(decoding: bytes, as: UTF8.self)
            for index in pending.indices where pending[index].isOpen { pending[index].comment(text) }
        }
    }

    private func startElement(_ name: String, _ streamed: HTMLStreamAttributes) throws {
        let position = childCounts[childCounts.count - 1].add(name)
        // Attributes become Strings only where something looks at them.
        let needed = matcher.usesAttributes || !pending.isEmpty || name == "base"
        let attributes = needed ? streamed.map { (name: $0.name, value: $0.value) } : []
        let element = OpenElement(
            name: name, namespace: .html, attributes: attributes, childIndex: position.child, typeIndex: position.type)
        open.append(element)
        childCounts.append(ChildCounts())
        if !sawBase && name == "base", let href = streamed.value("href") {
            sawBase = true
            if settings.base == nil {
                let trimmed = PageURLs.trimmed(href)
                if !trimmed.isEmpty {
                    urls = PageURLs(
                        base: PageURLs.browserEncoded(URLReference.resolve(trimmed, against: documentURL)))
                }
            }
        }
        for index in pending.indices where pending[index].isOpen {
            pending[index].enter(name, attributes)
        }
        if matcher.matches(open), !limitFilled {
            if !needed { open[open.count - 1].attributes = streamed.map { (name: $0.name, value: $0.value) } }
            var capture = Capture(depth: open.count, element: open[open.count - 1], path: path(), settings: settings)
            capture.enter(name, open[open.count - 1].attributes)
            pending.append(capture)
        }
    }

    /// Whether the records printed and those the pending matches will print make --limit: records come out in the
    /// order their elements open, so no later match can be printed and it is not captured. Each capture holds its
    /// path and everything inside it, and 100,000 nested matches grew to gigabytes before the first one closed.
    private var limitFilled: Bool {
        guard let limit = settings.limit else { return false }
        return records.count + pending.reduce(0) { $0 + $1.recordCount(settings) } >= limit
    }

    private func close() throws {
        let element = open.removeLast()
        childCounts.removeLast()
        for index in pending.indices where pending[index].isOpen {
            pending[index].leave(element.name)
            if pending[index].depth == open.count + 1 { pending[index].isOpen = false }
        }
        try flush()
    }

    /// Prints the matches that are complete and have no open match before them.
    private func flush() throws {
        var done = 0
        defer { pending.removeFirst(done) }
        for capture in pending {
            guard !capture.isOpen, !stopped else { break }
            done += 1
            try capture.records(source: sourceText, urls: urls, settings: settings) { record in
                guard try records.emit(record) else {
                    stopped = true
                    parser.cancel()
                    return false
                }
                return true
            }
        }
    }

    /// The path of the innermost open element: every step with its position among same-name siblings, except the
    /// html, head and body elements, which a page has once.
    private func path() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(open.count * 12)
        for (depth, element) in open.enumerated() {
            bytes.append(UInt8(ascii: "/"))
            bytes.append(contentsOf: element.name.utf8)
            let unique = depth == 0 || (depth == 1 && (element.name == "head" || element.name == "body"))
            guard !unique else { continue }
            bytes.append(UInt8(ascii: "["))
            var digits: [UInt8] = []
            var number = element.typeIndex
            repeat {
                digits.append(UInt8(ascii: "0") + UInt8(number % 10))
                number /= 10
            } while number > 0
            bytes.append(contentsOf: digits.reversed())
            bytes.append(UInt8(ascii: "]"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The element children an open element has had so far: how many, and how many of each name (a short list, not a
/// dictionary: an element's children have few distinct names, and this runs for every start tag of the page).
private struct ChildCounts {
    var elements = 0
    var names: [String] = []
    var counts: [Int] = []

    /// Counts a new child; its 1-based positions among all children and among those of its name.
    mutating func add(_ name: String) -> (child: Int, type: Int) {
        elements += 1
        for index in names.indices.reversed() where names[index] == name {
            counts[index] += 1
            return (elements, counts[index])
        }
        names.append(name)
        counts.append(1)
        return (elements, 1)
    }
}

/// A matched element being read: what its record needs, gathered from the events inside it.
private struct Capture {
    /// Its depth in the open-element stack (1 for the root).
    let depth: Int
    let element: OpenElement
    let path: String
    var isOpen = true
    private let wantsHTML: HTMLPart?
    private let wantsInner: Bool
    private var content = ""
    private var html = ""
    /// Where the inner HTML starts in `html` (after the element's own start tag), and ends (before its end tag).
    private var innerStart = 0
    private var innerEnd = 0
    private var inner = InnerText()
    /// Elements open inside the capture whose text is raw (script, style…): it is written without escaping.
    private var rawDepth = 0
    private var level = 0

    init(depth: Int, element: OpenElement, path: String, settings: HTMLSettings) {
        self.depth = depth
        self.element = element
        self.path = path
        wantsHTML = settings.htmlPart
        wantsInner = settings.textMode == .inner
    }

    mutating func enter(_ name: String, _ attributes: [(name: String, value: String)]) {
        level += 1
        if wantsInner { _ = inner.enter(name, isRoot: level == 1) }
        guard wantsHTML != nil else { return }
        html += "<" + name
        for (attribute, value) in attributes {
            html += " " + attribute + "=\"" + HTMLSerialization.escapedAttribute(value) + "\""
        }
        html += ">"
        if level == 1 { innerStart = html.utf8.count }
        if HTMLSerialization.rawTextElements.contains(name) { rawDepth += 1 }
    }

    mutating func leave(_ name: String) {
        if wantsInner { inner.leave(name) }
        if level == 1 { innerEnd = html.utf8.count }
        level -= 1
        guard wantsHTML != nil else { return }
        if HTMLSerialization.rawTextElements.contains(name) { rawDepth -= 1 }
        if !HTMLSerialization.voidElements.contains(name) { html += "</" + name + ">" }
        if level == 0 && HTMLSerialization.voidElements.contains(name) { innerEnd = html.utf8.count }
    }

    mutating func text(_ text: String) {
        content += text
        if wantsInner { inner.text(text) }
        if wantsHTML != nil { html += rawDepth > 0 ? text : HTMLSerialization.escapedText(text) }
    }

    mutating func comment(_ text: String) {
        if wantsHTML != nil { html += "<!--" + text + "-->" }
    }

    /// How many records it makes: one, or with --attr one per named attribute the element has.
    func recordCount(_ settings: HTMLSettings) -> Int {
        guard !settings.attributes.isEmpty else { return 1 }
        return settings.attributes.count { attribute($0, in: element.attributes) != nil }
    }

    /// Gives `body` the capture's records until it returns false.
    func records(
        source: JSONText, urls: PageURLs, settings: HTMLSettings, _ body: (NodeRecord) throws -> Bool
    ) rethrows {
        let attributes =
            settings.rawURLs
            ? element.attributes.map { (name: $0.0, value: $0.1) }
            : element.attributes.map { (name: $0.0, value: urls.resolve(attribute: $0.0, $0.1)) }
        var record = NodeRecord(source: source, tag: element.name, attributes: attributes)
        if settings.showsText { record.text = TextRendering.normalized(content) }
        if settings.showsPath { record.path = path }
        switch wantsHTML {
        case .outer: record.html = html
        case .inner:
            let bytes = Array(html.utf8)
            record.html = String(decoding: bytes[innerStart..<max(innerStart, innerEnd)], as: UTF8.self)
        case nil: break
        }
        switch settings.textMode {
        case .content: record.value = content
        case .normalized: record.value = TextRendering.normalized(content)
        case .inner: record.value = inner.result
        case nil: break
        }
        _ = try record.forEachValue(of: settings.attributes, body)
    }
}
