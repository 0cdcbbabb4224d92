// The gitignore glob matcher of tb regex's directory walk, rule by rule.
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
