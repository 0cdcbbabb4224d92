// The table: widths from the terminal and the fields' natures, cuts in the middle of URLs, columns shown only when
// set or when the command asks, colours for status words.
import Testing

@testable import Toolbox

/// A record with a field of every nature.
struct Check: Record {
    var target: String
    var status: String
    var code: Int? = nil
    var error: String? = nil
    var note: String? = nil

    static let schema = RecordSchema(
        type: "check", summary: "one per check",
        fields: [
            Field("target", .string, "what was checked", nature: .url),
            Field("status", .string, "ok or failed", nature: .words(good: ["ok"], bad: ["failed", "refused"])),
            Field("code", .integer, "a code", table: .whenSet, nature: .number(3)),
            Field("error", .string, "what went wrong", table: .whenSet),
            Field("note", .string, "a note", inTable: false, nature: .short(8).expendable()),
        ])

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(target)
        encoder.string(status)
        encoder.integer(code)
        encoder.string(error)
        encoder.string(note)
    }
}

struct TableTests {
    /// Prints `records` as a table; `waitAfter` records come before a wait (which starts a streaming table).
    func table(
        _ records: [Check], width: Int? = 80, terminal: Bool = true, color: Bool = false, waitAfter: Int? = nil,
        show: [String] = [], widenFirst: [String] = [], expecting values: [String] = []
    ) throws -> [String] {
        let buffer = MemoryBuffer()
        let output = Output(
            settings: OutputSettings(style: .table, color: color, width: width, interactive: terminal),
            sink: .memory(buffer))
        output.showInTable(show, of: Check.self)
        if !widenFirst.isEmpty { output.widenFirst(widenFirst, of: Check.self, toFit: values) }
        for (index, record) in records.enumerated() {
            if index == waitAfter { try output.willWait() }
            try output.emit(record)
        }
        try output.finish()
        return buffer.text.split(separator: "\n").map(String.init)
    }

