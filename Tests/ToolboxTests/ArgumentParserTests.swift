// The GNU-style parser, table-driven: argv in, values or a usage error out.
import Testing

@testable import Toolbox

struct ArgumentParserTests {
    let parser = ArgumentParser(commands: testCommands)

    func greet(_ argv: [String]) throws -> Greet {
        let outcome: ParseOutcome
        do {
            outcome = try parser.parse(["greet"] + argv)
        } catch {
            throw error.error
        }
        guard case .command(_, let arguments) = outcome else {
            Issue.record("not a command: \(outcome)")
            throw UsageError("not a command")
        }
        return try Greet(arguments)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let argv: [String]
        let loud: Bool
        let polite: Bool
        let who: String?
        let count: Int
        let tags: [String]
        let words: [String]
        var testDescription: String { argv.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(argv: [], loud: false, polite: true, who: nil, count: 1, tags: [], words: []),
        Case(argv: ["-l"], loud: true, polite: true, who: nil, count: 1, tags: [], words: []),
        Case(argv: ["--loud", "--no-loud"], loud: false, polite: true, who: nil, count: 1, tags: [], words: []),
        Case(argv: ["--no-polite"], loud: false, polite: false, who: nil, count: 1, tags: [], words: []),
        Case(argv: ["-lp"], loud: true, polite: true, who: nil, count: 1, tags: [], words: []),
        Case(argv: ["-lnAda"], loud: true, polite: true, who: "Ada", count: 1, tags: [], words: []),
        Case(argv: ["-ln", "Ada"], loud: true, polite: true, who: "Ada", count: 1, tags: [], words: []),
        Case(argv: ["--name=Ada"], loud: false, polite: true, who: "Ada", count: 1, tags: [], words: []),
        Case(argv: ["--name", "Ada"], loud: false, polite: true, who: "Ada", count: 1, tags: [], words: []),
        Case(argv: ["--name="], loud: false, polite: true, who: "", count: 1, tags: [], words: []),
        Case(argv: ["--name", "-x"], loud: false, polite: true, who: "-x", count: 1, tags: [], words: []),
        Case(argv: ["--name", "a", "--name", "b"], loud: false, polite: true, who: "b", count: 1, tags: [], words: []),
        Case(argv: ["-k3", "-k", "4"], loud: false, polite: true, who: nil, count: 4, tags: [], words: []),
        Case(argv: ["--count=-2"], loud: false, polite: true, who: nil, count: -2, tags: [], words: []),
        Case(
            argv: ["-t", "a", "--tag=b", "-tc"], loud: false, polite: true, who: nil, count: 1, tags: ["a", "b", "c"],
            words: []),
        Case(argv: ["x", "-l", "y"], loud: true, polite: true, who: nil, count: 1, tags: [], words: ["x", "y"]),
        Case(
            argv: ["--", "-l", "--name"], loud: false, polite: true, who: nil, count: 1, tags: [],
            words: ["-l", "--name"]),
        Case(argv: ["-", "x"], loud: false, polite: true, who: nil, count: 1, tags: [], words: ["-", "x"]),
        Case(argv: ["x", "--", "--"], loud: false, polite: true, who: nil, count: 1, tags: [], words: ["x", "--"]),
        Case(
            argv: ["--json", "x", "--fields", "text"], loud: false, polite: true, who: nil, count: 1, tags: [],
            words: ["x"]),
    ]

    @Test(arguments: cases)
    func parses(_ c: Case) throws {
        let command = try greet(c.argv)
        #expect(command.loud == c.loud)
        #expect(command.polite == c.polite)
        #expect(command.who == c.who)
        #expect(command.count == c.count)
        #expect(command.tags == c.tags)
        #expect(command.words == c.words)
    }

    static let errors: [([String], String)] = [
        (["greet", "--nmae", "x"], "unknown option '--nmae' (did you mean '--name'?)"),
        (["greet", "-z"], "unknown option '-z'"),
        (["greet", "-lz"], "unknown option '-z' in '-lz'"),
        (["greet", "--name"], "option '--name' needs a value"),
        (["greet", "-n"], "option '-n' needs a value"),
        (["greet", "--loud=yes"], "option '--loud' takes no value"),
        (["greet", "--no-name"], "unknown option '--no-name'"),
        (["copy"], "missing argument SOURCE"),
        (["copy", "a"], "missing argument DEST"),
        (["tree", "leaf", "extra"], "unexpected argument 'extra'"),
        (["tree", "lef"], "unknown subcommand 'lef' (did you mean 'leaf'?)"),
        (["tree", "--", "branch"], "unexpected argument 'branch'"),
        (["tree", "--depth", "2", "branch"], "unknown option '--depth'"),
        (["tree", "branch", "--json"], "option '--json' does not apply: 'tb tree branch' prints no records"),
        (["--jsn", "greet"], "unknown option '--jsn' (did you mean '--json'?)"),
        // Values are checked as they are read: a swallowed word is named as the option's value.
        (["greet", "--count", "word"], "invalid value 'word' for --count: expected a whole number"),
        (["greet", "-kword"], "invalid value 'word' for --count: expected a whole number"),
        (
            ["tree", "branch", "--depth", "1", "--leaves=9"],
            "invalid value '9' for --leaves: expected a whole number, from 1 to 5"
        ),
        // Combinations come from the declarations, named in the order the command declares them.
        (["tree", "branch", "--wide", "--depth", "1"], "--depth and --wide do not go together"),
        (["tree", "branch", "--leaves", "2"], "--leaves goes with --depth"),
        (["tree", "branch", "oval"], "invalid value 'oval' for SHAPE: expected one of round, square"),
        (["copy", "a"], "missing argument DEST"),
    ]

    @Test(arguments: errors)
    func rejects(_ argv: [String], _ message: String) {
        #expect(throws: ParseFailure.self) { try parser.parse(argv) }
        do {
            _ = try parser.parse(argv)
        } catch {
            #expect(error.error.message == message)
        }
    }

    @Test func invalidValuesAreUsageErrors() throws {
        #expect(throws: UsageError("invalid value 'many' for --count: expected a whole number")) {
            try greet(["--count", "many"])
        }
    }

