// Many fixed strings searched for at once: an Aho–Corasick automaton over bytes as a dense DFA, which picks among
// the strings as PCRE2's alternation of them does (leftmost-first), and knows when a window's end cuts one short.

/// The automaton of a set of literals, shared by the threads that search with it (`LiteralSetBuilder` makes it).
///
/// States are the nodes of the trie of the literals (folded for -i), with the failure transitions of Aho–Corasick
/// filled in, so that each byte is one table lookup. Leftmost-first as in Rust's aho-corasick: once a literal has
/// matched, the failure transitions that would look for one starting later lead to the dead state instead, and the
/// best match so far is the one that starts first, then the one listed first. A state's row is `stride` entries,
/// one per byte class; an entry is the next state's row offset, negative (bit 31) when that state is the dead
/// state or reports a match, so the inner loop tests one sign per byte.
final class LiteralSet: Sendable {
    /// What the pattern PCRE2 would run puts around the literals: -w's `(?<!\w)…(?!\w)`, -x's `(?m:^)…(?m:$)`.
    enum Boundary: Sendable { case none, word, line }

    let boundary: Boundary
    /// How many literals the set holds.
    let count: Int
    /// The class of each byte (both cases of an ASCII letter share one under -i).
    let classes: [Int]
    let stride: Int
    let table: [Int32]
    /// By state number (row offset / stride): the trie depth, so a transition to depth + 1 is the trie's own edge.
    let depth: [Int32]
    /// The literal a match state reports (the one that starts first among those ending there) and its length.
    let matchIndex: [Int32]
    let matchLength: [Int32]
    /// The literal that ends exactly at a trie node (the first listed, if several fold alike), or -1.
    let ownIndex: [Int32]
    /// The first listed literal that goes on past a trie node (Int32.max when none does).
    let extensionIndex: [Int32]

    static let special = Int32.min
    /// The row offset of the start state (state 1; state 0 is the dead state).
    var start: Int { stride }

    init(
        boundary: Boundary, count: Int, classes: [Int], stride: Int, table: [Int32], depth: [Int32],
        matchIndex: [Int32], matchLength: [Int32], ownIndex: [Int32], extensionIndex: [Int32]
    ) {
        self.boundary = boundary
        self.count = count
        self.classes = classes
        self.stride = stride
        self.table = table
        self.depth = depth
        self.matchIndex = matchIndex
        self.matchLength = matchLength
        self.ownIndex = ownIndex
        self.extensionIndex = extensionIndex
    }

    /// What a scan of a subject found: the best match (start < 0 when none) and the state it stopped in.
    struct Scan {
        var start = -1
        var end = -1
        var index = Int32.max
        /// The row offset of the state at `subjectEnd`, 0 when the scan stopped in the dead state (the match is
        /// final).
        var state = 0
    }

    /// The leftmost-first match in `subject[from..<end]`, scanning until no better one can come or the end.
    func scan(_ subject: Span<UInt8>, from: Int, to end: Int) -> Scan {
        // Local references, so the spans' lifetimes are the function's (and the loop reads no property).
        let rows = table
        let byteClasses = classes
        let table = rows.span
        let classes = byteClasses.span
        var state = stride
        var result = Scan()
        var index = from
        while index < end {
            let next = table[state &+ classes[Int(subject[index])]]
            index &+= 1
            if next >= 0 {
                state = Int(next)
                continue
            }
            state = Int(next & Int32.max)
            if state == 0 { return result }
            let number = state / stride
            let literal = matchIndex[number]
            let start = index - Int(matchLength[number])
            // Later matches start no later (the failure transitions see to it): better when earlier, or at the
            // same place listed before.
            if result.start < 0 || start < result.start || (start == result.start && literal < result.index) {
                result.start = start
                result.end = index
                result.index = literal
            }
        }
        result.state = state
        return result
    }

    /// Where a scan that reached the subject's end before it was final leaves a literal unfinished, to be decided
    /// by the bytes that come next, as PCRE2's hard partial matching would: the start of the earliest one still
    /// going, when no literal listed before it has matched there already. Nil when the scan's match stands.
    func partialStart(of scan: Scan, end: Int) -> Int? {
        guard scan.state != 0 else { return nil }
        let number = scan.state / stride
        let going = extensionIndex[number]
        guard number != 1, going != Int32.max else { return nil }
        let start = end - Int(depth[number])
        if scan.start < 0 || start < scan.start || going < scan.index { return start }
        return nil
    }

    /// Each literal that starts at `position` (index and length, in trie order), and the first listed literal that
    /// the subject's end cuts short there (Int32.max for none), for -w and -x, whose boundaries may turn down the
    /// first one.
    func literals(
        at position: Int, in subject: Span<UInt8>, to end: Int, into found: inout [(index: Int32, length: Int)]
    )
        -> Int32
    {
        found.removeAll(keepingCapacity: true)
        var state = stride
        var index = position
        while index < end {
            let number = state / stride
            let next = Int(table[state &+ classes[Int(subject[index])]] & Int32.max)
            guard depth[next / stride] == depth[number] + 1 else { return Int32.max }
            state = next
            index += 1
            let own = ownIndex[next / stride]
            if own >= 0 { found.append((own, index - position)) }
        }
        return extensionIndex[state / stride]
    }
}
