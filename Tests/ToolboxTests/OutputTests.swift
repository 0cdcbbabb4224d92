// The writers: NDJSON (direct and with --fields), TSV, the table and templates.
import Testing

@testable import Toolbox

struct OutputTests {
    static let when = Timestamp(seconds: 1_795_970_719)

    static let full = Sample(
        text: "tab\there \"quoted\"", number: 42, flag: true, when: when, tags: ["a", "b"],
        extra: .object([.init("k", .array([.integer(1), .null]))]))
    static let empty = Sample(text: nil, number: nil, flag: nil, when: nil, tags: [], extra: .null)

    func render(_ settings: OutputSettings, _ records: [Sample]) throws -> String {
        let buffer = MemoryBuffer()
        let output = Output(settings: settings, sink: .memory(buffer))
        for record in records { try output.emit(record) }
        try output.finish()
        return buffer.text
    }

    @Test func ndjsonPutsTypeFirstAndEveryFieldInOrder() throws {
        let text = try render(OutputSettings(style: .ndjson), [Self.full, Self.empty])
        #expect(
            text == """
                {"type":"sample","text":"tab\\there \\"quoted\\"","number":42,"flag":true,"when":"2026-11-29T16:45:19Z","tags":["a","b"],"extra":{"k":[1,null]}}
                {"type":"sample","text":null,"number":null,"flag":null,"when":null,"tags":[],"extra":null}

                """)
    }

    /// jq's `fromdate` rejects fractions of a second: every format writes times in whole seconds (truncated, so a
    /// time never moves into the next second), whatever precision the source had.
    @Test func timesAreWholeSecondsInEveryFormat() throws {
        let precise = Sample(
            text: nil, number: nil, flag: nil, when: Timestamp(seconds: 1_795_970_719, nanoseconds: 999_999_999),
            tags: [], extra: .null)
        #expect(try render(OutputSettings(style: .ndjson), [precise]).contains(#""when":"2026-11-29T16:45:19Z""#))
        #expect(
            try render(OutputSettings(style: .ndjson, fields: ["when"]), [precise])
                == #"{"type":"sample","when":"2026-11-29T16:45:19Z"}"# + "\n")
        #expect(try render(OutputSettings(style: .tsv, fields: ["when"]), [precise]) == "2026-11-29T16:45:19Z\n")
        let template = try Template("%(when)", fields: ["when"])
        #expect(try render(OutputSettings(style: .template(template)), [precise]) == "2026-11-29T16:45:19Z\n")
        let table = try render(OutputSettings(style: .table, fields: ["when"], width: 80), [precise])
        #expect(table.contains(Self.when.localDescription) && !table.contains("."))
        let before1970 = Sample(
            text: nil, number: nil, flag: nil, when: Timestamp(seconds: -1, nanoseconds: 500_000_000), tags: [],
            extra: .null)
        #expect(try render(OutputSettings(style: .tsv, fields: ["when"]), [before1970]) == "1969-12-31T23:59:59Z\n")
    }

    @Test func fieldsProjectAndOrder() throws {
        let text = try render(OutputSettings(style: .ndjson, fields: ["tags", "text"]), [Self.full])
        #expect(text == #"{"type":"sample","tags":["a","b"],"text":"tab\there \"quoted\""}"# + "\n")
    }

    @Test func tsvEscapesAndWritesNestedValuesAsJSON() throws {
        let text = try render(OutputSettings(style: .tsv), [Self.full, Self.empty])
        #expect(
            text == "tab\\there \"quoted\"\t42\ttrue\t2026-11-29T16:45:19Z\t[\"a\",\"b\"]\t{\"k\":[1,null]}\n"
                + "\t\t\t\t[]\t\n")
        let slash = Sample(text: "a\\b\nc\rd", number: nil, flag: nil, when: nil, tags: [], extra: .null)
        #expect(try render(OutputSettings(style: .tsv, fields: ["text"]), [slash]) == "a\\\\b\\nc\\rd\n")
    }

    /// Text from a match or a feed must not drive the terminal: ESC, BEL, other C0 controls, DEL and C1 controls
    /// are escaped in TSV and templates (templates keep tabs and newlines, which are layout).
    @Test func controlCharactersAreEscapedInTSVAndTemplates() throws {
        let hostile = Sample(
            text: "a\u{1B}]52;c;aGk=\u{07}b\u{1B}[2J\u{7F}\u{9B}1m\tc\nd\re", number: nil, flag: nil, when: nil,
            tags: ["\u{1B}x"], extra: .null)
        #expect(
            try render(OutputSettings(style: .tsv, fields: ["text", "tags"]), [hostile])
                == "a\\u{001b}]52;c;aGk=\\u{0007}b\\u{001b}[2J\\u{007f}\\u{009b}1m\\tc\\nd\\re\t[\"\\\\u001bx\"]\n")
        let template = try Template("%(text)|%(tags.0)", fields: Sample.schema.fields.map(\.name))
        #expect(
            try render(OutputSettings(style: .template(template)), [hostile])
                == "a\\u{001b}]52;c;aGk=\\u{0007}b\\u{001b}[2J\\u{007f}\\u{009b}1m\tc\nd\\re|\\u{001b}x\n")
    }

    /// The bidirectional embeddings, overrides and isolates are escaped as C1 controls are; the marks stay.
    @Test func bidirectionalControlsAreEscapedInTSVAndTemplates() throws {
        let hostile = Sample(
            text: "a\u{202E}b\u{2066}c\u{200F}d", number: nil, flag: nil, when: nil, tags: [], extra: .null)
        #expect(
            try render(OutputSettings(style: .tsv, fields: ["text"]), [hostile]) == "a\\u{202e}b\\u{2066}c\u{200F}d\n")
        let template = try Template("%(text)", fields: Sample.schema.fields.map(\.name))
        #expect(
            try render(OutputSettings(style: .template(template)), [hostile]) == "a\\u{202e}b\\u{2066}c\u{200F}d\n")
        // NDJSON is for programs, and valid JSON as it is: the text goes through unchanged.
        #expect(try render(OutputSettings(style: .ndjson, fields: ["text"]), [hostile]).contains("a\u{202E}b"))
    }

    @Test func templates() throws {
        let template = try Template(
            "%(text)%x09%(tags.1)|%(extra.k.0)|%(extra.k.1)|%(number)%%%n", fields: Sample.schema.fields.map(\.name))
        let text = try render(OutputSettings(style: .template(template)), [Self.full])
        #expect(text == "tab\there \"quoted\"\tb|1||42%\n")
        let plain = try Template("%(number)", fields: ["number"])
        #expect(try render(OutputSettings(style: .template(plain)), [Self.full, Self.full]) == "42\n42\n")
        // %(type) is the record's type, as NDJSON's first key, whatever the record's fields.
        let typed = try Template("%(type):%(number)", fields: ["number"])
        #expect(try render(OutputSettings(style: .template(typed)), [Self.full]) == "sample:42\n")
    }

    static let badTemplates: [(String, String)] = [
        ("%(nope)", "unknown field 'nope' in template; fields: text, number"),
        ("%(text", "invalid template: unterminated '%(' at character 1"),
        ("50%", "invalid template: lone '%' (write %% for a percent sign) at character 3"),
        ("%q", "invalid template: unknown directive '%q' (write %% for a percent sign) at character 1"),
        ("%xZZ", "invalid template: %x needs two hex digits at character 1"),
        ("%()", "invalid template: empty field name at character 1"),
        ("%x+f", "invalid template: %x needs two hex digits at character 1"),
        ("%é", "invalid template: unknown directive '%é' (write %% for a percent sign) at character 1"),
    ]

    @Test(arguments: badTemplates)
    func badTemplatesAreUsageErrors(_ text: String, _ message: String) {
        #expect(throws: UsageError(message)) { try Template(text, fields: ["text", "number"]) }
    }

    /// A part of a list's element needs the element's index; tb said nothing and printed nothing.
    @Test func aFieldInsideAListNeedsItsIndex() throws {
        #expect(throws: UsageError("tags is a list: %(tags.0.name)")) {
            try Template("%(text) %(tags.name)", records: [Sample.schema])
        }
        // An index, a whole list and an object's members are fine.
        _ = try Template("%(tags.0.name)%(tags)%(extra.k)", records: [Sample.schema])
    }

    @Test func tableAlignsAndHidesFieldsNotMeantForIt() throws {
        let short = Sample(text: "x", number: 7, flag: false, when: nil, tags: [], extra: .null)
        let text = try render(OutputSettings(style: .table, width: 200), [Self.full, short])
        #expect(
            text == """
                TEXT               NUMBER  FLAG  WHEN                 TAGS
                tab here "quoted"      42  yes   \(Self.when.localDescription)  a, b
                x                       7  no

                """)
    }

    @Test func tableTruncatesTheLastColumnToTheWidth() throws {
        let long = Sample(
            text: "short", number: 1, flag: nil, when: nil, tags: [String(repeating: "word ", count: 30)],
            extra: .null)
        let text = try render(OutputSettings(style: .table, fields: ["text", "tags"], width: 40), [long])
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 40 })
        #expect(lines[1].hasSuffix("…"))
    }

    @Test func anUnlimitedTableNeverCutsLaterRows() throws {
        var rows = (0..<TableWriter.sampleSize).map { _ in
            Sample(text: "x", number: 1, flag: nil, when: nil, tags: [], extra: .null)
        }
        rows.append(
            Sample(text: String(repeating: "long ", count: 20), number: 1, flag: nil, when: nil, tags: [], extra: .null)
        )
        let text = try render(OutputSettings(style: .table, fields: ["text", "number"]), rows)
        #expect(text.contains(String(repeating: "long ", count: 19) + "long"))
        #expect(!text.contains("…"))
    }

    /// On a terminal the widths came from the rows held before the first wait, so a later, longer text was
    /// cut to the first rows' width (four characters). Now text shares the room the terminal leaves.
    @Test func aStreamingTableTakesItsWidthsFromTheTerminalNotTheFirstRows() throws {
        let buffer = MemoryBuffer()
        let output = Output(
            settings: OutputSettings(style: .table, fields: ["text", "number"], width: 80, interactive: true),
            sink: .memory(buffer))
        try output.emit(Sample(text: "x", number: 1, flag: nil, when: nil, tags: [], extra: .null))
        try output.willWait()
        let later = "a title much longer than the first one"
        try output.emit(Sample(text: later, number: 2, flag: nil, when: nil, tags: [], extra: .null))
        try output.finish()
        let lines = buffer.text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[2].hasPrefix(later), "\(buffer.text)")
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 80 })
    }

    /// `--format table | cat` printed the rows held before the first wait under their own widths, and
    /// later rows out of line. Into a pipe the table now waits for the end and aligns every row.
    @Test func aPipedTableAlignsEveryRow() throws {
        let buffer = MemoryBuffer()
        let output = Output(settings: OutputSettings(style: .table, fields: ["text", "number"]), sink: .memory(buffer))
        try output.emit(Sample(text: "x", number: 1, flag: nil, when: nil, tags: [], extra: .null))
        try output.willWait()
        #expect(buffer.bytes.isEmpty)
        let later = "a title much longer than the first one"
        try output.emit(Sample(text: later, number: 22, flag: nil, when: nil, tags: [], extra: .null))
        try output.finish()
        let lines = buffer.text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[2].hasPrefix(later))
        let number = lines[0].range(of: "NUMBER").map {
            lines[0].distance(from: lines[0].startIndex, to: $0.upperBound)
        }
        // Numbers are right-aligned under the header's end.
        #expect(lines.dropFirst().map { $0.count } == [number, number], "\(buffer.text)")
    }

    /// A table into a pipe holds its rows until the end, but not for ever: a run that never ends (`--watch`) starts
    /// it at the first wait, and past `holdLimit` rows it starts anyway.
    @Test func aPipedTableIsHeldWithinBounds() throws {
        let sample = Sample(text: "x", number: 1, flag: nil, when: nil, tags: [], extra: .null)
        let buffer = MemoryBuffer()
        let endless = Output(settings: OutputSettings(style: .table, fields: ["text"]), sink: .memory(buffer))
        endless.runsUntilInterrupted()
        try endless.emit(sample)
        try endless.willWait()
        #expect(buffer.text == "TEXT\nx\n")
        let many = MemoryBuffer()
        let long = Output(settings: OutputSettings(style: .table, fields: ["text"]), sink: .memory(many))
        for _ in 0..<TableWriter.holdLimit { try long.emit(sample) }
        try long.willWait()
        #expect(many.text.hasPrefix("TEXT\nx\n"))
    }

    @Test func tableColorsTheHeaderOnlyWhenAsked() throws {
        let colored = try render(OutputSettings(style: .table, fields: ["text"], color: true, width: 80), [Self.full])
        #expect(colored.hasPrefix("\u{1B}[1mTEXT\u{1B}[0m\n"))
        let plain = try render(OutputSettings(style: .table, fields: ["text"], width: 80), [Self.full])
        #expect(!plain.contains("\u{1B}"))
    }

    @Test func wideCharactersCountTwoColumns() {
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.truncate("日本語テキスト", to: 7) == "日本語…")
    }

    @Test func interactiveOutputFlushesEveryRecord() throws {
        let buffer = MemoryBuffer()
        let output = Output(settings: OutputSettings(style: .ndjson, interactive: true), sink: .memory(buffer))
        try output.emit(Self.empty)
        #expect(buffer.bytes.count > 0)
        let piped = MemoryBuffer()
        let quiet = Output(settings: OutputSettings(style: .ndjson), sink: .memory(piped))
        try quiet.emit(Self.empty)
        #expect(piped.bytes.isEmpty)
        try quiet.willWait()
        #expect(piped.bytes.count > 0)
    }
}

