// The table for people at a terminal: a header, columns fitted to the terminal width, the last column cut with
// `…`. Rows are held back until the producer would wait for input (or 100 rows came), then the column widths are
// fixed from what was seen and later rows stream out under them.
import Bytes

/// Writes records as an aligned table.
final class TableWriter: RecordWriter {
    private var selection: FieldSelection
    private let color: Bool
    private let width: Int?
    /// Rows waiting for the widths to be fixed, with their record type.
    private var pending: [(schema: RecordSchema, cells: [String])] = []
    /// The record type and widths of the table being printed, once fixed.
    private var current: (type: String, widths: [Int], rightAligned: [Bool])?
    private var tablesPrinted = 0

    /// Rows held back at most before the widths are fixed.
    static let sampleSize = 100
    static let gap = 2

    init(fields: [String]?, color: Bool, width: Int?) {
        selection = FieldSelection(names: fields) { schema in
            let chosen = schema.fields.indices.filter { schema.fields[$0].inTable }
            return chosen.isEmpty ? Array(schema.fields.indices) : chosen
        }
        self.color = color
        self.width = width
    }

    func write(_ schema: RecordSchema, _ values: [Value], to out: inout ByteBuffer) {
        let columns = selection.columns(for: schema)
        let cells = columns.indices.map { index in index.map { Self.cell(values[$0]) } ?? "" }
        if let current, current.type == schema.type, pending.isEmpty {
            appendRow(cells, to: &out)
            return
        }
        if let first = pending.first, first.schema.type != schema.type {
            release(to: &out)
        }
        pending.append((schema, cells))
        if pending.count >= Self.sampleSize { release(to: &out) }
    }

    func release(to out: inout ByteBuffer) {
        guard let schema = pending.first?.schema else { return }
        let columns = selection.columns(for: schema)
        let headers = columns.names.map { $0.uppercased() }
        let natural = headers.indices.map { column in
            pending.reduce(DisplayWidth.of(headers[column])) { max($0, DisplayWidth.of($1.cells[column])) }
        }
        let rightAligned = columns.indices.map { index in
            index.map { schema.fields[$0].kind == .integer || schema.fields[$0].kind == .number } ?? false
        }
        let widths = Self.fit(natural: natural, headers: headers.map(DisplayWidth.of), into: width)
        current = (schema.type, widths, rightAligned)
        if tablesPrinted > 0 { out.append(UInt8(ascii: "\n")) }
        tablesPrinted += 1
        appendRow(headers, to: &out, header: true)
        for row in pending { appendRow(row.cells, to: &out) }
        pending.removeAll()
    }

    private func appendRow(_ cells: [String], to out: inout ByteBuffer, header: Bool = false) {
        guard let current else { return }
        var line = ""
        // Columns that do not fit the terminal at all are left out.
        let shown = cells.prefix(current.widths.count)
        for (column, cell) in shown.enumerated() {
            let isLast = column == shown.count - 1
            let width = current.widths[column]
            // Without a width limit nothing is cut, even a row wider than the first ones.
            let text = self.width == nil ? cell : DisplayWidth.truncate(cell, to: width)
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
            if column > 0 { line += String(repeating: " ", count: Self.gap) }
            if current.rightAligned[column] && !header {
                line += padding + text
            } else {
                line += isLast ? text : text + padding
            }
        }
        while line.hasSuffix(" ") { line.removeLast() }
        if header && color { line = "\u{1B}[1m" + line + "\u{1B}[0m" }
        out.append(line)
        out.append(UInt8(ascii: "\n"))
    }

    /// Column widths: natural widths when they fit. Otherwise the widest columns give way, first not below their
    /// header (nor 8), then down to 3 columns; the last column takes what is left. When even that is too wide,
    /// trailing columns are left out: fewer widths than columns come back.
    static func fit(natural: [Int], headers: [Int], into limit: Int?) -> [Int] {
        guard let limit, !natural.isEmpty else { return natural }
        var widths = natural
        if widths.reduce(0, +) + gap * (widths.count - 1) <= limit { return widths }
        while true {
            let last = widths.count - 1
            let gaps = gap * last
            let lastWanted = min(natural[last], max(headers[last], 20))
            func room() -> Int { limit - gaps - widths[..<last].reduce(0, +) }
            for floor in [{ (column: Int) in max(headers[column], 8) }, { (_: Int) in 3 }] {
                while room() < lastWanted {
                    let candidates = (0..<last).filter { widths[$0] > floor($0) }
                    guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
                    widths[widest] -= 1
                }
            }
            if room() >= min(lastWanted, 3) || widths.count == 1 {
                widths[last] = max(1, min(natural[last], room()))
                return widths
            }
            widths.removeLast()
        }
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

    /// Control characters (newlines, tabs, escapes) become spaces, and runs of spaces one space.
    static func oneLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let isSpace =
                scalar.value < 0x20 || scalar.value == 0x7F || scalar == " "
                || (scalar.value >= 0x80 && scalar.value < 0xA0)
            if isSpace {
                if !lastWasSpace { result.append(" ") }
            } else {
                result.append(scalar)
            }
            lastWasSpace = isSpace
        }
        while result.last == " " { result.removeLast() }
        return String(result)
    }
}
