// The table for people: a header, then rows fitted to the width. On a terminal rows are held back until the producer
// would wait for input (or 100 rows came): a table that ends by then is laid out from its rows; one that goes on is
// laid out from the terminal's width and its fields' natures, so that later rows fit under it. Into a pipe every row
// is held (up to 10,000) and the table aligned at the end. A table laid out from all its rows leaves out the columns
// none of them fills.
import Bytes

/// Writes records as aligned tables, a new one (with its header) whenever the record type changes.
final class TableWriter: RecordWriter {
    /// One column a record type's table may show.
    struct Column {
        let header: String
        /// The field (or member) it shows; its index is nil when the record type lacks a field --fields named.
        let field: FieldSelection.Column
        let nature: Field.Nature
        let rightAligned: Bool
        /// Shown only when a row has a value.
        let whenSet: Bool
        /// The command said its records may fill it: a streaming table keeps room for it from the start.
        let reserved: Bool
        /// The command named it to get its width first, up to this (or its widest value so far).
        let claim: Int?
    }

    private let fields: [String]?
    private var selection: FieldSelection
    private let color: Bool
    private let width: Int?
    /// Whether rows go out as they come once a table has started (a terminal, or a run that never ends), rather
    /// than all at the end.
    private var streaming: Bool
    /// Fields a command asked the table to show, by record type.
    private var requested: [String: Set<String>] = [:]
    /// Fields a command chose as the only ones its table shows, by record type.
    private var only: [String: Set<String>] = [:]
    /// Fields a command named to get their width first, with the width of the values it expects, by record type.
    private var claims: [String: [String: Int]] = [:]
    private var columnsByType: [String: [Column]] = [:]
    /// The record type of the rows held back before their table starts, its columns and the rows' cells.
    private var pendingType: String?
    private var pendingColumns: [Column] = []
    private var pendingRows: [[String]] = []
    /// The table being printed: its record type, and the columns shown with the position of their cell and width.
    private var current: (type: String, shown: [(column: Column, cell: Int, width: Int)])?
    private var tablesPrinted = 0

    /// Rows held back at most on a terminal before a table starts.
    static let sampleSize = 100
    /// Rows held back at most into a pipe: memory stays bounded, and a long run's output comes out in the end.
    static let holdLimit = 10_000

    init(fields: [String]?, color: Bool, width: Int?, streaming: Bool) {
        self.fields = fields
        selection = FieldSelection(names: fields)
        self.color = color
        self.width = width
        self.streaming = streaming
    }

    /// The run goes on until it is interrupted: tables start at the producer's first wait, as on a terminal.
    func streamFromNow() {
        streaming = true
    }

    /// Shows `names` in tables of `schema`'s records too (or keeps room for them, when they are shown only when set).
    func show(_ names: [String], of schema: RecordSchema) {
        // A name the record does not declare is a programming error: it would be ignored without a word.
        assert(names.allSatisfy { schema.index(of: $0) != nil }, "\(schema.type) has no field among \(names)")
        requested[schema.type, default: []].formUnion(names)
        columnsByType[schema.type] = nil
    }

    /// Shows only `names` in tables of `schema`'s records (an object with members: each of them).
    func showOnly(_ names: [String], of schema: RecordSchema) {
        assert(names.allSatisfy { schema.index(of: $0) != nil }, "\(schema.type) has no field among \(names)")
        only[schema.type] = Set(names)
        columnsByType[schema.type] = nil
    }

    /// Whether tables of `schema`'s records show the field `name`: not when the command chose others alone
    /// (`showOnly`) and --fields chose nothing.
    func shows(_ name: String, of schema: RecordSchema) -> Bool {
        guard fields == nil, let only = only[schema.type] else { return true }
        return only.contains(name)
    }

    /// Gives the columns of `names` in tables of `schema`'s records their width before other text and URLs share
    /// the rest: as wide as their widest value, or of `values` when the command knows them before the rows come.
    func widenFirst(_ names: [String], of schema: RecordSchema, toFit values: [String]) {
        assert(names.allSatisfy { schema.index(of: $0) != nil }, "\(schema.type) has no field among \(names)")
        let widest = values.map { DisplayWidth.of(Self.oneLine($0)) }.max() ?? 0
        for name in names { claims[schema.type, default: [:]][name] = widest }
        columnsByType[schema.type] = nil
    }

    func write(_ schema: RecordSchema, _ values: [Value], to out: inout ByteBuffer) {
        let columns = columns(for: schema)
        let cells = columns.map { column in Self.cell(column.field.value(in: values)) }
        if let current, current.type == schema.type, pendingType == nil {
            appendRow(cells, to: &out)
            return
        }
        if let pendingType, pendingType != schema.type { start(complete: true, to: &out) }
        if pendingType == nil {
            pendingType = schema.type
            pendingColumns = columns
        }
        pendingRows.append(cells)
        if pendingRows.count >= (streaming ? Self.sampleSize : Self.holdLimit) { start(complete: false, to: &out) }
    }

    func release(to out: inout ByteBuffer) {
        if streaming { start(complete: false, to: &out) }
    }

    func finish(to out: inout ByteBuffer) {
        start(complete: true, to: &out)
    }

