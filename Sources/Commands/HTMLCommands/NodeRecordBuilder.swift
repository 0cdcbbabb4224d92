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
    /// has none). Stops when `body` returns false, and says whether it did not.
    func records(for node: some RecordNode, _ body: (NodeRecord) throws -> Bool) rethrows -> Bool {
        switch node.kind {
        case .element:
            var record = NodeRecord(source: source, tag: node.name, attributes: attributes(of: node))
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
            return try body(record)
        default:
            guard settings.attributes.isEmpty else { return true }
            var record = NodeRecord(source: source, tag: nil, attributes: [])
            let content = node.textContent
            record.text = TextRendering.normalized(content)
            record.value = settings.textMode == .normalized ? record.text : content
            if settings.htmlPart != nil { record.html = node.outerHTML }
            record.path = node.path
            return try body(record)
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
