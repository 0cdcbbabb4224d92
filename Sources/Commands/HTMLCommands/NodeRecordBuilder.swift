// Turns a matched node of a document into the records tb html prints: its tag, attributes (URLs made absolute),
// text, the HTML asked for, the value asked for (one record per --attr the node has) and its path.
import LibXML2
import Toolbox

/// Builds the records of one page's nodes.
struct NodeRecordBuilder: Sendable {
    let settings: HTMLSettings
    let source: JSONText
    let urls: PageURLs

    /// Gives `body` the records for `node`: one, or with --attr one per named attribute the node has (none when it
    /// has none). `found` holds, for each --extract field, the elements below `node` its sub-selector matched, in
    /// document order. Stops when `body` returns false, and says whether it did not.
    func records<Node: RecordNode>(
        for node: Node, found: [[Node]] = [], _ body: (NodeRecord) throws -> Bool
    ) rethrows -> Bool {
        switch node.kind {
        case .element:
            var record = NodeRecord(source: source, tag: node.name, attributes: attributes(of: node))
            if !settings.extract.isEmpty { record.fields = fields(of: node, found: found) }
            if settings.showsText { record.text = TextRendering.normalized(node.textContent) }
            switch settings.htmlPart {
            case .outer: record.html = node.outerHTML
            case .inner: record.html = node.innerHTML
            case nil: break
            }
            if settings.showsPath { record.path = node.path }
            if let mode = settings.textMode { record.value = TextRendering.render(node, mode) }
            return try record.forEachValue(of: settings.attributes, body)
        case .attribute:
            guard settings.attributes.isEmpty else { return true }
            var record = NodeRecord(source: source, tag: nil, attributes: [])
            record.attribute = node.name
            record.value = settings.rawURLs ? node.textContent : urls.resolve(attribute: node.name, node.textContent)
            record.path = node.path
            if !settings.extract.isEmpty { record.fields = fields(of: Node?.none, found: []) }
            return try body(record)
        default:
            guard settings.attributes.isEmpty else { return true }
            var record = NodeRecord(source: source, tag: nil, attributes: [])
            let content = node.textContent
            record.text = TextRendering.normalized(content)
            record.value = settings.textMode == .normalized ? record.text : content
            if settings.htmlPart != nil { record.html = node.outerHTML }
            record.path = node.path
            if !settings.extract.isEmpty { record.fields = fields(of: Node?.none, found: []) }
            return try body(record)
        }
    }

    /// The --extract fields of `element` (nil for a node that is not one: every field null, every list empty).
    private func fields<Node: RecordNode>(of element: Node?, found: [[Node]]) -> [(name: String, value: ExtractedValue)]
    {
        settings.extract.enumerated().map { index, field in
            let nodes = field.selectors == nil ? element.map { [$0] } ?? [] : index < found.count ? found[index] : []
            let values: [String]
            if let name = field.attribute {
                // As --attr: the elements that have the attribute (the first of them for one value); URLs absolute.
                let taken = nodes.lazy.compactMap { node -> String? in
                    guard let found = HTMLCommands.attribute(name, in: node.attributes) else { return nil }
                    return settings.rawURLs ? found.value : urls.resolve(attribute: found.name, found.value)
                }
                values = field.list ? Array(taken) : taken.first.map { [$0] } ?? []
            } else {
                values = (field.list ? nodes[...] : nodes.prefix(1)).map { TextRendering.normalized($0.textContent) }
            }
            if field.list { return (field.name, .list(values)) }
            return (field.name, values.first.map(ExtractedValue.text) ?? .null)
        }
    }

    /// The same builder with URLs resolved against `base`.
    func resolving(against base: String?) -> NodeRecordBuilder {
        NodeRecordBuilder(settings: settings, source: source, urls: PageURLs(base: base))
    }

    /// The record of an XPath expression's value (a number, string or boolean).
    func scalar(_ value: String) -> NodeRecord {
        var record = NodeRecord(source: source, tag: nil, attributes: [])
        record.value = value
        return record
    }

    private func attributes(of node: some RecordNode) -> [(name: String, value: String)] {
        settings.rawURLs ? node.attributes : node.attributes(resolvedBy: urls)
    }
}