    /// Durations take units; bare numbers are seconds; a part of a millisecond rounds up, never down to zero.
    @Test func durations() throws {
        let cases: [(String, Int?)] = [
            ("500ms", 500), ("2s", 2000), ("1.5m", 90_000), ("1h", 3_600_000), ("1d", 86_400_000), ("30", 30_000),
            ("0.25", 250), (".5s", 500), ("1.0001ms", 2), ("2x", nil), ("s", nil), ("-1s", nil), ("inf", nil),
            ("nan", nil), ("1e3", 1_000_000), ("", nil),
        ]
        for (text, milliseconds) in cases {
            #expect(Duration(argument: text)?.wholeMilliseconds == milliseconds, "\(text)")
        }
        #expect(Duration.seconds(30).argumentText == "30s")
        #expect(Duration.milliseconds(1500).argumentText == "1500ms")
        #expect(Duration.seconds(120).argumentText == "2m")
        let bounds = try #require(Duration.bounds)
        #expect(!bounds.contains(.microseconds(100)) && bounds.contains(.milliseconds(1)))
        #expect(!bounds.contains(.seconds(8 * 86_400)) && bounds.contains(.seconds(7 * 86_400)))
    }

    /// A declared range is checked when the value is read, and named in the message and in help.
    @Test func rangesAreChecked() throws {
        let option = Option<Int>("size", help: "a size", range: 1...64)
        let open = Option<Int>("limit", help: "a limit", range: 0...)
        #expect(option.spec.rangeText == "from 1 to 64" && open.spec.rangeText == "0 or more")
        let arguments = ParsedArguments(path: ["x"], options: ["size": ["65"], "limit": ["-1"]])
        #expect(throws: UsageError("invalid value '65' for --size: expected a whole number, from 1 to 64")) {
            try arguments.value(option)
        }
        #expect(throws: UsageError("invalid value '-1' for --limit: expected a whole number, 0 or more")) {
            try arguments.value(open)
        }
        let fine = ParsedArguments(path: ["x"], options: ["size": ["64"], "limit": ["0"]])
        #expect(try fine.value(option) == 64 && fine.value(open) == 0)
    }

    /// A flag turned off again does not conflict; a typed positional reads as its type.
    @Test func declaredConstraintsAllowWhatTheyShould() throws {
        guard
            case .command(_, let arguments) = try parser.parse([
                "tree", "branch", "--wide", "--no-wide", "-d", "2", "square",
            ])
        else {
            Issue.record("not a command")
            return
        }
        #expect(try arguments.positional(Branch.shape, as: Branch.Shape.self) == .square)
        #expect(Branch.leaves.spec.notes == ["from 1 to 5", "with --depth"])
        #expect(Branch.wide.spec.notes == ["not with --depth"])
    }

    @Test func variadicPositionalsLeaveRoomForTheLastOne() throws {
        guard case .command(_, let arguments) = try parser.parse(["copy", "a", "b", "c"]) else {
            Issue.record("not a command")
            return
        }
        let copy = try Copy(arguments)
        #expect(copy.sources == ["a", "b"])
        #expect(copy.destination == "c")
    }

    @Test func groupsDescendIntoTheirDefault() throws {
        guard case .command(let command, let arguments) = try parser.parse(["tree", "--json"]) else {
            Issue.record("not a command")
            return
        }
        #expect(command.spec.name == "leaf")
        #expect(arguments.path == ["tree", "leaf"])
        #expect(arguments.flag(GlobalOptions.json))
    }

    @Test func helpVersionOverviewAndExternal() throws {
        guard case .help(let path, let full) = try parser.parse(["tree", "branch", "-d", "1", "-h"]) else {
            Issue.record("not help")
            return
        }
        #expect(path == ["tree", "branch"] && !full)
        guard case .help(_, true) = try parser.parse(["greet", "--help"]) else { Issue.record("not full"); return }
        guard case .version = try parser.parse(["--version"]) else { Issue.record("not version"); return }
        guard case .overview = try parser.parse([]) else { Issue.record("not overview"); return }
        guard
            case .external(let name, let rest, let index, let global) = try parser.parse([
                "--json", "hello", "-x", "--y",
            ])
        else {
            Issue.record("not external"); return
        }
        #expect(name == "hello" && rest == ["-x", "--y"] && index == 2 && global.flag(GlobalOptions.json))
        guard case .command(let command, _) = try parser.parse(["--", "greet"]) else {
            Issue.record("-- before the command"); return
        }
        #expect(command.spec.name == "greet")
    }

    @Test func globalOptionsWorkBeforeAndAfterTheCommand() throws {
        guard case .command(_, let before) = try parser.parse(["--format", "tsv", "greet", "x"]),
            case .command(_, let after) = try parser.parse(["greet", "x", "--format=tsv"])
        else { Issue.record("not commands"); return }
        #expect(try before.value(GlobalOptions.format) == .tsv)
        #expect(try after.value(GlobalOptions.format) == .tsv)
    }
}
