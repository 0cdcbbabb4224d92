import Testing
// The ripgrep view's handling of batches built by hand: -o, and lines whose matches and end come in several batches,
// compared with what rg prints for the same input.
import Toolbox

@testable import RegexCommands

struct RipgrepViewTests {
    /// The view's output for `batches` of one source.
    func shown(_ batches: [MatchBatch], onlyMatching: Bool = false, color: Bool = false) throws -> String {
        let buffer = MemoryBuffer()
        let output = Output(settings: OutputSettings(style: .human, color: color), sink: .memory(buffer))
        let view = RipgrepView(output: output, headings: false, showsContext: false)
        view.onlyMatching = onlyMatching
        let source = RipgrepSource(view: view, name: "-")
        for batch in batches { try source.show(batch) }
        try source.finish()
        try output.finish()
        return buffer.text
    }

    /// A batch of `bytes` from offset `base` with matches at `ranges` (relative to `bytes`) on `lines`.
    func batch(_ bytes: String, base: Int = 0, _ ranges: [Range<Int>], lines: [Int], ends: Bool = false)
        -> MatchBatch
    {
        var batch = MatchBatch(groupCount: 1)
        batch.bytes = Array(bytes.utf8)
        batch.base = base
        for range in ranges {
            batch.groups += [range.lowerBound, range.upperBound]
            batch.reported += [range.lowerBound, range.upperBound]
            batch.columns.append(1)
        }
        batch.lines = lines
        batch.endsLine = ends
        return batch
    }

    /// `rg -o -n` on "foo one\nfoo foo two\naa\nbb\n" with foo and a\nbb: each match alone, each of its lines
    /// numbered.
    @Test func onlyMatchingPrintsTheMatchedPartsAlone() throws {
        let text = "foo one\nfoo foo two\naa\nbb\n"
        let output = try shown(
            [batch(text, [0..<3, 8..<11, 12..<15, 21..<25], lines: [1, 2, 2, 3])], onlyMatching: true)
        #expect(output == "1:foo\n2:foo\n2:foo\n3:a\n4:bb\n")
        let colored = try shown([batch(text, [0..<3], lines: [1])], onlyMatching: true, color: true)
        #expect(colored == "\u{1B}[0m\u{1B}[32m1\u{1B}[0m:\u{1B}[0m\u{1B}[1m\u{1B}[31mfoo\u{1B}[0m\n")
    }

    /// A line whose second match and end come in later batches (whose bytes start later) is printed once, whole.
    @Test func aLineSpreadOverBatchesIsPrintedOnce() throws {
        let first = batch("x\nfoo and", [2..<5], lines: [2])
        let second = batch("and foo to", base: 6, [4..<7], lines: [2])
        let third = batch(" too\nnext\n", base: 13, [], lines: [], ends: true)
        #expect(try shown([first, second, third]) == "2:foo and foo too\n")
        #expect(try shown([first]) == "2:foo and\n")
    }
}
