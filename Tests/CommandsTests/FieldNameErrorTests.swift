// A field inside a list named without an index, and unknown fields, in --template and --fields, as each
// command's users meet them: the message names the fields of the records that run prints, no others.
import FeedCommands
import HTMLCommands
import ReachCommands
import RegexCommands
import SVNCommands
import TestSupport
import Testing
import Toolbox

struct FieldNameErrorTests {
    let scratch = Scratch()

    func run(_ argv: [String], _ command: any Command.Type) -> InProcessRun {
        runInProcess(argv, builtins: [command], environment: scratch.environment)
    }

    /// The list of fields an unknown-field message ends with.
    func listed(_ result: InProcessRun) -> [String] {
        guard let message = result.stderr.first, let range = message.range(of: "; fields: ") else { return [] }
        return message[range.upperBound...].split(separator: ", ").map(String.init)
    }

    @Test func aFieldInsideAListNeedsAnIndex() {
        let feed = scratch.write("f.xml", "<rss><channel><item><title>t</title></item></channel></rss>")
        let template = run(["feed", "--template", "%(enclosures.url)", feed], FeedCommand.self)
        #expect(template.status == .usage)
        #expect(template.stderr.first == "tb feed: enclosures is a list: %(enclosures.0.url)", "\(template.stderr)")
        let fields = run(["feed", "--fields", "enclosures.url", feed], FeedCommand.self)
        #expect(fields.status == .usage)
        #expect(fields.stderr.first?.hasPrefix("tb feed: enclosures is a list: %(enclosures.0.url)") == true)
        // An index, or an object's key, is fine.
        #expect(run(["feed", "--template", "%(enclosures.0.url)", feed], FeedCommand.self).status == .success)
        #expect(run(["feed", "--template", "%(categories)", feed], FeedCommand.self).status == .success)
    }

    @Test func anUnknownFieldListsTheFieldsOfTheRunsOwnRecords() {
        let feed = scratch.write("f.xml", "<rss><channel><item><title>t</title></item></channel></rss>")
        let item = ItemRecordFields.names
        for option in [["--template", "%(bogus)"], ["--fields", "bogus"]] {
            let items = run(["feed"] + option + [feed], FeedCommand.self)
            #expect(items.status == .usage)
            #expect(listed(items) == item, "\(items.stderr)")
            // --status prints the state of feeds, --events parser events: their own fields only.
            let status = run(["feed", "--status"] + option, FeedCommand.self)
            #expect(listed(status).contains("last_fetch") && !listed(status).contains("title"), "\(status.stderr)")
            let events = run(["feed", "--events"] + option + [feed], FeedCommand.self)
            #expect(listed(events).contains("qname") && !listed(events).contains("enclosures"), "\(events.stderr)")
            // --meta adds the feed records' fields.
            let meta = run(["feed", "--meta"] + option + [feed], FeedCommand.self)
            #expect(listed(meta).contains("description") && !listed(meta).contains("qname"), "\(meta.stderr)")
            // Every field listed is one the run accepts.
            let reach = run(["reach"] + option + ["127.0.0.1"], ReachCommand.self)
            #expect(listed(reach).contains("rtt_avg_ms") && !listed(reach).contains("previous_status"))
            let watch = run(["reach", "--watch"] + option + ["127.0.0.1"], ReachCommand.self)
            #expect(listed(watch).contains("previous_status"), "\(watch.stderr)")
        }
        let text = scratch.write("t.txt", "x\n")
        let matches = run(["regex", "--fields", "bogus", "x", text], RegexCommand.self)
        #expect(listed(matches).contains("match") && !listed(matches).contains("globs"), "\(matches.stderr)")
        let counts = run(["regex", "-c", "--fields", "bogus", "x", text], RegexCommand.self)
        #expect(listed(counts) == ["source", "lines", "matches"], "\(counts.stderr)")
        let types = run(["regex", "--type-list", "--fields", "bogus"], RegexCommand.self)
        #expect(listed(types) == ["name", "globs"], "\(types.stderr)")
        for argv in [
            ["-c", "--fields", "lines", "x"], ["--fields", "match,line", "x"], ["-v", "--fields", "text", "y"],
        ] {
            #expect(run(["regex"] + argv + [text], RegexCommand.self).status == .success, "\(argv)")
        }
        for name in item {
            #expect(run(["feed", "--fields", name, feed], FeedCommand.self).status == .success, "\(name)")
        }
    }
}

/// The fields of an item record, as tb feed's man page lists them.
enum ItemRecordFields {
    static let names = [
        "source", "feed_title", "feed", "id", "title", "link", "published", "updated", "author", "summary", "content",
        "categories", "enclosures",
    ]
}
