// tb regex on a terminal (--format human, the default there) byte for byte against `rg --sort path --heading -n` on
// the same pseudo-terminal and generated inputs: headings, line numbers, context groups, counts, lists, CRLF lines,
// lines without a final newline, long lines, lines of multi-line matches, and ripgrep's colours.
import Foundation
import TestSupport
import Testing

private let rg = "/usr/bin/rg"
private let hasTools = hasScript && FileManager.default.isExecutableFile(atPath: rg)

@Suite(.enabled(if: hasTools))
struct RegexTerminalViewTests {
    let scratch = Scratch()

    init() throws {
        let long = String(repeating: "abcdefghij", count: 20_000)
        let files: [(String, String)] = [
            ("d/a.txt", "foo one\nbar\nfoo foo two\nx\ny\nz\nw\nfoo three\nv\nfoo four\n"),
            ("d/b.txt", "no\r\nfoo crlf\r\nnope\r\n\r\nfoo again\r\n"),
            ("d/sub/c.txt", "first\nlast foo"),
            ("d/sub/deep/e.txt", "nothing here\n"),
            ("d/long.txt", "x\n" + long + "foo" + long + "foo\nafter foo\n"),
            ("d/.hidden.txt", "foo hidden\n"),
            ("m.txt", "aa\nbb\ncc bb\ndd\naa\nbb\n"),
        ]
        for (name, text) in files { scratch.write(name, text) }
        scratch.write(bytes: "d/binary.dat", Array("foo\n\0binary foo\n".utf8))
    }

    /// The environment of the runs: no colour, unless a test asks for it.
    func environment(color: Bool) -> [String: String] {
        var environment = scratch.environment
        if !color { environment["NO_COLOR"] = "1" }
        return environment
    }

    func run(_ program: String, _ arguments: [String], columns: Int, color: Bool, input: String? = nil) throws
        -> Finished
    {
        try onTerminal(
            program, arguments, columns: columns, environment: environment(color: color), directory: scratch.path,
            input: input)
    }

    /// The same arguments for both, rg's then tb's own, and stdin from a file for the runs without a SOURCE.
    struct Case: CustomTestStringConvertible, Sendable {
        let rg: [String]
        let tb: [String]
        var input: String?

        init(_ both: [String], tb: [String]? = nil, input: String? = nil) {
            rg = both
            self.tb = tb ?? both
            self.input = input
        }

