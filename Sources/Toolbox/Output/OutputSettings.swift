// Decides once, before a command runs, how its records will be written: from --format, --json, --fields,
// --template, --color, TB_FORMAT, TB_COLOR, NO_COLOR and whether stdout is a terminal.

/// The resolved output options.
public struct OutputSettings: Sendable {
    /// The writer to use.
    public enum Style: Sendable {
        case ndjson, table, tsv
        /// The command's own view (one that has none writes `table`'s table).
        case human
        case template(Template)
    }

    public var style: Style
    /// The fields chosen with --fields, in order; nil when not given.
    public var fields: [String]?
    /// Whether the table uses ANSI colors.
    public var color: Bool
    /// The width the table must fit, or nil for no limit.
    public var width: Int?
    /// Whether stdout is a terminal: then every record is flushed as soon as it is written.
    public var interactive: Bool
    /// The run's own schemas of the record types whose object fields have members known for this run
    /// (Field.members), by type: the writers use them in place of the declared ones.
    public var schemas: [String: RecordSchema] = [:]

    public init(
        style: Style, fields: [String]? = nil, color: Bool = false, width: Int? = nil, interactive: Bool = false
    ) {
        self.style = style
        self.fields = fields
        self.color = color
        self.width = width
        self.interactive = interactive
    }

    /// The settings for a run that prints `records`: --fields and --template may name their fields only.
    public static func resolve(
        _ arguments: ParsedArguments, records: [RecordSchema], environment: Environment, terminalColumns: Int?
    ) throws(UsageError) -> OutputSettings {
        let names = FieldNames(records)
        let fieldNames = names.all
        let interactive = terminalColumns != nil
        var style: Style
        switch try effectiveFormat(arguments, environment: environment, interactive: interactive) {
        case .ndjson: style = .ndjson
        case .table: style = .table
        case .human: style = .human
        case .tsv, .auto: style = .tsv
        }
        if let text = try arguments.value(GlobalOptions.template) {
            style = .template(try Template(text, fields: names))
        }
        var fields: [String]?
        let lists = try arguments.values(GlobalOptions.fields)
        if !lists.isEmpty {
            let chosen = lists.flatMap { $0.split(separator: ",") }.map { String($0.filter { $0 != " " }) }
                .filter { !$0.isEmpty }
            for name in chosen where !fieldNames.contains(name) {
                try names.checkWhole(name)
                throw names.unknown(name)
            }
            guard !chosen.isEmpty else { throw UsageError("--fields needs at least one field name") }
            var seen = Set<String>()
            fields = chosen.filter { seen.insert($0).inserted }
            // A view shows no fields: --fields asks for the table.
            if case .human = style { style = .table }
        }
        let color = try usesColor(arguments, environment: environment, interactive: interactive)
        // Into a pipe the table fits COLUMNS when it is set, and is not cut otherwise.
        let width = terminalColumns ?? columns(environment)
        var settings = OutputSettings(
            style: style, fields: fields, color: color, width: width, interactive: interactive)
        for schema in records where schema.hasMembers { settings.schemas[schema.type] = schema }
        return settings
    }

    /// The width of a terminal: the one it reports, else COLUMNS, else 80.
    public static func terminalWidth(reported: Int?, environment: Environment) -> Int {
        reported ?? columns(environment) ?? 80
    }

    /// COLUMNS, when it is a positive number.
    static func columns(_ environment: Environment) -> Int? {
        environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The format records are written in: the chosen one, with `auto` settled by whether stdout is a terminal
    /// (`human` there). Never `auto`.
    static func effectiveFormat(_ arguments: ParsedArguments, environment: Environment, interactive: Bool)
        throws(UsageError) -> OutputFormat
    {
        let format = try chosenFormat(arguments, environment: environment)
        return format == .auto ? (interactive ? .human : .ndjson) : format
    }

    /// Whether output is colored: the chosen --color, with `auto` meaning a terminal that is not `dumb` and no
    /// NO_COLOR.
    static func usesColor(_ arguments: ParsedArguments, environment: Environment, interactive: Bool)
        throws(UsageError) -> Bool
    {
        switch try chosenColor(arguments, environment: environment) {
        case .always: return true
        case .never: return false
        case .auto: return interactive && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }

    /// --format, --json or TB_FORMAT, in that order of precedence.
    static func chosenFormat(_ arguments: ParsedArguments, environment: Environment) throws(UsageError)
        -> OutputFormat
    {
        let json = arguments.flag(GlobalOptions.json)
        if arguments.isPresent(GlobalOptions.format), let format = try arguments.value(GlobalOptions.format) {
            if json && format != .ndjson { throw UsageError("--json conflicts with --format \(format.rawValue)") }
            return format
        }
        if json { return .ndjson }
        if let text = environment["TB_FORMAT"], !text.isEmpty {
            guard let format = OutputFormat(argument: text) else {
                throw UsageError("invalid value '\(text)' for TB_FORMAT: expected \(OutputFormat.expectation)")
            }
            return format
        }
        return .auto
    }

    /// --color or TB_COLOR.
    static func chosenColor(_ arguments: ParsedArguments, environment: Environment) throws(UsageError)
        -> ColorMode
    {
        if arguments.isPresent(GlobalOptions.color), let mode = try arguments.value(GlobalOptions.color) { return mode }
        if let text = environment["TB_COLOR"], !text.isEmpty {
            guard let mode = ColorMode(argument: text) else {
                throw UsageError("invalid value '\(text)' for TB_COLOR: expected \(ColorMode.expectation)")
            }
            return mode
        }
        return .auto
    }
}
