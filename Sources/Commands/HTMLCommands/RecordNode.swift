import LibXML2
import Toolbox

/// What a record is built from: a node of libxml2's tree (HTMLNode) or of tb's own (TreeNode), which read the same.
protocol RecordNode {
    var kind: HTMLNode.Kind { get }
    var name: String { get }
    var attributes: [(name: String, value: String)] { get }
    var textContent: String { get }
    var outerHTML: String { get }
    var innerHTML: String { get }
    var path: String { get }
    var children: [Self] { get }
    /// The attributes as `attributes` gives them, URL values resolved by `urls`.
    func attributes(resolvedBy urls: PageURLs) -> [(name: String, value: String)]
}

extension RecordNode {
    func attributes(resolvedBy urls: PageURLs) -> [(name: String, value: String)] {
        attributes.map { ($0.name, urls.resolve(attribute: $0.name, $0.value)) }
    }
}

extension HTMLNode: RecordNode {}

extension TreeNode: RecordNode {}
