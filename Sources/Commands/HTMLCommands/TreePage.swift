import Bytes
import HTML5
import LibXML2

/// A page parsed into an HTMLTree, with its sibling positions: what every TreeNode of it shares (one reference to
/// copy, where the tree's value would be a dozen arrays), and what records of its nodes keep asking for.
final class TreePage {
    let tree: HTMLTree
    let positions: TreePositions
    /// The last path written, a step per ancestor: matches come in document order, so the next one shares most of
    /// its ancestors, and its path is a prefix of this one's and a step or two.
    var lastPath = PathSteps()
    /// Element and attribute names as Strings, and what each attribute's values hold, made once per name rather than
    /// once per record.
    private var elementNames: [String?] = []
    private var attributeNames: [String?] = []
    private var valueKinds: [PageURLs.ValueKind?] = []

    init(_ tree: HTMLTree) {
        self.tree = tree
        positions = TreePositions(tree)
    }

    /// What the values of the attribute named `id` hold, as PageURLs.valueKind says.
    func valueKind(_ id: NameID) -> PageURLs.ValueKind {
        Self.cached(id, in: &valueKinds) { PageURLs.valueKind(ofAttribute: attributeName(id)) }
    }

    func elementName(_ id: NameID) -> String {
        Self.cached(id, in: &elementNames) { tree.withName(of: id, Bytes.string) }
    }

    func attributeName(_ id: NameID) -> String {
        Self.cached(id, in: &attributeNames) { tree.withAttributeName(of: id, Bytes.string) }
    }

    /// `cache[id]`, made by `make` the first time.
    private static func cached<Value>(_ id: NameID, in cache: inout [Value?], _ make: () -> Value) -> Value {
        let index = Int(id)
        if index < cache.count, let value = cache[index] { return value }
        if index >= cache.count { cache += repeatElement(nil, count: index + 1 - cache.count) }
        let value = make()
        cache[index] = value
        return value
    }
}