    /// The columns of `schema`'s table: --fields, or the fields it shows, shows when set or was asked for.
    private func columns(for schema: RecordSchema) -> [Column] {
        if let known = columnsByType[schema.type] { return known }
        let asked = requested[schema.type] ?? []
        var chosen = selection.columns(for: schema)
        if fields == nil {
            // Members are columns the run asked for (tb html's --extract), whatever their object's own.
            chosen = chosen.filter { column in
                guard let index = column.index else { return false }
                if let only = only[schema.type] { return only.contains(schema.fields[index].name) }
                return column.member != nil || schema.fields[index].table != .hidden
                    || asked.contains(schema.fields[index].name)
            }
            if chosen.isEmpty { chosen = selection.columns(for: schema) }
        }
        let columns = chosen.map { column in
            let field = column.index.map { schema.fields[$0] }
            // A member's column is headed by the member's name (PRICE), its values whatever the page held.
            let member = column.member != nil
            return Column(
                header: column.member?.uppercased() ?? field?.header ?? column.name.uppercased(), field: column,
                nature: member ? .text : field?.nature ?? .text,
                rightAligned: !member && (field?.kind == .integer || field?.kind == .number),
                whenSet: fields == nil && !member && field?.table == .whenSet, reserved: asked.contains(column.name),
                claim: claims[schema.type]?[column.name])
        }
        columnsByType[schema.type] = columns
        return columns
    }

    /// Lays out the held rows' table and prints its header and rows. `complete`: no more rows will come.
    private func start(complete: Bool, to out: inout ByteBuffer) {
        guard let type = pendingType else { return }
        let columns = pendingColumns
        let rows = pendingRows
        pendingType = nil
        pendingRows = []
        // A table whose rows are all known leaves out what none of them fills (unless --fields named it); a streaming
        // one keeps what the fields declare, for the rows to come.
        let filled = columns.indices.filter { column in rows.contains { !$0[column].isEmpty } }
        var visible = columns.indices.filter { column in
            !columns[column].whenSet || (columns[column].reserved && !complete) || filled.contains(column)
        }
        if complete && fields == nil && !filled.isEmpty { visible = filled }
        if visible.isEmpty { visible = Array(columns.indices) }
        let needs = visible.map { column in
            let header = DisplayWidth.of(columns[column].header)
            let widest = rows.reduce(header) { max($0, DisplayWidth.of($1[column])) }
            return TableLayout.need(
                header: header, nature: columns[column].nature, widest: widest, complete: complete,
                claim: columns[column].claim)
        }
        let widths = TableLayout.fit(needs, into: width)
        current = (
            type, zip(visible, widths).compactMap { column, width in width.map { (columns[column], column, $0) } }
        )
        if tablesPrinted > 0 { out.append(UInt8(ascii: "\n")) }
        tablesPrinted += 1
        appendRow(columns.map(\.header), to: &out, header: true)
        for row in rows { appendRow(row, to: &out) }
    }

    /// One row under the current table's columns. A number wider than its column is shown whole, and the text
    /// after it gives way, so that later columns stay in place when they can.
    private func appendRow(_ cells: [String], to out: inout ByteBuffer, header: Bool = false) {
        guard let current else { return }
        var line = ""
        var used = 0
        var start = 0
        for (position, shown) in current.shown.enumerated() {
            if position > 0 { start += TableLayout.gap }
            defer { start += shown.width }
            let cell = cells[shown.cell]
            let least = position > 0 ? 1 : 0
            var text = cell
            let leading: Int
            if shown.column.rightAligned {
                leading = max(least, start + shown.width - used - DisplayWidth.of(text))
            } else {
                leading = max(least, start - used)
                // Without a width to fit nothing is cut, even a row wider than the held ones.
                if width != nil {
                    text = TableLayout.cut(
                        text, to: max(1, start + shown.width - used - leading), shown.column.nature.cut)
                }
            }
            if text.isEmpty { continue }
            line += String(repeating: " ", count: leading)
            used += leading + DisplayWidth.of(text)
            if color && !header, let tone = shown.column.nature.tones[cell] {
                line += (tone == .good ? "\u{1B}[32m" : "\u{1B}[31m") + text + "\u{1B}[0m"
            } else {
                line += text
            }
        }
        if header && color { line = "\u{1B}[1m" + line + "\u{1B}[0m" }
        out.append(line)
        out.append(UInt8(ascii: "\n"))
    }

    /// The text of a value in a cell: one line, times in local time, lists joined with commas.
    static func cell(_ value: Value) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "yes" : "no"
        case .time(let time): return time.localDescription
        case .string(let text): return oneLine(text)
        case .array(let elements): return elements.map(cell).filter { !$0.isEmpty }.joined(separator: ", ")
        case .object(let members): return members.map { "\($0.key)=\(cell($0.value))" }.joined(separator: ", ")
        case .integer, .number: return value.plainText
        }
    }

    /// Control characters (newlines, tabs, escapes) become spaces, and runs of spaces one space. Bidirectional
    /// controls are escaped (`\u{202e}`), as in messages: invisible, they are no layout to keep, and as a space the
    /// text would look like another.
    static func oneLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let isSpace = scalar == " " || ControlCharacters.isControl(scalar)
            if isSpace {
                if !lastWasSpace { result.append(" ") }
            } else if ControlCharacters.isBidirectionalControl(scalar) {
                result += ControlCharacters.escape(scalar).unicodeScalars
            } else {
                result.append(scalar)
            }
            lastWasSpace = isSpace
        }
        while result.last == " " { result.removeLast() }
        return String(result)
    }
}
