/// What the parser tells about a document beyond its tree.
public struct HTML5ParseReport: Sendable {
    public let quirksMode: QuirksMode
    /// The document re-opened formatting elements more often than its size allows (see TreeBuilder.reopenBudget), or
    /// kept more of them open than the list of active formatting elements holds: past that point the tree differs
    /// from a browser's. Only a document written to defeat parsers does this.
    public let limitReached: Bool
}