struct OutputSettingsTests {
    func settings(_ argv: [String], _ environment: [String: String] = [:], terminal: Int? = nil) throws
        -> OutputSettings
    {
        // The parser checks values and combinations; its failure's usage error is what a user sees.
        let outcome: ParseOutcome
        do {
            outcome = try ArgumentParser(commands: testCommands).parse(["greet"] + argv)
        } catch {
            throw error.error
        }
        guard case .command(_, let arguments) = outcome else { throw UsageError("no command") }
        return try OutputSettings.resolve(
            arguments, records: Greet.spec.records, environment: Environment(environment),
            terminalColumns: terminal)
    }

    func style(_ s: OutputSettings) -> String {
        switch s.style {
        case .ndjson: return "ndjson"
        case .table: return "table"
        case .human: return "human"
        case .tsv: return "tsv"
        case .template: return "template"
        }
    }

    @Test func autoIsHumanOnATerminalAndNDJSONOtherwise() throws {
        #expect(style(try settings([])) == "ndjson")
        #expect(style(try settings([], terminal: 80)) == "human")
        #expect(style(try settings(["--json"], terminal: 80)) == "ndjson")
        #expect(style(try settings([], ["TB_FORMAT": "tsv"], terminal: 80)) == "tsv")
        #expect(style(try settings(["--format", "table"], ["TB_FORMAT": "tsv"])) == "table")
        #expect(style(try settings(["--template", "%(text)"])) == "template")
        // The human format by name and in TB_FORMAT; a view shows no fields, so --fields means the table.
        #expect(style(try settings(["--format", "human"])) == "human")
        #expect(style(try settings([], ["TB_FORMAT": "human"])) == "human")
        #expect(style(try settings(["--fields", "text"], terminal: 80)) == "table")
        #expect(style(try settings(["--format", "human", "--fields", "text"])) == "table")
    }

