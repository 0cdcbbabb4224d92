// The columns of tb regex and tb feed tables on a terminal: what the command tells the table about its run.
import FeedCommands
import RegexCommands
import TestSupport
import Testing
import Toolbox

struct CommandTableTests {
    let scratch = Scratch()

    func header(_ argv: [String]) -> String? {
        let result = runInProcess(
            argv + ["--color", "never"], builtins: [FeedCommand.self, RegexCommand.self],
            environment: scratch.environment, terminalColumns: 200)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.lines.first
    }

    /// The REPLACEMENT column was there, empty, without --replace. (On a terminal regex prints ripgrep's lines
    /// unless asked for the table.)
    @Test func regexShowsReplacementsOnlyWithReplace() {
        let file = scratch.write("text.txt", "one two\n")
        let table = ["regex", "--format", "table"]
        #expect(header(table + ["t(w)o", file])?.hasSuffix("  LINE  COLUMN  MATCH  GROUPS") == true)
        #expect(header(table + ["--replace", "2", "t(w)o", file])?.hasSuffix("  REPLACEMENT") == true)
        #expect(header(table + ["--replace", "", "t(w)o", file])?.hasSuffix("  GROUPS") == true)
        #expect(header(["regex", "t(w)o", file]) == "1:one two")
    }

    /// With several sources the table did not say which an item came from; it names each by the feed's title.
    @Test func feedShowsTheSourceWhenThereAreSeveral() {
        let feed = Fixtures.folder("feeds/rss20.xml")
        #expect(header(["feed", feed])?.hasPrefix("TITLE ") == true)
        // The same source twice is read once (duplicates are dropped), so two different ones.
        #expect(header(["feed", feed, feed])?.hasPrefix("TITLE ") == true)
        #expect(header(["feed", feed, Fixtures.folder("feeds/atom10.xml")])?.hasPrefix("FEED ") == true)
    }
}
