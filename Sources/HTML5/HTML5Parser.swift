// The entry point: a whole document, as UTF-8, through the tokenizer and the tree builder into a TreeSink.

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
