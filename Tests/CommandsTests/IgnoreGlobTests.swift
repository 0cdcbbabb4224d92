// The gitignore glob matcher of tb regex's directory walk, rule by rule.
import TestSupport
import Testing

@testable import RegexCommands

struct IgnoreGlobTests {
    func matches(_ glob: String, _ path: String) throws -> Bool {
        try IgnoreGlob(Array(glob.utf8)).matches(Array(path.utf8))
    }

    @Test func starsQuestionMarksAndClasses() throws {
        #expect(try matches("*.log", "a.log") && matches("*.log", "x/y/a.log") && !matches("*.log", "a.logs"))
        #expect(try matches("a?c", "abc") && !matches("a?c", "a/c") && !matches("a?c", "ac"))
        #expect(try matches("[ab]x", "bx") && !matches("[ab]x", "cx") && matches("[!ab]x", "cx"))
        #expect(try matches("[^ab]x", "cx") && matches("[a-c]x", "cx") && !matches("[a-c]x", "dx"))
        #expect(try matches("[]]", "]") && matches("[a-]", "-") && matches("*", "a/b"))
        #expect(try !matches("a*", "a/b") && matches("a*", "x/ab"))
    }

    @Test func slashesAnchorAndDoubleStarsSpanDirectories() throws {
        #expect(try matches("/a", "a") && !matches("/a", "x/a") && matches("a/b", "a/b") && !matches("a/b", "x/a/b"))
        #expect(try matches("**/b", "b") && matches("**/b", "x/y/b") && !matches("**/b", "xb"))
        #expect(try matches("a/**/b", "a/b") && matches("a/**/b", "a/x/y/b") && !matches("a/**/b", "a/xb"))
        #expect(try matches("a/**", "a/b") && matches("a/**", "a/b/c") && !matches("a/**", "a"))
        #expect(try matches("**", "anything/at/all") && matches("a**b", "axxb") && !matches("a**b", "a/b"))
    }

    /// `**/**/` is `**/`, one token however many there are: a line of 100,000 of them used to recurse once per token
    /// and overflow the stack.
    @Test func runsOfDoubleStarsAreOneToken() throws {
        #expect(try IgnoreGlob(Array("**/**/**/x".utf8)).tokens == IgnoreGlob(Array("**/x".utf8)).tokens)
        #expect(try IgnoreGlob(Array("a/**/**/b".utf8)).tokens == IgnoreGlob(Array("a/**/b".utf8)).tokens)
        let long = String(repeating: "**/", count: 100_000) + "zz"
        #expect(try IgnoreGlob(Array(long.utf8)).tokens.count == 3)
        #expect(try matches(long, "zz") && matches(long, "a/b/zz") && !matches(long, "zzz") && !matches(long, "a/zzz"))
        #expect(try matches("a/**/**/b", "a/b") && matches("a/**/**/b", "a/x/y/b") && !matches("a/**/**/b", "a/xb"))
    }

    /// Globs that make a backtracking matcher try every way to split the path: each takes at most tokens × path
    /// steps (they took tokens × path², more than two minutes for these; now seconds), and a long glob costs no
    /// recursion.
    @Test(.timeLimit(.minutes(2 * Sanitizer.slowdown))) func globsMadeToBacktrackFinish() throws {
        let run = String(repeating: "a", count: 2_000)
        let stars = String(repeating: "*a", count: 500)
        #expect(try !matches(stars + "*b", run) && matches(stars + "*b", run + "b") && matches(stars, run))
        #expect(try !matches(String(repeating: "?*", count: 500) + "b", run))
        let path = Array(repeating: "a", count: 1_000).joined(separator: "/")
        #expect(try !matches(String(repeating: "**/a/", count: 300) + "b", path))
        #expect(try matches(String(repeating: "**/a/", count: 300) + "a", path))
        #expect(try !matches(String(repeating: "a*/", count: 100_000) + "b", path))
        #expect(try !matches(String(repeating: "*a", count: 100_000), String(repeating: "a", count: 100)))
    }

    @Test func escapes() throws {
        #expect(try matches("\\*", "*") && !matches("\\*", "a") && matches("\\[a]", "[a]"))
        #expect(throws: IgnoreGlob.Invalid.self) { try IgnoreGlob(Array("a\\".utf8)) }
        #expect(throws: IgnoreGlob.Invalid.self) { try IgnoreGlob(Array("[a".utf8)) }
        #expect(throws: IgnoreGlob.Invalid.self) { try IgnoreGlob(Array("[z-a]".utf8)) }
    }

    @Test func rulesOfAFile() {
        let rules = IgnoreRules(
            file: Array("# comment\n\n*.tmp\n!keep.tmp\nbuild/\n\\#x\n\\!y\nsp  \nsp2\\ \n".utf8))
        #expect(rules.verdict(Array("a.tmp".utf8), isDirectory: false) == .ignore)
        #expect(rules.verdict(Array("keep.tmp".utf8), isDirectory: false) == .include)
        #expect(rules.verdict(Array("build".utf8), isDirectory: true) == .ignore)
        #expect(rules.verdict(Array("build".utf8), isDirectory: false) == nil)
        #expect(rules.verdict(Array("#x".utf8), isDirectory: false) == .ignore)
        #expect(rules.verdict(Array("!y".utf8), isDirectory: false) == .ignore)
        #expect(rules.verdict(Array("sp".utf8), isDirectory: false) == .ignore)
        #expect(rules.verdict(Array("sp2 ".utf8), isDirectory: false) == .ignore)
        #expect(rules.verdict(Array("# comment".utf8), isDirectory: false) == nil)
        #expect(rules.rules.count == 7)
    }

    @Test func globOptions() throws {
        let globs = try IgnoreRules(globs: ["*.log", "!debug.log"])
        #expect(globs.includes)
        #expect(globs.verdict(Array("x/a.log".utf8), isDirectory: false) == .include)
        #expect(globs.verdict(Array("x/debug.log".utf8), isDirectory: false) == .ignore)
        #expect(globs.verdict(Array("a.txt".utf8), isDirectory: false) == nil)
        #expect(throws: IgnoreGlob.Invalid.self) { try IgnoreRules(globs: ["!"]) }
    }
}
