// The writers that work from captured values: NDJSON with --fields, TSV and templates. (Plain NDJSON needs no
// writer: the encoder writes it directly. The table has a file of its own.)
import Bytes

/// Writes captured records into the output buffer.
@usableFromInline
protocol RecordWriter: AnyObject {
    /// Writes (or holds back) one record.
    func write(_ schema: RecordSchema, _ values: [Value], to out: inout ByteBuffer)
    /// The producer is about to wait for input, or is done: write anything held back.
    func release(to out: inout ByteBuffer)
    /// The run is done: write everything held back.
    func finish(to out: inout ByteBuffer)
}

extension RecordWriter {
    /// Writers that hold nothing back release nothing.
    func release(to out: inout ByteBuffer) {}
    func finish(to out: inout ByteBuffer) { release(to: &out) }
}

/// NDJSON limited to the --fields, in their order, `type` still first. Members of an object field (`fields.price`)
/// stay in their object, at the place of the first one chosen: `.fields.price` is the same path in jq either way.
final class ProjectedNDJSONWriter: RecordWriter {
    private var selection: FieldSelection

    init(fields: [String]) {
        selection = FieldSelection(names: fields)
    }

    func write(_ schema: RecordSchema, _ values: [Value], to out: inout ByteBuffer) {
        let columns = selection.columns(for: schema)
        out.append("{\"type\":")
        JSONBytes.appendString(schema.type, to: &out)
        for (position, column) in columns.enumerated() {
            // A member whose object is written already (whole, or with the first member chosen) is in it.
            if column.member != nil,
                columns.contains(where: { $0.member == nil && $0.index == column.index })
                    || columns[..<position].contains(where: { $0.member != nil && $0.index == column.index })
            {
                continue
            }
            out.append(UInt8(ascii: ","))
            guard column.member != nil, let index = column.index else {
                JSONBytes.appendString(column.name, to: &out)
                out.append(UInt8(ascii: ":"))
                JSONBytes.appendValue(column.value(in: values), to: &out)
                continue
            }
            JSONBytes.appendString(schema.fields[index].name, to: &out)
            out.append(UInt8(ascii: ":"))
            let members = columns[position...].filter { $0.index == index }.compactMap(\.member)
            JSONBytes.appendValue(.object(members.map { .init($0, values[index].lookup([$0])) }), to: &out)
        }
        out.append("}\n")
    }
}

/// Tab-separated values: no header, every field (or the --fields) in order, an object's known members each a column, tabs, newlines, carriage returns and
/// backslashes escaped as \t \n \r \\, other control characters as \u{HHHH} (`ControlCharacters`), arrays and
/// objects as compact JSON, null as an empty value.
final class TSVWriter: RecordWriter {
    private var selection: FieldSelection

    init(fields: [String]?) {
        selection = FieldSelection(names: fields)
    }

    func write(_ schema: RecordSchema, _ values: [Value], to out: inout ByteBuffer) {
        let columns = selection.columns(for: schema)
        for (position, column) in columns.enumerated() {
            if position > 0 { out.append(UInt8(ascii: "\t")) }
            ControlCharacters.append(column.value(in: values).plainText, to: &out, escapingBackslash: true)
        }
        out.append(UInt8(ascii: "\n"))
    }
}

/// One rendering of the --template per record.
final class TemplateWriter: RecordWriter {
    private let template: Template

    init(template: Template) {
        self.template = template
    }

    func write(_ schema: RecordSchema, _ values: [Value], to out: inout ByteBuffer) {
        template.render(to: &out, type: schema.type) { name in schema.index(of: name).map { values[$0] } ?? .null }
    }
}
