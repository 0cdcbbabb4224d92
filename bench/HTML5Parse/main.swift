// bench/html.sh's measure of tb's HTML5 parser alone: reads FILE and parses it into a sink that keeps nothing, so
// that the time is the tokenizer's and the tree builder's only. Prints how many elements and bytes of text it saw.
// With --tree, into tb's own HTMLTree instead: the parser and the tree tb html builds.
import FoundationEssentials
import HTML5

/// Counts what it is given and builds nothing.
final class CountingSink: TreeSink {
    var elements = 0
    var text = 0

    func createElement(
        _ id: NodeID, namespace: Namespace, name: Span<UInt8>, nameID: NameID, attributes: borrowing Attributes
    ) {
        elements += 1
    }
    func createTemplateContents(_ contents: NodeID, of template: NodeID) {}
    func append(_ child: NodeID, to parent: NodeID) {}
    func insert(_ child: NodeID, before sibling: NodeID) {}
    func appendText(_ text: Span<UInt8>, to parent: NodeID) { self.text += text.count }
    func insertText(_ text: Span<UInt8>, before sibling: NodeID) { self.text += text.count }
    func appendComment(_ text: Span<UInt8>, to parent: NodeID) {}
    func appendDoctype(name: Span<UInt8>, publicID: Span<UInt8>, systemID: Span<UInt8>) {}
    func hasParent(_ node: NodeID) -> Bool { true }
    func remove(_ node: NodeID) {}
    func moveChildren(of node: NodeID, to newParent: NodeID) {}
    func addMissingAttributes(_ attributes: borrowing Attributes, to node: NodeID) {}
    func setQuirksMode(_ mode: QuirksMode) {}
}

/// FILE's bytes, in the one buffer the parse reads: the Data they are read into is gone when this returns, so that
/// bench/html.sh's memory bound for the parser counts the input once (the tool holds the file's size, no more).
func contents(of path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let tree = arguments.first == "--tree"
guard arguments.count == (tree ? 2 : 1), let bytes = contents(of: arguments[arguments.count - 1]) else {
    fatalError("usage: tb-bench-html5 [--tree] FILE")
}
let start = ContinuousClock.now
if tree {
    let parsed = HTMLTree.parse(bytes).tree
    let elapsed = ContinuousClock.now - start
    print("\(parsed.count) nodes, parsed into an HTMLTree in \(elapsed)")
} else {
    let sink = CountingSink()
    _ = HTML5Parser.parse(bytes, into: sink)
    let elapsed = ContinuousClock.now - start
    print("\(sink.elements) elements, \(sink.text) bytes of text, parsed in \(elapsed)")
}
