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

/// NDJSON limited to the --fields, in their order, `type` still first.
final class ProjectedNDJSONWriter: RecordWriter {
    private var selection: FieldSelection

    init(fields: [String]) {
        selection = FieldSelection(names: fields)
    }

    func write(_ schema: RecordSchema, _ values: [Value], to out: inout ByteBuffer) {
        let columns = selection.columns(for: schema)
        out.append("{\"type\":")
        JSONBytes.appendString(schema.type, to: &out)
        for (name, index) in zip(columns.names, columns.indices) {
            out.append(UInt8(ascii: ","))
            JSONBytes.appendString(name, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONBytes.appendValue(index.map { values[$0] } ?? .null, to: &out)
        }
        out.append("}\n")
    }
}

/// Tab-separated values: no header, every field (or the --fields) in order, tabs, newlines, carriage returns and
/// backslashes escaped as \t \n \r \\, other control characters as \u{HHHH} (`ControlCharacters`), arrays and
/// objects as compact JSON, null as an empty value.
final class TSVWriter: RecordWriter {
    private var selection: FieldSelection

    init(fields: [String]?) {
        selection = FieldSelection(names: fields)
    }

    func write(_ schema: RecordSchema, _ values: [Value], to out: inout ByteBuffer) {
        let columns = selection.columns(for: schema)
        for (position, index) in columns.indices.enumerated() {
            if position > 0 { out.append(UInt8(ascii: "\t")) }
            ControlCharacters.append(
                (index.map { values[$0] } ?? .null).plainText, to: &out, escapingBackslash: true)
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
