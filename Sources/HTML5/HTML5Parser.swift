// The entry point: a whole document, as UTF-8, through the tokenizer and the tree builder into a TreeSink.

/// What the parser tells about a document beyond its tree.
public struct HTML5ParseReport: Sendable {
    public let quirksMode: QuirksMode
    /// The document re-opened formatting elements more often than its size allows (see TreeBuilder.reopenBudget), or
    /// kept more of them open than the list of active formatting elements holds: past that point the tree differs
    /// from a browser's. Only a document written to defeat parsers does this.
    public let limitReached: Bool
}

public enum HTML5Parser {
    /// Parses `utf8`, a whole document (scripting off: `<noscript>`'s content is markup), into `sink`.
    public static func parse(_ utf8: [UInt8], into sink: some TreeSink) -> HTML5ParseReport {
        let input = HTML5Input.normalizingNewlines(utf8)
        var tokenizer = Tokenizer()
        var builder = TreeBuilder(sink: sink, inputLength: input.count)
        if sink.keepInput(input) { builder.input = input }
        _ = tokenizer.run(input.span, final: true, into: &builder)
        return HTML5ParseReport(quirksMode: builder.quirksMode, limitReached: builder.limitReached)
    }
}