    /// A command without a view of its own writes its table for human.
    @Test func humanIsTheTableOfACommandWithoutAView() throws {
        let table = MemoryBuffer()
        let human = MemoryBuffer()
        for (style, buffer) in [(OutputSettings.Style.table, table), (.human, human)] {
            let output = Output(settings: OutputSettings(style: style, width: 80), sink: .memory(buffer))
            try output.emit(OutputTests.full)
            try output.finish()
        }
        #expect(!human.bytes.isEmpty)
        #expect(human.bytes == table.bytes)
    }

    @Test func conflictsAndBadEnvironmentAreUsageErrors() {
        #expect(throws: UsageError("--json conflicts with --format table")) {
            try settings(["--json", "--format=table"])
        }
        #expect(throws: UsageError("--json and --template do not go together")) {
            try settings(["--template", "x", "--json"])
        }
        #expect(
            throws: UsageError("invalid value 'xml' for TB_FORMAT: expected one of auto, human, ndjson, table, tsv")
        ) {
            try settings([], ["TB_FORMAT": "xml"])
        }
        #expect(throws: UsageError("invalid value 'xml' for --format: expected one of auto, human, ndjson, table, tsv"))
        {
            try settings(["--format", "xml"])
        }
        #expect(
            throws: UsageError(
                "unknown field 'txt' (did you mean 'text'?); fields: text, number, flag, when, tags, extra")
        ) {
            try settings(["--fields", "txt"])
        }
    }

    /// --fields takes whole fields; a part of a list's element is a template's.
    @Test func fieldsTakeWholeFields() {
        #expect(
            throws: UsageError("tags is a list: %(tags.0.name) in a --template; --fields takes whole fields (tags)")
        ) {
            try settings(["--fields", "text,tags.name"])
        }
        #expect(throws: UsageError("--fields takes whole fields: extra (a --template takes a part: %(extra.k))")) {
            try settings(["--fields", "extra.k"])
        }
    }

    @Test func fieldsAcceptCommasSpacesAndRepeats() throws {
        #expect(try settings(["--fields", "text, number", "--fields=tags,text"]).fields == ["text", "number", "tags"])
        #expect(throws: UsageError("--fields and --template do not go together")) {
            try settings(["--fields", "text", "--template", "%(text)"])
        }
    }

    @Test func colorFollowsTerminalNoColorAndTheOption() throws {
        #expect(try settings([], terminal: 80).color)
        #expect(!(try settings([]).color))
        #expect(!(try settings([], ["NO_COLOR": "1"], terminal: 80).color))
        #expect(try settings(["--color=always"], ["NO_COLOR": "1"]).color)
        #expect(!(try settings(["--color", "never"], terminal: 80).color))
        #expect(!(try settings([], ["TB_COLOR": "never"], terminal: 80).color))
        #expect(!(try settings([], ["TERM": "dumb"], terminal: 80).color))
    }
}
