// What the tree builder builds into: a TreeSink creates the nodes and links them as the standard's tree construction
// says. The parser never reads the tree back, so a sink may build any tree (libxml2's, tb's own) or none at all.

/// An element's number: the tree builder numbers the elements it creates 1, 2, 3… in order (the document is 0), so
/// a sink can keep its nodes in an array.
public typealias NodeID = Int

/// Where the tree builder puts what it builds. Elements are created first and inserted later (or never). Moving
/// an element that has a parent takes it from there. Text next to text joins it, as in the DOM.
public protocol TreeSink: AnyObject {
    /// Creates element `id` in `namespace`, named `name` (SVG's names have their case: `foreignObject`). `nameID` is
    /// the parser's number for the name as the tag spelt it (lower case): for an HTML element whose name the standard
    /// mentions, the Tag's, which every NameTable gives that name.
    func createElement(
        _ id: NodeID, namespace: Namespace, name: Span<UInt8>, nameID: NameID, attributes: borrowing Attributes
    )
    /// `contents` stands for the document fragment that holds the children of template `template` (which the
    /// builder inserts into it, never into the template itself).
    func createTemplateContents(_ contents: NodeID, of template: NodeID)
    /// Appends `child` to `parent`'s children (the document is 0).
    func append(_ child: NodeID, to parent: NodeID)
    /// Inserts `child` before `sibling`, in `sibling`'s parent.
    func insert(_ child: NodeID, before sibling: NodeID)
    func appendText(_ text: Span<UInt8>, to parent: NodeID)
    func insertText(_ text: Span<UInt8>, before sibling: NodeID)
    /// Whether the sink keeps the document's input, `input` (newlines normalized), for the life of what it builds: the
    /// builder then gives text the input holds as it is as ranges of it (`appendText(inputRange:to:)`), not copies.
    func keepInput(_ input: [UInt8]) -> Bool
    func appendText(inputRange: Range<Int>, to parent: NodeID)
    func insertText(inputRange: Range<Int>, before sibling: NodeID)
    func appendComment(_ text: Span<UInt8>, to parent: NodeID)
    /// The document's DOCTYPE, appended to the document.
    func appendDoctype(name: Span<UInt8>, publicID: Span<UInt8>, systemID: Span<UInt8>)
    /// Whether `node` is in the tree (a table a script removed is not; without scripts every one is).
    func hasParent(_ node: NodeID) -> Bool
    /// Takes `node` out of its parent.
    func remove(_ node: NodeID)
    /// Moves every child of `node` to the end of `newParent`'s children.
    func moveChildren(of node: NodeID, to newParent: NodeID)
    /// Adds to `node` each of `attributes` it has not got (a second `<html>` or `<body>` tag does this).
    func addMissingAttributes(_ attributes: borrowing Attributes, to node: NodeID)
    func setQuirksMode(_ mode: QuirksMode)
}

extension TreeSink {
    /// Most sinks copy text as it comes.
    public func keepInput(_ input: [UInt8]) -> Bool { false }

    public func appendText(inputRange: Range<Int>, to parent: NodeID) {
        preconditionFailure("text as input ranges given to a sink that did not keep the input")
    }

    public func insertText(inputRange: Range<Int>, before sibling: NodeID) {
        preconditionFailure("text as input ranges given to a sink that did not keep the input")
    }
}
