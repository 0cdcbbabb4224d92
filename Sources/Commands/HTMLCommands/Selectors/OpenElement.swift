/// One element of the open-element stack, as the stream parser sees it at the start tag.
public struct OpenElement: Sendable {
    /// The local name as the tree holds it: lower case for HTML elements.
    public var name: String
    public var namespace: ElementNamespace
    /// In source order; lower-case names for HTML elements.
    public var attributes: [(name: String, value: String)]
    /// 1-based position among the parent's element children so far.
    public var childIndex: Int
    /// 1-based position among the parent's element children with the same name so far.
    public var typeIndex: Int

    public init(
        name: String, namespace: ElementNamespace = .html, attributes: [(name: String, value: String)] = [],
        childIndex: Int = 1, typeIndex: Int = 1
    ) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.childIndex = childIndex
        self.typeIndex = typeIndex
    }

}
