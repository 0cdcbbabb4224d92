// A document's tree as its bytes arrive, for a reader that walks it while it grows (tb html's streaming): the tree
// so far, which of its elements the parser may still change (the open ones), and a way to drop what has been read,
// so that memory holds what is still to come rather than the whole page.

/// An HTMLTree built piece by piece.
public final class HTMLTreeStream {
    private let sink = HTMLTreeSink(numbering: true)
    private var parser: HTML5PushParser

    public init() {
        parser = HTML5PushParser(sink: sink)
    }

    /// Parses the next piece of the document into the tree.
    public func feed(_ piece: Span<UInt8>) { parser.feed(piece) }

    /// Ends the document: every element is closed.
    public func finish() -> HTML5ParseReport { parser.finish() }

    /// The tree so far. It shares the stream's storage: a copy kept while the stream grows makes the stream copy
    /// the whole tree, so readers drop theirs before the next `feed`.
    public var tree: HTMLTree { sink.tree }

    /// Whether element `node` may still change — gain children, text or attributes, or (for a formatting element,
    /// a table or a select, and what is in them) be moved: the parser still has it open.
    public func isOpen(_ node: HTMLTree.Node) -> Bool {
        let id = sink.elementIDs[node]
        return id > 0 && parser.isOpen(Int(id))
    }

    /// How many nodes the tree holds (a look at `tree` would copy its dozen array references).
    public var nodeCount: Int { sink.tree.count }

    /// The bytes of text and input the tree holds.
    public var byteCount: Int { sink.tree.text.count + sink.tree.input.count }

    /// Whether a `<frameset>` may still take the body's place, and everything in the body with it.
    public var bodyMayBeReplaced: Bool { parser.bodyMayBeReplaced }

    /// The number element name `name` has (or will have) in the tree: a selector prepared before the page is read
    /// finds the elements so named.
    public func elementNameID(interning name: String) -> NameID {
        sink.tree.names.intern(Array(name.utf8).span)
    }

    /// The number attribute name `name` has (or will have) in the tree.
    public func attributeNameID(interning name: String) -> NameID {
        sink.tree.attributeNames.intern(Array(name.utf8).span)
    }

    /// Keeps the nodes `live` marks and drops the others (see HTMLTreeSink.compact); returns each old node's new
    /// number, -1 for those dropped.
    public func compact(keeping live: [Bool]) -> [Int32] { sink.compact(keeping: live) }
}
