// Fuzz target `html5`: any bytes, made UTF-8 as tb html makes a page, straight through tb's own HTML5 parser (the
// tokenizer and the tree builder, no libxml2) into a plain DOM. The work is linear in the input, where the input's
// pieces end changes neither the tokens nor the tree, and the standard's serialization of the tree parses back to it.
import TestSupport

@testable import HTML5

/// tb's HTML5 parser on its own, for throughput.
enum HTML5Target: FuzzTarget {
    static let name = "html5"
    static let seedFolders = ["html5lib-tests/tree-construction"]

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        // tb html hands the parser clean UTF-8 (HTMLDecoder), and so does this.
        let page = Array(String(decoding: input, as: UTF8.self).utf8)
        let described = String(decoding: page.prefix(300), as: UTF8.self).debugDescription
        let (tree, work) = parse(page)
        try requireLinearWork(work, page.count, described)
        let size = 1 + input.count % 64
        let pieces = parse(page, pieceSize: size).dom
        try require(
            tree.canonical == pieces.canonical,
            "\(described): parsed in pieces of \(size) bytes, another tree:\n"
                + difference(tree.canonical, pieces.canonical))
        // One piece size an input, picked by its length so that no byte of a seed is spent on it (a parse here costs
        // a millisecond a kilobyte under ASan, and the target parses eight times already).
        let tokenPieces = [1, 7, 64][input.count % 3]
        let whole = HTML5Tokens.of(page, followingContent: true)
        let inPieces = HTML5Tokens.of(page, pieceSize: tokenPieces, followingContent: true)
        try require(
            whole == inPieces,
            "\(described): tokenized in pieces of \(tokenPieces) bytes, other tokens:\n"
                + difference(whole.map { "\($0)" }, inPieces.map { "\($0)" }))
        try RoundTrip.check(tree, described)
    }

    // MARK: Work

    /// What a parse did, beyond its tree.
    struct Work {
        var elements: Int
        /// Elements re-created (reopened formatting elements, the adoption agency's copies), which the tree builder's
        /// reopenBudget bounds.
        var reopened: Int
        /// The budget at the start, and how much of it was spent (reopenCost's units; an adoption agency's run may
        /// overdraw it by its four copies).
        var budget: Int
        var spent: Int
        var attributeBytes: Int
    }

    /// Parses `page` as HTML5Parser.parse does (whole), or handing the tokenizer pieces of `pieceSize` bytes as a
    /// stream would, newlines normalized piece by piece. Returns the tree and how many elements the sink was asked for.
    static func parse(_ page: [UInt8], pieceSize: Int? = nil) -> (dom: HTML5TestDOM, work: Work) {
        let dom = HTML5TestDOM()
        let normalized = HTML5Input.normalizingNewlines(page)
        var tokenizer = Tokenizer()
        var builder = TreeBuilder(sink: dom, inputLength: normalized.count)
        let budget = builder.reopenBudget
        if let pieceSize {
            HTML5Tokens.feed(page, pieceSize: pieceSize) { tokenizer.run($0, final: $1, into: &builder) }
        } else {
            _ = tokenizer.run(normalized.span, final: true, into: &builder)
        }
        let work = Work(
            elements: dom.createdElements, reopened: builder.reopened, budget: budget,
            spent: budget - builder.reopenBudget, attributeBytes: dom.createdAttributeBytes)
        return (dom, work)
    }

    /// The sink creates at most a few elements per tag, and the rest are reopened ones, which reopenBudget (65,536
    /// plus a quarter of the input's length) bounds. The most a tag creates is 3 for 4 bytes: `<td>` in a table
    /// implies a tbody and a tr (`<table><td>` again and again nests 4 elements in 11 bytes); with the html, head and
    /// body an empty page implies, that is 3 + 3/4 of the length.
    ///
    /// Attributes: the elements' own are at most three times the input (a U+0000 in a name or value becomes U+FFFD,
    /// 3 bytes for 1; a character reference's text is at most 6 bytes for its 5: `&nGt;`); a re-created element's
    /// cost 16 bytes each unit of the budget spent.
    static func requireLinearWork(_ work: Work, _ length: Int, _ described: String) throws(FuzzViolation) {
        // The most one element can cost: an attribute a byte (4 each), and all the input's bytes.
        let overdraft = 4 * (1 + 4 * length + 2 * length / 16)
        try require(
            work.spent <= work.budget + overdraft && work.reopened <= work.spent,
            "\(described): \(work.reopened) elements reopened for \(work.spent) of the budget, more than \(work.budget)"
        )
        let attributeBound = 3 * length + 16 * work.spent
        try require(
            work.attributeBytes <= attributeBound,
            "\(described): \(work.attributeBytes) bytes of attributes created for \(length) bytes, more than the "
                + "\(attributeBound) the budget allows")
        let bound = 3 + length * 3 / 4
        try require(
            work.elements - work.reopened <= bound,
            "\(described): \(work.elements) elements created (\(work.reopened) reopened) for \(length) bytes, more "
                + "than the \(bound) its tags can imply")
    }

    /// The first lines where `a` and `b` differ, with a few before.
    static func difference(_ a: [String], _ b: [String]) -> String {
        let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        let from = max(0, first - 3)
        return "first:\n" + a[from..<min(a.count, first + 4)].joined(separator: "\n") + "\nsecond:\n"
            + b[from..<min(b.count, first + 4)].joined(separator: "\n")
    }
}
