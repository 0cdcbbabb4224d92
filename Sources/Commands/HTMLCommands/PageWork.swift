// The work of tree mode on one whole page, wherever it runs (the main thread, or a worker of the PagePool): decode,
// pick the parser, parse, run the query, and hand each record to a sink until --limit.
import Bytes
import HTML5
import LibXML2
import POSIX
import Toolbox

/// Tree mode's steps for one page.
enum PageWork {
    /// Runs `job`, giving each record to `emit` (which returns false to stop) and each warning to `warn`. Throws a
    /// ToolError when the page cannot be parsed or the query fails on it.
    /// `emitEncoded`, when the caller can write records encoded apart: a large page's records may then be built on
    /// two cores, and some of them come encoded (not on a worker of the PagePool, whose threads fill the cores).
    static func run(
        _ job: consuming PageJob, settings: HTMLSettings, query: PreparedQuery, warn: (String) -> Void,
        emit: (NodeRecord) throws -> Bool, emitEncoded: ((EncodedRecords) throws -> Void)? = nil
    ) throws {
        var decoder = HTMLDecoder(name: job.name, override: settings.encoding)
        decoder.use(contentType: job.contentType)
        // The raw page goes as soon as it is decoded: a large page is not held twice while its tree is built.
        var raw: [UInt8] = []
        swap(&raw, &job.bytes)
        let text = decoder.decodeWhole(raw, warn: warn)
        raw = []
        HTMLDocument.releaseKept()
        let xpath: XPathQuery
        switch query {
        case .tree(let selectors):
            try runOnTree(
                text, job: job, selectors: selectors, settings: settings, warn: warn, emit: emit,
                emitEncoded: emitEncoded)
            return
        case .libxml2(let compiled): xpath = compiled
        }
        let document: HTMLDocument
        do {
            if settings.parser != .libxml2 {
                let parsed = try HTMLDocument.parsingHTML5(text, url: job.url)
                document = parsed.document
                if parsed.limitReached { warn(reopeningWarning(job.name)) }
            } else {
                document = try HTMLDocument(libxml2: text, url: job.url)
            }
        } catch {
            throw ToolError("cannot parse '\(job.name)': \(error)")
        }
        defer { document.keepUntilExit() }
        let result: XPathResult
        do {
            result = try document.evaluate(xpath.expression(for: document))
        } catch {
            throw ToolError("cannot select from '\(job.name)': \(error)")
        }
        let urls = PageURLs(base: base(of: document, url: job.url, settings: settings, query: xpath))
        let builder = NodeRecordBuilder(settings: settings, source: JSONText(job.name), urls: urls)
        let limit = settings.limit ?? Int.max
        var printed = 0
        func give(_ record: NodeRecord) throws -> Bool {
            printed += 1
            return try emit(record) && printed < limit
        }
        switch result {
        case .nodes(let nodes):
            for node in nodes {
                var found: [[HTMLNode]] = []
                if !settings.extract.isEmpty {
                    do {
                        found = try xpath.matches(below: node, in: document)
                    } catch {
                        throw ToolError("cannot select from '\(job.name)': \(error)")
                    }
                }
                guard try builder.records(for: node, found: found, give) else { return }
            }
        case .string(let value): _ = try give(builder.scalar(value))
        case .number(let value): _ = try give(builder.scalar(format(value)))
        case .boolean(let value): _ = try give(builder.scalar(value ? "true" : "false"))
        }
    }

    /// A CSS query on tb's own tree: the parser builds an HTMLTree, the selector is matched on it natively, and
    /// the records are read from it — no libxml2 document.
    static func runOnTree(
        _ text: [UInt8], job: borrowing PageJob, selectors: SelectorList, settings: HTMLSettings,
        warn: (String) -> Void, emit: (NodeRecord) throws -> Bool,
        emitEncoded: ((EncodedRecords) throws -> Void)? = nil
    ) throws {
        let (tree, limitReached) = HTMLTree.parse(text)
        if limitReached { warn(reopeningWarning(job.name)) }
        let page = TreePage(tree)
        let matcher = TreeMatcher(selectors, page: page)
        let base = settings.base ?? treeBase(tree, url: job.url) ?? job.url
        let builder = NodeRecordBuilder(settings: settings, source: JSONText(job.name), urls: PageURLs(base: base))
        // Sub-selectors are matched here, with memos the records' thread must not share: their pages go the one way.
        if let emitEncoded, settings.limit == nil, settings.extract.isEmpty,
            text.count >= TreeRecordThread.minimumPageSize,
            System.processorCount > 1,
            try TreeRecordThread.run(
                page, matches: matcher.matches(), builder: builder, emit: { _ = try emit($0) },
                emitEncoded: emitEncoded)
        {
            return
        }
        let limit = settings.limit ?? Int.max
        var printed = 0
        let subs = settings.extract.map { field in field.selectors.map { TreeMatcher($0, page: page) } }
        try matcher.forEachMatch { node in
            let found = subs.map { sub in
                (sub?.matches(below: node) ?? []).map { TreeNode(page: page, node: $0) }
            }
            return try builder.records(for: TreeNode(page: page, node: node), found: found) { record in
                printed += 1
                return try emit(record) && printed < limit
            }
        }
    }

    /// The page's first <base href> in the head, resolved against the page's URL (as `baseElement` finds it).
    static func treeBase(_ tree: HTMLTree, url: String?) -> String? {
        func id(_ name: String) -> NameID? { tree.elementNameID(Array(name.utf8).span) }
        guard let html = id("html"), let head = id("head"), let base = id("base"),
            let hrefName = tree.attributeNameID(Array("href".utf8).span)
        else { return nil }
        func child(_ parent: Int, _ name: NameID, where test: (Int) -> Bool = { _ in true }) -> Int? {
            var child = tree.firstChild(parent)
            while let current = child {
                if tree.kind(current) == .element, tree.namespace(current) == .html, tree.nameID(current) == name,
                    test(current)
                {
                    return current
                }
                child = tree.nextSibling(current)
            }
            return nil
        }
        func href(_ node: Int) -> Int? {
            guard let index = tree.attributeIndex(node, hrefName), tree.attributeNamespace(node, index) == .none
            else { return nil }
            return index
        }
        guard let root = child(HTMLTree.document, html), let headElement = child(root, head),
            let element = child(headElement, base, where: { href($0) != nil }), let index = href(element)
        else { return nil }
        var bytes: [UInt8] = []
        Bytes.append(tree.attributeValue(element, index), to: &bytes)
        return PageURLs.base(href: String(decoding: bytes, as: UTF8.self), pageURL: url)
    }

    static func reopeningWarning(_ name: String) -> String {
        "'\(name)' reopens formatting elements (b, i, font…) more often than any page does: past that point its "
            + "tree differs from a browser's"
    }

    /// The base URLs resolve against: --base, else the page's <base href> (itself resolved), else the page's URL.
    static func base(of document: HTMLDocument, url: String?, settings: HTMLSettings, query: XPathQuery)
        -> String?
    {
        if let base = settings.base { return base }
        if case .nodes(let nodes) = try? document.evaluate(query.baseElement), let element = nodes.first,
            let href = element.attribute("href"), let base = PageURLs.base(href: href, pageURL: url)
        {
            return base
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
