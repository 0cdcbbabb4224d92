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
        #expect(run(["bookmark", "add", "logs", scratch.path], columns: nil).status == .success)
        let list = run(["bookmark", "ls", "--fields", "name,url,note"])
        #expect(list.lines.count == 2)
        #expect(
            list.lines[0] == #"{"type":"bookmark","name":"news","url":"https://example.org/feed.xml","note":"daily"}"#)
        #expect(list.lines[1].contains(#""url":"/"#))
        #expect(run(["bookmark"]).lines.count == 2)
        #expect(run(["bookmark", "show", "news", "--template", "%(url)"]).stdout == "https://example.org/feed.xml\n")

        let duplicate = run(["bookmark", "add", "news", "https://x"])
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

    /// Names that differ only by compatibility forms (fullwidth `ａｂ`, the ligature in `ﬁle`) are one name: names are
    /// compared and stored in NFKC, so the second is "exists", and @ａｂ finds ab.
    @Test func compatibilityFormsAreOneName() {
        #expect(run(["bookmark", "add", "ab", "https://a.example"]).status == .success)
        let fullwidth = run(["bookmark", "add", "ａｂ", "https://evil.example"])
        #expect(fullwidth.status == .failure)
        #expect(fullwidth.stderr == ["tb bookmark add: bookmark 'ａｂ' exists as 'ab' (use --force to replace it)"])
        #expect(run(["bookmark", "show", "ａｂ", "--template", "%(url)"]).stdout == "https://a.example\n")
        #expect(run(["bookmark", "add", "ﬁle", "https://f.example"]).status == .success)
        #expect(run(["bookmark", "add", "file", "https://g.example"]).status == .failure)
        #expect(run(["bookmark", "add", "ｆｉｌｅ", "https://g.example"]).status == .failure)
        #expect(run(["bookmark", "ls", "--format", "tsv", "--fields", "name"]).lines == ["ab", "file"])
        #expect(run(["bookmark", "add", "-f", "ａｂ", "https://b.example"]).status == .success)
        #expect(
            run(["bookmark", "ls", "--format", "tsv", "--fields", "name,url"]).lines == [
                "ab\thttps://b.example", "file\thttps://f.example",
            ])
        #expect(run(["bookmark", "rm", "ﬁle"]).status == .success)
        #expect(run(["bookmark", "ls", "--format", "tsv", "--fields", "name"]).lines == ["ab"])
        // A name whose NFKC is not a valid name is refused: U+FDFA is one letter, and eighteen with spaces in NFKC.
        #expect(run(["bookmark", "add", "\u{FDFA}", "https://x.example"]).status == .usage)
        #expect(run(["bookmark", "add", "１２", "https://x.example"]).status == .success)
        #expect(run(["bookmark", "show", "12", "--template", "%(name)"]).stdout == "12\n")
    }

    /// Names stored before names were normalized (or by hand) that are one name in NFKC keep working by their exact
    /// spelling; `bookmark ls` lists them all and says which collide, in one warning line; replacing one of them is
    /// refused until one is removed.
    @Test func storedNamesThatCollideKeepTheirSpelling() {
        scratch.write(
            "config/bookmarks.ndjson",
            [
                #"{"type":"bookmark","name":"ab","url":"https://a.example"}"#,
                #"{"type":"bookmark","name":"ａｂ","url":"https://fullwidth.example"}"#,
                #"{"type":"bookmark","name":"news","url":"https://news.example"}"#,
            ].joined(separator: "\n") + "\n")
        #expect(run(["bookmark", "show", "ab", "--template", "%(url)"]).stdout == "https://a.example\n")
        #expect(run(["bookmark", "show", "ａｂ", "--template", "%(url)"]).stdout == "https://fullwidth.example\n")
        // Neither spelling: the one stored in NFKC.
        #expect(run(["bookmark", "show", "ａb", "--template", "%(url)"]).stdout == "https://a.example\n")
        let list = run(["bookmark", "ls", "--format", "tsv", "--fields", "name"])
        #expect(list.status == .success)
        #expect(list.lines == ["ab", "ａｂ", "news"])
        #expect(
            list.stderr == [
                "tb bookmark ls: warning: bookmarks 'ab' and 'ａｂ' are one name in NFKC ('ab'): each still works by its "
                    + "exact spelling; remove all but one with 'tb bookmark rm'"
            ])
        let replace = run(["bookmark", "add", "-f", "ab", "https://new.example"])
        #expect(replace.status == .failure)
        #expect(
            replace.stderr == [
                "tb bookmark add: bookmarks 'ab' and 'ａｂ' are one name in NFKC: remove all but one with "
                    + "'tb bookmark rm' before replacing it"
            ])
        #expect(run(["bookmark", "rm", "ａｂ"]).status == .success)
        let after = run(["bookmark", "ls", "--format", "tsv", "--fields", "name,url"])
        #expect(after.lines == ["ab\thttps://a.example", "news\thttps://news.example"])
        #expect(after.stderr.isEmpty)
    }

    @Test func badBookmarkArguments() {
        #expect(
            run(["bookmark", "add", "a/b", "https://x"]).stderr.first?.contains("invalid bookmark name 'a/b'") == true)
        #expect(run(["bookmark", "add", "a", ""]).status == .usage)
        #expect(run(["bookmark", "add", "a", "@b"]).status == .usage)
        #expect(run(["bookmark", "add", "a", "-"]).status == .usage)
        #expect(run(["bookmark", "add", "a"]).stderr.first == "tb bookmark add: missing argument URL")
        #expect(run(["bookmark", "rm"]).status == .usage)
        #expect(run(["bookmark", "add", "a", "https://b", "--json"]).status == .usage)
    }

    /// What is neither a URL nor an existing path is a usage error, not a bookmark that can never work.
    @Test func aBookmarkIsAURLOrAnExistingPath() throws {
        let text = run(["bookmark", "add", "x", "not a url"])
        #expect(text.status == .usage)
        #expect(
            text.stderr.first
                == "tb bookmark add: 'not a url' is neither a URL (scheme://...) nor an existing file or directory")
        #expect(run(["bookmark", "add", "x", "example.org/feed.xml"]).status == .usage)
        #expect(run(["bookmark", "add", "x", scratch.file("missing.xml")]).status == .usage)
        #expect(run(["bookmark", "ls"]).stdout.isEmpty)
        let file = scratch.write("feed.xml", "<rss/>")
        #expect(run(["bookmark", "add", "file", file]).status == .success)
        #expect(run(["bookmark", "add", "site", "svn+ssh://host/repo"]).status == .success)
        #expect(run(["bookmark", "add", "local", "file:///srv/feed.xml"]).status == .success)
        #expect(
            run(["bookmark", "ls", "--format", "tsv", "--fields", "url"]).lines
                == [file, "svn+ssh://host/repo", "file:///srv/feed.xml"])
    }

    /// A missing bookmark says how to add it, unless a close name was probably meant.
    @Test func aMissingBookmarkHintsAtAddingIt() {
        let missing = run(["bookmark", "show", "news"])
        #expect(missing.status == .failure)
        #expect(
            missing.stderr == ["tb bookmark show: no bookmark named 'news' (add it with 'tb bookmark add news URL')"])
        _ = run(["bookmark", "add", "news", "https://example.org/feed.xml"])
        #expect(
            run(["bookmark", "show", "nws"]).stderr == [
                "tb bookmark show: no bookmark named 'nws' (did you mean 'news'?)"
            ])
        // Removing what is not there is not a reason to add it.
        #expect(run(["bookmark", "rm", "gone"]).stderr == ["tb bookmark rm: no bookmark named 'gone'"])
    }

    /// An empty list on a terminal says so, and how to fill it, on stderr; piped it stays empty (NDJSON has no
    /// place for a remark), and the status stays 0.
    @Test func emptyListsSaySoOnATerminal() throws {
        for argv in [["bookmark"], ["bookmark", "ls"], ["bookmark", "ls", "--json"]] {
            let onTerminal = run(argv, columns: 80)
            #expect(onTerminal.status == .success)
            #expect(onTerminal.stdout.isEmpty)
            #expect(onTerminal.stderr == ["no bookmarks yet: tb bookmark add NAME URL"], "\(argv)")
            #expect(run(argv).stderr.isEmpty && run(argv).stdout.isEmpty)
        }
        let history = run(["history"], columns: 80)
        #expect(history.status == .success && history.stdout.isEmpty)
        #expect(history.stderr == ["no history yet: tb feed, tb regex on a URL and tb reach record their visits"])
        #expect(run(["history"]).stderr.isEmpty)
        #expect(run(["history", "-n", "0"], columns: 80).stderr.isEmpty)
        var off = scratch.environment
        off["TB_HISTORY"] = "off"
        #expect(
            runInProcess(["history"], builtins: builtins, environment: off, terminalColumns: 80).stderr == [
                "no history: TB_HISTORY is off"
            ])
        let paths = StorePaths(environment: Environment(scratch.environment))
        try HistoryStore(paths: paths) { _ in }.record(
            command: "reach", target: "example.org", exitStatus: .success, records: 1)
        #expect(run(["history"], columns: 80).stderr.isEmpty)
        #expect(run(["history", "--command", "feed"], columns: 80).stderr == ["no visits by 'feed' in the history"])
        #expect(
            run(["history", "--command", "feed", "-n", "3"], columns: 80).stderr == [
                "no visits by 'feed' in the history"
            ])
        _ = run(["bookmark", "add", "news", "https://example.org/feed.xml"])
        #expect(run(["bookmark"], columns: 80).stderr.isEmpty)
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

    /// A command name matches whole words from the start: svn's runs are recorded as "svn ls", "svn log"….
    @Test func historyMatchesWholeCommandWords() throws {
        let paths = StorePaths(environment: Environment(scratch.environment))
        let history = HistoryStore(paths: paths) { _ in }
        for (command, target) in [
            ("svn ls", "file:///r/a"), ("svn log", "file:///r/b"), ("svnx", "c"), ("feed", "d"), ("svn cat", "e"),
        ] {
            try history.record(command: command, target: target, exitStatus: .success, records: 1)
        }
        let targets = { (arguments: [String]) in
            self.run(["history"] + arguments + ["--template", "%(target)"]).lines
        }
        #expect(targets(["--command", "svn"]) == ["file:///r/a", "file:///r/b", "e"])
        #expect(targets(["--command", "svn", "-n", "2"]) == ["file:///r/b", "e"])
        #expect(targets(["--command", "svn log"]) == ["file:///r/b"])
        #expect(targets(["--command", " svn   log "]) == ["file:///r/b"])
        #expect(targets(["--command", "svn l"]).isEmpty)
        #expect(targets(["--command", "sv"]).isEmpty)
        #expect(targets(["--command", "svn ls extra"]).isEmpty)
    }

    @Test func tablesOnATerminal() {
        _ = run(["bookmark", "add", "news", "https://example.org/feed.xml"])
        let table = run(["bookmark", "ls", "--color", "never"], columns: 60)
        #expect(table.lines.first?.hasPrefix("NAME  URL") == true)
        #expect(table.lines.count == 2)
    }
}
