// Feed discovery: the feeds an HTML page announces, read by tb's HTML5 parser as the page arrives. A sink of the
// parser that builds no tree: it keeps only the `<link rel="alternate">` elements of a feed type and the first
// `<base href>`, which the links' relative URLs resolve against.
import HTML5
import Toolbox

/// Collects the feed links of a page while the HTML5 parser reads it.
final class FeedLinkCollector: TreeSink {
    /// The media types of feeds: RSS, Atom, JSON Feed, and RDF for RSS 1.0. Not application/json, which
    /// WordPress gives its REST API's pages (a link on every page that is no feed).
    static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/feed+json", "application/rdf+xml",
    ]

    private static let baseName = Array("base".utf8)
    private static let linkName = Array("link".utf8)

    private static let bodyName = Array("body".utf8)
    private static let framesetName = Array("frameset".utf8)

    /// Whether the page's body has begun (its tag, or the content that implies it). A link of rel alternate belongs
    /// in the head (alternate is not one of the rels allowed in the body), so the rest is not read: a page that
    /// never ends is not waited for.
    private(set) var bodyBegan = false
    private(set) var links: [(id: NodeID, href: String, title: String?, type: String)] = []
    private(set) var base: String?
    /// Each node's parent as the builder last put it (-1: none yet), and the template contents: a link inside a
    /// template is not in the document.
    private var parents: [Int32] = []
    private var templateContents = Set<NodeID>()

    func createElement(
        _ id: NodeID, namespace: HTML5.Namespace, name: Span<UInt8>, nameID: NameID, attributes: borrowing Attributes
    ) {
        guard namespace == .html, !bodyBegan else { return }
        if Self.equals(name, Self.bodyName) || Self.equals(name, Self.framesetName) {
            bodyBegan = true
            return
        }
        if Self.equals(name, Self.baseName) {
            if base == nil, let href = Self.attribute(attributes, "href") { base = href }
            return
        }
        guard Self.equals(name, Self.linkName), let href = Self.attribute(attributes, "href"), !href.isEmpty,
            let rel = Self.attribute(attributes, "rel"),
            rel.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains("alternate"),
            let written = Self.attribute(attributes, "type"),
            case let type = String(written.lowercased().split(separator: ";").first ?? "").trimmingWhitespace(),
            Self.feedTypes.contains(type)
        else { return }
        links.append((id, href, Self.attribute(attributes, "title"), type))
    }

    /// The links with their URLs resolved: against the page's `<base href>` (itself resolved against the page's
    /// URL), else the page's URL; each URL once, in document order.
    func feeds(page: String?) -> [FeedLink] {
        let documentBase = base.map { URLReference.resolve($0, against: page) } ?? page
        var seen = Set<String>()
        return links.compactMap { link in
            guard !inTemplate(link.id) else { return nil }
            let url = URLReference.resolve(link.href, against: documentBase)
            guard seen.insert(url).inserted else { return nil }
            return FeedLink(url: url, title: link.title.flatMap { $0.isEmpty ? nil : $0 }, type: link.type)
        }
    }

    private static func equals(_ name: Span<UInt8>, _ expected: [UInt8]) -> Bool {
        guard name.count == expected.count else { return false }
        for index in 0..<name.count where name[index] != expected[index] { return false }
        return true
    }

    /// The value of attribute `name` (names come lower case from the tokenizer).
    private static func attribute(_ attributes: borrowing Attributes, _ name: String) -> String? {
        let wanted = Array(name.utf8)
        for index in 0..<attributes.count where equals(attributes.name(index), wanted) {
            let value = attributes.value(index)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(value.count)
            for offset in 0..<value.count { bytes.append(value[offset]) }
            return String(decoding: bytes, as: UTF8.self)
        }
        return nil
    }

    private func inTemplate(_ id: NodeID) -> Bool {
        var node = id
        // Each step goes to an element created earlier, or ends.
        for _ in 0..<parents.count {
            if templateContents.contains(node) { return true }
            guard node < parents.count, parents[node] >= 0 else { return false }
            node = Int(parents[node])
        }
        return false
    }

    /// Records where the builder put `child`. Past the body's start nothing is recorded: no link is collected
    /// there, and the rest of the piece the parser still reads may be a hostile page's (moving children is a pass
    /// over every node).
    private func setParent(_ child: NodeID, _ parent: NodeID) {
        guard !bodyBegan else { return }
        if parents.count <= child { parents.append(contentsOf: repeatElement(-1, count: child + 1 - parents.count)) }
        parents[child] = Int32(truncatingIfNeeded: parent)
    }

    func createTemplateContents(_ contents: NodeID, of template: NodeID) {
        templateContents.insert(contents)
    }

    func append(_ child: NodeID, to parent: NodeID) { setParent(child, parent) }

    /// The sibling's parent, which the child now shares.
    func insert(_ child: NodeID, before sibling: NodeID) {
        if sibling < parents.count { setParent(child, Int(parents[sibling])) }
    }

    // A sink that builds no tree: the rest is not needed.
    func appendText(_ text: Span<UInt8>, to parent: NodeID) {}
    func insertText(_ text: Span<UInt8>, before sibling: NodeID) {}
    func appendComment(_ text: Span<UInt8>, to parent: NodeID) {}
    func appendDoctype(name: Span<UInt8>, publicID: Span<UInt8>, systemID: Span<UInt8>) {}
    func hasParent(_ node: NodeID) -> Bool { true }
    func remove(_ node: NodeID) {
        if !bodyBegan && node < parents.count { parents[node] = -1 }
    }

    func moveChildren(of node: NodeID, to newParent: NodeID) {
        guard !bodyBegan else { return }
        for index in parents.indices where parents[index] == Int32(truncatingIfNeeded: node) {
            parents[index] = Int32(truncatingIfNeeded: newParent)
        }
    }
    func addMissingAttributes(_ attributes: borrowing Attributes, to node: NodeID) {}
    func setQuirksMode(_ mode: QuirksMode) {}
}
