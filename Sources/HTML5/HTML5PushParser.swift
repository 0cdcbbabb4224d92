// A document parsed as its bytes arrive, piece by piece, for sinks that use the tree while it grows (tb html's
// streaming). The tokenizer stops where a decision needs bytes still to come and says how far it got; the rest is
// held for the next piece. Newlines are normalized piece by piece, and the budget for re-created elements grows
// with the input read, as the whole-document parse sizes it from the input's length.

/// Parses a document given in pieces into a sink.
public struct HTML5PushParser: ~Copyable {
    private var tokenizer = Tokenizer()
    private var builder: TreeBuilder
    private var newlines = HTML5Input()
    /// Bytes the tokenizer has not consumed yet (at most the end of a piece it could not decide on).
    private var held: [UInt8] = []
    private var finished = false

    public init(sink: some TreeSink) {
        builder = TreeBuilder(sink: sink, inputLength: 0)
    }

    /// Reads the next piece of the document; the sink is told what it makes, the text read so far included (the
    /// builder would hold it until the next tag).
    public mutating func feed(_ piece: Span<UInt8>) {
        precondition(!finished, "a piece fed after the end of the document")
        var bytes: [UInt8] = []
        bytes.append(piece)
        builder.reopenBudget += bytes.count / 4
        held += newlines.normalizing(bytes)
        // A local reference, so that the span does not borrow self while the tokenizer and builder change.
        let input = held
        let consumed = run(input, final: false)
        held.removeFirst(consumed)
    }

    /// Runs the tokenizer over `input`; a sink that keeps the input gets this piece and ranges of it.
    private mutating func run(_ input: [UInt8], final: Bool) -> Int {
        if builder.sink.keepInput(input) { builder.input = input }
        let consumed = tokenizer.run(input.span, final: final, into: &builder)
        builder.flushText()
        builder.input = nil
        return consumed
    }

    /// Ends the document: what is held is read as its end, and the sink is told the rest.
    public mutating func finish() -> HTML5ParseReport {
        if !finished {
            finished = true
            let input = held
            held = []
            _ = run(input, final: true)
        }
        return HTML5ParseReport(quirksMode: builder.quirksMode, limitReached: builder.limitReached)
    }

    /// Whether element `id` may still change: it is open (on the stack of open elements), or it is the head while
    /// the builder is after it, where a `<link>` or `<meta>` still goes into it. Everything is closed once finished.
    func isOpen(_ id: NodeID) -> Bool {
        !finished && (builder.stack.contains(id) || (builder.mode == .afterHead && id == builder.headElement))
    }

    /// Whether a `<frameset>` may still replace the body and all in it (the frameset-ok flag).
    var bodyMayBeReplaced: Bool { !finished && builder.framesetOK }
}
