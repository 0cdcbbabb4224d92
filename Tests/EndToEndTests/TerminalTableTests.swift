// Tables on a real pseudo-terminal (script(1), with `stty cols`), read back through a terminal emulator (pyte):
// widths from the terminal, not the first rows; wide characters and emoji; tables into a pipe aligned.
import Foundation
import TestSupport
import Testing

private let hasTerminalTools =
    hasScript
    && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyte/__init__.py")

@Suite(.enabled(if: hasTerminalTools))
struct TerminalTableTests {
    let scratch = Scratch()

    /// Runs tb under a pseudo-terminal of `columns` columns and returns what it wrote there.
    func onTerminal(_ arguments: [String], columns: Int) throws -> String {
        try TestSupport.onTerminal(
            Package.binary, arguments, columns: columns, environment: scratch.environment, directory: scratch.path
        ).stdout
    }

    /// The screen of a terminal of `columns` columns after `output`: per line, the character in each column ("" for
    /// the right half of a wide character).
    func screen(_ output: String, columns: Int) throws -> [[String]] {
        let file = scratch.write("screen-\(columns).out", output)
        let result = try runProgram(
            "/usr/bin/python3", [Fixtures.folder("terminal/screen.py"), file, String(columns)],
            environment: scratch.environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String]] ?? []
    }

    /// Where the columns of a header line start.
    func columnStarts(_ header: [String]) -> [Int] {
        header.indices.filter {
            $0 == 0 || ($0 >= 2 && header[$0] != " " && header[$0 - 1] == " " && header[$0 - 2] == " ")
        }
    }

    /// The text in columns `range` of a screen line, without the spaces around it.
    func text(_ line: [String], _ range: Range<Int>) -> String {
        line[range.clamped(to: line.indices)].joined().trimmingCharacters(in: .whitespaces)
    }

    /// A feed whose items have the titles and links given.
    func feed(_ name: String, _ items: [(title: String, link: String)]) -> String {
        let entries = items.map {
            "<item><title>\($0.title)</title><link>\($0.link)</link>"
                + "<pubDate>Sun, 29 Nov 2026 06:30:00 GMT</pubDate></item>"
        }
        return scratch.write(
            name,
            "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title>"
                + entries.joined() + "</channel></rss>\n")
    }

    static let here: [(title: String, link: String)] = [
        ("short", "https://a.example/1"),
        ("日本語のタイトルがとても長い場合の表示テストです", "https://news.example.org/2026/11/日本語/記事.html"),
    ]
    static let there: [(title: String, link: String)] = [
        ("Emoji 🦆🎉 party with a long title that goes on 🚀 and on", "https://blog.example.net/2026/11/party"),
        ("한국어 제목이 아주 길어서 잘려야 합니다 — café, e\u{301}cole", "https://例え.example/パス/とても/長い/記事.xml"),
        ("x", "https://x.example/" + String(repeating: "long/", count: 30) + "end.xml"),
    ]

    /// Wide characters and emoji in a streaming table at 60, 80 and 200 columns. The first rows come from
    /// a file, the others from a URL that answers a second later, so the table starts before they are known. On the
    /// terminal's screen nothing wraps, every cell starts under its header, titles are cut at the end and links in
    /// the middle.
    @Test(arguments: [60, 80, 200])
    func wideCharactersAndEmojiFitTheTerminal(columns: Int) throws {
        let server = try TestServer.http(root: scratch.path)
        _ = feed("there.xml", Self.there)
        let output = try onTerminal(
            ["feed", feed("here.xml", Self.here), server.url("/slow/1/there.xml")], columns: columns)
        let lines = try screen(output, columns: columns)
        let items = Self.here + Self.there
        try #require(lines.count == 1 + items.count, "\(output)")
        let header = lines[0]
        let starts = columnStarts(header)
        let names = starts.indices.map { text(header, starts[$0]..<(starts.dropFirst($0 + 1).first ?? columns)) }
        #expect(names.contains("TITLE") && names.contains("LINK") && names.contains("PUBLISHED"), "\(names)")
        #expect(names.contains("FEED") == (columns >= 80), "\(names)")
        for (line, item) in zip(lines.dropFirst(), items) {
            for (position, start) in starts.enumerated() {
                #expect(line[start] != " " && line[start] != "", "column \(start) of \(line.joined())")
                if start > 0 { #expect(line[start - 1] == " ", "column \(start) of \(line.joined())") }
                let cell = text(line, start..<(starts.dropFirst(position + 1).first ?? columns))
                switch names[position] {
                case "TITLE":
                    #expect(
                        cell == item.title || cell.hasSuffix("…") && item.title.hasPrefix(cell.dropLast()), "\(cell)")
                case "LINK":
                    let parts = cell.split(separator: "…", omittingEmptySubsequences: false)
                    #expect(
                        cell == item.link
                            || parts.count == 2 && item.link.hasPrefix(parts[0])
                                && item.link.hasSuffix(parts[1]) && !parts[1].isEmpty,
                        "\(cell)")
                default: break
                }
            }
        }
        // The long link shows its end: it was cut in the middle.
        #expect(lines.last?.joined().contains("end.xml") == true)
    }

    /// A table of several feeds showed their URLs, cut in the middle at 80 columns. Its FEED column shows
    /// each feed's title, or the host it came from when it has none, whole at 80 and 200 columns.
    @Test(arguments: [80, 200])
    func severalFeedsAreNamedByTheirTitles(columns: Int) throws {
        let server = try TestServer.http(root: scratch.path)
        let folder = scratch.file("a/long/path/to/the/feeds")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let item = "<item><title>x</title><link>https://a.example/1</link></item>"
        _ = scratch.write(
            "a/long/path/to/the/feeds/harbour.xml",
            "<rss version='2.0'><channel><title>Harbour news</title>\(item)</channel></rss>")
        _ = scratch.write(
            "a/long/path/to/the/feeds/untitled.xml", "<rss version='2.0'><channel>\(item)</channel></rss>")
        let sources = ["harbour.xml", "untitled.xml"].map { server.url("/file/a/long/path/to/the/feeds/" + $0) }
        let output = try onTerminal(["feed"] + sources, columns: columns)
        let lines = try screen(output, columns: columns)
        try #require(lines.count == 3, "\(output)")
        let starts = columnStarts(lines[0])
        #expect(text(lines[0], 0..<(starts.dropFirst().first ?? columns)) == "FEED", "\(lines[0].joined())")
        let feeds = lines.dropFirst().map { text($0, 0..<(starts.dropFirst().first ?? columns)) }
        // The feeds are read at once: their items come in the order they arrive.
        #expect(feeds.sorted() == ["127.0.0.1", "Harbour news"], "\(output)")
    }

    /// `tb reach` on a 200-column terminal showed `localhos…` and `http_err…`, the widths of the first
    /// row; the HTTP status and the error were not shown at all.
    @Test func reachOnAWideTerminalKeepsItsWordsWhole() throws {
        let server = try TestServer.http(root: scratch.path)
        let closed = try TestServer.freePort()
        let port = server.url("").split(separator: ":").last.map(String.init) ?? ""
        let output = try onTerminal(
            [
                "reach", "--color", "never", "127.0.0.1", "localhost:\(port)", server.url("/nope"),
                "127.0.0.1:\(closed)",
            ], columns: 200)
        let lines = output.split(separator: "\r\n").map(String.init)
        #expect(lines.count == 5, "\(output)")
        #expect(lines.first?.contains("HTTP_STATUS") == true && lines.first?.hasSuffix("ERROR") == true, "\(output)")
        #expect(!output.contains("…"), "\(output)")
        #expect(lines.contains { $0.hasPrefix("localhost:\(port) ") && $0.contains(" reachable ") }, "\(output)")
        #expect(lines.contains { $0.contains(" http_error ") && $0.contains(" 404 ") }, "\(output)")
        #expect(lines.contains { $0.contains(" refused ") && $0.contains("connection refused") }, "\(output)")
    }

    /// At 80 columns the reach table cut every target to 21 columns and gave the error as many; a table
    /// of known rows showed columns no row filled. Every target is whole at 80 and 200 columns, and every column
    /// shown has a value in some row.
    @Test(arguments: [80, 200])
    func reachKeepsEveryTargetWhole(columns: Int) throws {
        let server = try TestServer.http(root: scratch.path)
        let closed = try TestServer.freePort()
        let port = server.url("").split(separator: ":").last.map(String.init) ?? ""
        let targets = ["localhost:\(port)", "http://localhost:\(port)/x", "127.0.0.1:\(closed)"]
        let output = try onTerminal(["reach", "--color", "never"] + targets, columns: columns)
        let lines = try screen(output, columns: columns)
        try #require(lines.count == 4, "\(output)")
        let starts = columnStarts(lines[0])
        for target in targets {
            #expect(lines.contains { text($0, 0..<starts[1]) == target }, "\(target): \(output)")
        }
        for (position, start) in starts.enumerated() {
            let end = starts.dropFirst(position + 1).first ?? columns
            #expect(lines.dropFirst().contains { !text($0, start..<end).isEmpty }, "column \(start): \(output)")
        }
        // Into a pipe every row is known: the interface no refused connect has is left out.
        var environment = scratch.environment
        environment["COLUMNS"] = String(columns)
        let piped = try tb(
            ["reach", "--format", "table", "127.0.0.1:\(closed)", "localhost:\(closed)"], environment: environment)
        let header = piped.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.hasPrefix("TARGET") && !header.contains("INTERFACE"), "\(piped.stdout)")
    }

    /// `tb html -a href -a title` at 80 columns cut the values to share the width with their paths, and
    /// did not say which attribute each was. The values are whole at 80 and 200 columns, under ATTRIBUTE's name.
    @Test(arguments: [80, 200])
    func htmlValuesComeBeforeTheirPaths(columns: Int) throws {
        let links = [
            ("https://docs.example.org/3/library/functions.html", "Built-in functions"),
            ("https://docs.example.org/3/reference/datamodel.html", "The data model"),
        ]
        let page = scratch.write(
            "links.html",
            "<div><div><section><ul>"
                + links.map { "<li><p><a href='\($0.0)' title='\($0.1)'>x</a></p></li>" }.joined()
                + "</ul></section></div></div>")
        let output = try onTerminal(["html", "-a", "href", "-a", "title", "a", page], columns: columns)
        let lines = try screen(output, columns: columns)
        try #require(lines.count == 5, "\(output)")
        let starts = columnStarts(lines[0])
        let names = starts.indices.map { text(lines[0], starts[$0]..<(starts.dropFirst($0 + 1).first ?? columns)) }
        let attribute = try #require(names.firstIndex(of: "ATTRIBUTE"), "\(names)")
        let value = try #require(names.firstIndex(of: "VALUE"), "\(names)")
        let cell = { (line: [String], position: Int) in
            self.text(line, starts[position]..<(starts.dropFirst(position + 1).first ?? columns))
        }
        let expected = links.flatMap { [("href", $0.0), ("title", $0.1)] }
        for (line, (name, content)) in zip(lines.dropFirst(), expected) {
            #expect(cell(line, attribute) == name && cell(line, value) == content, "\(line.joined())")
        }
        #expect(names.contains("PATH") == (columns >= 200), "\(names)")
    }

    /// A table into a pipe waits for the end, but `--watch` never ends: its table starts at the first wait.
    @Test func aWatchTableIntoAPipeStartsAtOnce() throws {
        // Stopped after 10 s at the latest, so that a table that never starts fails the test rather than hangs it.
        let result = try bash(
            "timeout 10 '\(Package.binary)' reach --watch --format table 127.0.0.1 | head -2",
            environment: scratch.environment)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("TARGET ") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("127.0.0.1 ") == true, "\(lines)")
    }

    /// `--format table | cat` printed the rows held before the first wait under their widths, and later
    /// rows out of line. Into a pipe every row is held and aligned, and nothing is cut unless COLUMNS says.
    @Test func aPipedTableIsAlignedAndWhole() throws {
        let server = try TestServer.http(root: scratch.path)
        _ = feed("there.xml", Self.there)
        let arguments = ["feed", "--format", "table", feed("here.xml", Self.here), server.url("/slow/1/there.xml")]
        let result = try tb(arguments, environment: scratch.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("…"))
        // A terminal needs carriage returns too.
        let lines = try screen(result.stdout.replacingOccurrences(of: "\n", with: "\r\n"), columns: 1000)
        #expect(lines.count == 6)
        let starts = columnStarts(lines[0])
        #expect(starts.count == 4)
        for line in lines.dropFirst() {
            for start in starts.dropFirst() {
                #expect(line[start - 1] == " " && line[start] != " " && line[start] != "", "\(line.joined())")
            }
        }
        var environment = scratch.environment
        environment["COLUMNS"] = "70"
        let fitted = try tb(arguments, environment: environment)
        let narrow = try screen(fitted.stdout.replacingOccurrences(of: "\n", with: "\r\n"), columns: 70)
        #expect(narrow.count == 6, "\(fitted.stdout)")
    }

    /// A terminal that reports no size (`stty cols 0`) takes its width from COLUMNS: no line is longer.
    @Test func columnsIsTheWidthOfATerminalWithoutSize() throws {
        let file = feed("wide.xml", Self.there)
        let command = "'\(Package.binary)' feed '\(file)'"
        var environment = scratch.environment
        environment["COLUMNS"] = "50"
        let result = try runProgram(
            "/usr/bin/script", ["-q", "-e", "-c", "stty cols 0 rows 50; exec \(command)", "/dev/null"],
            environment: environment)
        // Without the escape sequences of the bold header.
        let plain = result.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        let lines = plain.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        #expect(lines.count == 4, "\(result.stdout)")
        #expect(lines.first?.hasPrefix("TITLE") == true)
        // Laid out by a terminal emulator twice as wide: where each line's last character ends.
        let widest =
            try screen(result.stdout, columns: 100).map { line in
                (line.lastIndex { $0 != " " && !$0.isEmpty } ?? -1) + 1
            }.max() ?? 0
        #expect(widest <= 50 && widest >= 40, "\(lines)")
    }
}
