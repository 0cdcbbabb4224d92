// The ignore-glob fuzz target's properties on many generated globs and paths, so that `make test` compares the glob
// matcher with PCRE2 on more than the seeds without running a fuzzer.
import FuzzTargets
import TestSupport
import Testing

struct IgnoreGlobAgreementTests {
    /// 4,000 globs made of the pieces gitignore gives a meaning to, each against five paths of the bytes they name.
    @Test func generatedGlobsAgreeWithPCRE2() throws {
        let target = try #require(FuzzTargets.named("ignore-glob"))
        let pieces = ["a", "b", "/", "*", "**", "**/", "/**", "?", "[ab]", "[!a]", "[^/b]", "[a-c]", "\\*", "\\", "."]
        let letters: [UInt8] = Array("ab/.c*".utf8)
        var random = SeededGenerator(seed: 22)
        for _ in 0..<4_000 {
            var input = Array(
                (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }
                    .joined().utf8)
            for _ in 0..<5 {
                input.append(0)
                input += (0..<Int.random(in: 0...10, using: &random)).map { _ in
                    letters.randomElement(using: &random) ?? 0
                }
            }
            do {
                try target.check(input)
            } catch {
                Issue.record("\(error)")
                return
            }
        }
    }
}