    @Test func urlsAreCutInTheMiddleAndTextAtTheEnd() {
        #expect(TableLayout.cut("https://example.org/feed.xml", to: 21, .middle) == "https://exa…/feed.xml")
        #expect(TableLayout.cut("https://example.org/feed.xml", to: 40, .middle) == "https://example.org/feed.xml")
        #expect(TableLayout.cut("examples/news.xml", to: 16, .middle) == "exampl…/news.xml")
        // Not at the cost of the host.
        #expect(
            TableLayout.cut("https://news.example.org/podcast-lighthouse", to: 28, .middle)
                == "https://news.e…st-lighthouse")
        // A last part that would leave less than 6 columns for the start: half of each end.
        #expect(TableLayout.cut("https://example.org/a-very-long-last-part", to: 15, .middle) == "https:/…st-part")
        #expect(TableLayout.cut("a title that goes on", to: 10, .end) == "a title t…")
        #expect(TableLayout.cut("changes for winter", to: 13, .end) == "changes for…")
        // Wide characters count two columns, and are never split.
        #expect(TableLayout.cut("https://例え.jp/日本語.xml", to: 15, .middle) == "https://…語.xml")
        #expect(DisplayWidth.of(TableLayout.cut("🦆🦆🦆🦆🦆🦆", to: 6, .middle)) <= 6)
    }

    /// Streaming: fixed columns keep their declared width, text and URLs share the rest, narrowest first.
    @Test func streamingWidthsComeFromTheNatures() {
        let needs = [
            TableLayout.need(header: 6, nature: .url, widest: 9, complete: false),
            TableLayout.need(header: 6, nature: .words(bad: ["http_error"]), widest: 9, complete: false),
            TableLayout.need(header: 9, nature: .time, widest: 9, complete: false),
            TableLayout.need(header: 5, nature: .text, widest: 5, complete: false),
        ]
        #expect(TableLayout.fit(needs, into: 80) == [23, 10, 19, 22])
        #expect(TableLayout.fit(needs, into: 200) == [83, 10, 19, 82])
        // A value seen wider than declared widens its column, never the other way round.
        let wider = TableLayout.need(header: 7, nature: .short(15), widest: 39, complete: false)
        #expect(wider == ColumnNeed(minimum: 15, desired: 39, widest: 39, flexible: false, expendability: 0))
    }

    /// Too narrow for every column: the most expendable go first, then the rightmost.
    @Test func narrowTerminalsLeaveOutTheMostExpendableColumnsFirst() {
        func need(_ width: Int?, _ rank: Int = 0) -> ColumnNeed {
            TableLayout.need(
                header: 4, nature: (width.map { Field.Nature.short($0) } ?? .text).expendable(rank), widest: 4,
                complete: false)
        }
        let needs = [need(nil), need(6, 3), need(10), need(15, 1), need(9, 2), need(nil)]
        #expect(TableLayout.fit(needs, into: 200) == [75, 6, 10, 15, 9, 75])
        #expect(TableLayout.fit(needs, into: 80) == [19, nil, 10, 15, 9, 19])
        #expect(TableLayout.fit(needs, into: 60) == [23, nil, 10, nil, nil, 23])
        #expect(TableLayout.fit(needs, into: 40) == [28, nil, 10, nil, nil, nil])
        #expect(TableLayout.fit(needs, into: 10) == [10, nil, nil, nil, nil, nil])
        // Expendable text keeps to its least while other text can grow.
        let source = TableLayout.need(header: 6, nature: Field.Nature.url.expendable(), widest: 6, complete: false)
        let title = TableLayout.need(header: 5, nature: .text, widest: 5, complete: false)
        #expect(TableLayout.fit([source, title], into: 60) == [16, 42])
    }

    /// When every row is known, columns are as wide as their widest value, and text gives way when they do not fit.
    @Test func aCompleteTableFitsItsRows() {
        let needs = [
            TableLayout.need(header: 5, nature: .text, widest: 60, complete: true),
            TableLayout.need(header: 4, nature: .url, widest: 10, complete: true),
            TableLayout.need(header: 4, nature: .number(7), widest: 4, complete: true),
        ]
        #expect(TableLayout.fit(needs, into: nil) == [60, 10, 4])
        #expect(TableLayout.fit(needs, into: 200) == [60, 10, 4])
        #expect(TableLayout.fit(needs, into: 40) == [22, 10, 4])
    }

    /// `tb reach` on a wide terminal showed `localhos…` and `http_err…`: the first row set the widths.
    @Test func laterRowsKeepTheirWordsWhole() throws {
        let lines = try table(
            [
                Check(target: "127.0.0.1", status: "ok"),
                Check(target: "localhost:8080", status: "refused", error: "connection refused"),
                Check(target: "http://127.0.0.1:8765/nope", status: "failed", code: 404, error: "HTTP 404"),
            ], width: 200, waitAfter: 1, show: ["code", "error"])
        #expect(lines[0] == "TARGET" + String(repeating: " ", count: 88) + "STATUS   CODE  ERROR")
        #expect(lines[2].hasPrefix("localhost:8080  "))
        #expect(lines[3].contains("http://127.0.0.1:8765/nope  "))
        #expect(lines[3].contains("  failed    404  HTTP 404"))
        #expect(!lines.joined().contains("…"))
    }

    /// Columns shown only when set: a complete table drops them when no row has a value; a streaming one keeps
    /// room for them when the command said, or when a held row has one.
    @Test func columnsShownOnlyWhenSet() throws {
        let quiet = [Check(target: "a", status: "ok"), Check(target: "b", status: "ok")]
        #expect(try table(quiet, show: ["code", "error"]).first == "TARGET  STATUS")
        #expect(try table(quiet, terminal: false, show: ["error"]).first == "TARGET  STATUS")
        let streaming = try table(quiet, waitAfter: 1, show: ["error"])
        #expect(streaming.first?.hasSuffix("STATUS   ERROR") == true)
        let failing = [Check(target: "a", status: "failed", code: 500), Check(target: "b", status: "ok")]
        #expect(try table(failing, waitAfter: 1).first?.hasSuffix("STATUS   CODE") == true)
        // A hidden field the command asks for.
        #expect(
            try table([Check(target: "a", status: "ok", note: "n")], show: ["note"]).first == "TARGET  STATUS  NOTE")
    }

    /// A table whose rows are all known leaves out every column empty in all of them, not only those
    /// shown when set; a streaming table cannot know, and keeps the columns its fields declare.
    @Test func aCompleteTableLeavesOutColumnsEmptyInEveryRow() throws {
        let silent = [Check(target: "a", status: ""), Check(target: "b", status: "")]
        #expect(try table(silent).first == "TARGET")
        #expect(try table(silent, width: nil, terminal: false).first == "TARGET")
        #expect(try table(silent, waitAfter: 1).first?.hasSuffix(" STATUS") == true)
        // A table with no value at all still has its columns.
        #expect(try table([Check(target: "", status: "")]).first == "TARGET  STATUS")
    }

    /// The columns a command names get their width before other text shares the rest: the reach table
    /// kept 21 columns of each target and gave the error as many.
    @Test func columnsNamedFirstGetTheirWidthFirst() throws {
        let target = "http://localhost:48123/a/longer/path"
        let error = "'http://localhost:48123/a/longer/path': HTTP 404, and more words that say why"
        let rows = [Check(target: target, status: "failed", code: 404, error: error), Check(target: "x", status: "ok")]
        let shared = try table(rows, width: 80)
        #expect(!shared[1].contains(target + " "), "\(shared)")
        let first = try table(rows, width: 80, widenFirst: ["target"])
        #expect(first[1].hasPrefix(target + "  failed"), "\(first)")
        #expect(first[1].hasSuffix("…") && first[1].count == 80, "\(first)")
        // A streaming table makes room for the values the command says will come, not only those it holds.
        let streaming = try table(
            [Check(target: "x", status: "ok"), Check(target: target, status: "failed", code: 404, error: error)],
            width: 80, waitAfter: 1, show: ["code", "error"], widenFirst: ["target"], expecting: ["x", target])
        #expect(streaming[2].hasPrefix(target + "  failed"), "\(streaming)")
        // Without a width to fit, nothing changes.
        #expect(try table(rows, width: nil, widenFirst: ["target"]) == table(rows, width: nil))
    }

    @Test func statusWordsAreColouredWhenColourIsOn() throws {
        let records = [Check(target: "a", status: "ok"), Check(target: "b", status: "refused")]
        let colored = try table(records, color: true)
        #expect(colored[1].contains("\u{1B}[32mok\u{1B}[0m"))
        #expect(colored[2].contains("\u{1B}[31mrefused\u{1B}[0m"))
        let plain = try table(records)
        #expect(!plain.joined().contains("\u{1B}"))
        #expect(plain[1] == "a       ok")
    }

    /// A cell holding a bidirectional override or isolate shows it escaped, as messages and TSV do: raw, it would
    /// reverse the rest of the row on the terminal; as a space, the name would look like another one.
    @Test func bidirectionalControlsInCellsAreEscaped() throws {
        let lines = try table([
            Check(target: "report\u{202E}fdp.exe", status: "ok"), Check(target: "a\u{2067}b\u{2069}c", status: "ok"),
        ])
        #expect(lines[1] == "report\\u{202e}fdp.exe  ok")
        #expect(lines[2] == "a\\u{2067}b\\u{2069}c    ok")
        #expect(!lines.joined().unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
    }

    /// A number wider than its column is shown whole; the text after it gives way so later columns stay in place.
    @Test func numbersAreNeverCut() throws {
        let lines = try table(
            [
                Check(target: "a", status: "failed", code: 5, error: "e"),
                Check(target: "b", status: "failed", code: 123_456, error: "overflowing"),
            ], width: 50, waitAfter: 1)
        #expect(lines[2].contains("123456"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 50 }, "\(lines)")
    }

    /// COLUMNS is the width when the terminal reports none (and of a table into a pipe).
    @Test func columnsIsTheWidthWhenTheTerminalReportsNone() {
        #expect(OutputSettings.terminalWidth(reported: 120, environment: Environment(["COLUMNS": "60"])) == 120)
        #expect(OutputSettings.terminalWidth(reported: nil, environment: Environment(["COLUMNS": "60"])) == 60)
        #expect(OutputSettings.terminalWidth(reported: nil, environment: Environment(["COLUMNS": "x"])) == 80)
        #expect(OutputSettings.terminalWidth(reported: nil, environment: Environment([:])) == 80)
    }
}