        var testDescription: String { tb.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(["foo", "d"]),
        Case(["foo", "d/a.txt"]),
        Case(["foo", "d/b.txt", "d/a.txt"]),
        Case(["foo"], input: "d/a.txt"),
        Case(["foo", "-", "d/a.txt"], input: "d/b.txt"),
        Case(["-C1", "foo", "d"]),
        Case(["-A", "2", "foo", "d/a.txt"]),
        Case(["-B", "3", "foo", "d/a.txt", "d/b.txt"]),
        Case(["-v", "foo", "d/a.txt"]),
        Case(["-v", "-C1", "o", "d/a.txt"]),
        // Named files here: a walk's files without a match get no count (RegexTreeTests), as in rg -c.
        Case(["-c", "two|three|crlf|last", "d/a.txt", "d/b.txt", "d/sub/c.txt"]),
        Case(["-c", "two|three", "d/a.txt"]),
        Case(["-l", "foo", "d"]),
        Case(["-l", "foo", "d/a.txt"]),
        Case(["--files-without-match", "foo", "d"]),
        Case(["-w", "-i", "FOO", "d"]),
        Case(["-F", "o t", "d"]),
        Case(["--hidden", "foo", "d"]),
        Case(["-r", "X${1}Y", "fo(o)", "d"]),
        Case(["-r", "[$0]", "o", "d/a.txt"]),
        // A match over lines: rg needs -U, tb's subject is the whole input.
        Case(["-U", #"a\nbb\ncc|c b|a\nbb\n"#, "m.txt"], tb: [#"a\nbb\ncc|c b|a\nbb\n"#, "m.txt"]),
        Case(["-U", #"(?s)o.two.*?y"#, "d"], tb: [#"(?s)o.two.*?y"#, "d"]),
    ]

    /// Without colour, the view is rg's output byte for byte, on terminals of 80 and 200 columns.
    @Test(arguments: cases, [80, 200])
    func viewIsRipgrepsOutput(_ test: Case, columns: Int) throws {
        let expected = try run(
            rg, ["--sort", "path", "--heading", "-n", "--color", "never"] + test.rg, columns: columns, color: false,
            input: test.input)
        let actual = try run(Package.binary, ["regex"] + test.tb, columns: columns, color: false, input: test.input)
        #expect(!expected.stdout.isEmpty)
        #expect(actual.stdout == expected.stdout)
        #expect(actual.status == expected.status)
    }

    /// With colour on (the default on a terminal), rg's default colours, escape for escape.
    @Test(arguments: [
        Case(["foo", "d"]), Case(["foo", "d/a.txt"]), Case(["-C1", "foo", "d/a.txt"]),
        Case(["-c", "two|three", "d/a.txt", "d/b.txt"]),
        // Matches that touch are one coloured stretch; --replace's texts are coloured in their place.
        Case(["o", "d/a.txt"]), Case(["-r", "[$0]", "o", "d/a.txt"]),
        Case(["-l", "foo", "d"]), Case(["-U", #"a\nbb\ncc"#, "m.txt"], tb: [#"a\nbb\ncc"#, "m.txt"]),
    ])
    func colorsAreRipgreps(_ test: Case) throws {
        let expected = try run(
            rg, ["--sort", "path", "--heading", "-n", "--color", "always"] + test.rg, columns: 80, color: true)
        let actual = try run(Package.binary, ["regex"] + test.tb, columns: 80, color: true)
        #expect(expected.stdout.contains("\u{1B}[0m\u{1B}[3"))
        #expect(actual.stdout == expected.stdout)
    }

    /// A named file is read in pieces; whatever their size, each line is printed once and whole, with
    /// every match on it, though its end (or the rest of a multi-line match) comes in a later piece. --lines prints
    /// the same lines.
    @Test(arguments: [1, 3, 7, 64, 4096, 1 << 17])
    func piecesMakeNoDifference(readSize: Int) throws {
        let cases: [Case] = [
            Case(["foo", "d/long.txt"]), Case(["-e", "foo", "-e", "j", "d/long.txt"]),
            Case(["-i", "FOO|no", "d/b.txt"]),
            Case(["foo", "d/sub/c.txt"]), Case(["-C2", "foo", "d/a.txt", "d/b.txt"]),
            Case(["-U", #"a\nbb\ncc|c b|a\nbb\n"#, "m.txt"], tb: [#"a\nbb\ncc|c b|a\nbb\n"#, "m.txt"]),
            Case(["x*", "d/a.txt"]), Case(["x*", "d/sub/c.txt"]),
        ]
        // (Reading the 400 KB line a few bytes at a time takes long in a debug build.)
        for test in cases where readSize >= 64 || !test.tb.contains("d/long.txt") {
            let expected = try runProgram(
                rg, ["--sort", "path", "--heading", "-n", "--color", "never"] + test.rg,
                environment: scratch.environment,
                directory: scratch.path)
            for lines in test.rg.contains("-U") ? [[]] : [[], ["--lines"]] {
                let actual = try runProgram(
                    Package.binary, ["regex", "--format", "human", "--read-size", String(readSize)] + lines + test.tb,
                    environment: scratch.environment, directory: scratch.path)
                #expect(actual.stdout == expected.stdout, "\(test.tb) \(lines)")
            }
        }
    }

    /// A pattern anchored at the subject's start matches once, and the search stops there; the view still gets
    /// the rest of that line from the later pieces. (rg's \A matches at every line, as it searches lines.)
    @Test(arguments: [1, 4, 100])
    func anAnchoredMatchGetsItsWholeLine(readSize: Int) throws {
        let file = scratch.write("anchored.txt", "foo bar baz\nfoo\n")
        let result = try tb(
            ["regex", "--format", "human", "--read-size", String(readSize), #"\Afoo"#, file],
            environment: scratch.environment)
        #expect(result.stdout == "1:foo bar baz\n")
    }

    /// --format table on a terminal is the table, and into a pipe the output stays NDJSON.
    @Test func tableAndPipeStayAsTheyWere() throws {
        let table = try run(
            Package.binary, ["regex", "--format", "table", "foo", "d/a.txt"], columns: 80, color: false)
        #expect(table.stdout.hasPrefix("SOURCE"))
        let piped = try tb(["regex", "foo", scratch.file("d/a.txt")], environment: scratch.environment)
        #expect(piped.stdout.hasPrefix("{\"type\":\"match\""))
    }
}
