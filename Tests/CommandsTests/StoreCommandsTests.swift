// tb bookmark and tb history, run in-process against a scratch store.
import StoreCommands
import TestSupport
import Testing
import Toolbox

struct StoreCommandsTests {
    let scratch = Scratch()
    let builtins: [any Command.Type] = [BookmarkCommand.self, HistoryCommand.self]

    func run(_ argv: [String], columns: Int? = nil) -> InProcessRun {
        runInProcess(argv, builtins: builtins, environment: scratch.environment, terminalColumns: columns)
    }

    @Test func bookmarkLifecycle() throws {
        #expect(run(["bookmark", "add", "news", "https://example.org/feed.xml", "--note", "daily"]).status == .success)
        #expect(run(["bookmark", "add", "logs", "some/dir"], columns: nil).status == .success)
        let list = run(["bookmark", "ls", "--fields", "name,url,note"])
        #expect(list.lines.count == 2)
        #expect(
            list.lines[0] == #"{"type":"bookmark","name":"news","url":"https://example.org/feed.xml","note":"daily"}"#)
        #expect(list.lines[1].contains(#""url":"/"#))
        #expect(run(["bookmark"]).lines.count == 2)
        #expect(run(["bookmark", "show", "news", "--template", "%(url)"]).stdout == "https://example.org/feed.xml\n")

        let duplicate = run(["bookmark", "add", "news", "x"])
        #expect(duplicate.status == .failure)
        #expect(duplicate.stderr == ["tb bookmark add: bookmark 'news' exists (use --force to replace it)"])
        #expect(run(["bookmark", "add", "-f", "news", "https://other"]).status == .success)
        #expect(run(["bookmark", "show", "news", "--template", "%(url)"]).stdout == "https://other\n")

        let missing = run(["bookmark", "show", "nws"])
        #expect(missing.status == .failure)
        #expect(missing.stderr == ["tb bookmark show: no bookmark named 'nws' (did you mean 'news'?)"])
        #expect(run(["bookmark", "rm", "news", "logs"]).status == .success)
        #expect(run(["bookmark", "ls"]).stdout.isEmpty)
    }

    @Test func badBookmarkArguments() {
        #expect(run(["bookmark", "add", "a/b", "x"]).stderr.first?.contains("invalid bookmark name 'a/b'") == true)
        #expect(run(["bookmark", "add", "a", ""]).status == .usage)
        #expect(run(["bookmark", "add", "a", "@b"]).status == .usage)
        #expect(run(["bookmark", "add", "a", "-"]).status == .usage)
        #expect(run(["bookmark", "add", "a"]).stderr.first == "tb bookmark add: missing argument URL")
        #expect(run(["bookmark", "rm"]).status == .usage)
        #expect(run(["bookmark", "add", "a", "b", "--json"]).status == .usage)
    }

    @Test func historyFiltersAndLimits() throws {
        let paths = StorePaths(environment: Environment(scratch.environment))
        let history = HistoryStore(paths: paths) { _ in }
        for (command, target) in [
            ("feed", "https://a"), ("regex", "/tmp/x"), ("feed", "https://b"), ("feed", "https://c"),
        ] {
            try history.record(command: command, target: target, exitStatus: .success, records: 1)
        }
        #expect(run(["history"]).lines.count == 4)
        let feeds = run(["history", "--command", "feed", "-n", "2", "--fields", "target"])
        #expect(feeds.lines == [#"{"type":"visit","target":"https://b"}"#, #"{"type":"visit","target":"https://c"}"#])
        #expect(run(["history", "--limit", "-1"]).status == .usage)
        #expect(run(["history", "clear"]).status == .success)
        #expect(run(["history"]).stdout.isEmpty)
    }

    @Test func tablesOnATerminal() {
        _ = run(["bookmark", "add", "news", "https://example.org/feed.xml"])
        let table = run(["bookmark", "ls", "--color", "never"], columns: 60)
        #expect(table.lines.first?.hasPrefix("NAME  URL") == true)
        #expect(table.lines.count == 2)
    }
}
