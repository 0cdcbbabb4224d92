// The record of tb feed --events: one per parser callback.
import Toolbox

/// One parser event.
struct EventRecord: Record, Sendable {
    static let schema = RecordSchema(
        type: "event", summary: "one per parser event with --events, in document order",
        fields: [
            Field("source", .string, "the URL, file or - it came from", inTable: false),
            Field(
                "event", .string,
                "start_document, start_element, end_element, characters, comment, processing_instruction, "
                    + "start_prefix_mapping, end_prefix_mapping, end_document or error"),
            Field("name", .string, "the local name; the prefix for prefix mappings; the target of an instruction"),
            Field("namespace", .string, "the namespace URI", inTable: false),
            Field("qname", .string, "the qualified name, prefix:local", inTable: false),
            Field("attributes", .object, "a start tag's attributes by qualified name (null when not reported)"),
            Field("text", .string, "the text, comment or instruction data, or the error's message"),
            Field("line", .integer, "where it starts: line, from 1"),
            Field("column", .integer, "where it starts: byte of the line, from 1"),
        ])

    let source: JSONText
    let event: JSONText
    var name: [UInt8]?
    var namespace: [UInt8]?
    var qname: [UInt8]?
    /// Qualified names and values, alternating.
    var attributes: [[UInt8]]?
    var text: [UInt8]?
    let line: Int
    let column: Int

    func encode(to encoder: inout RecordEncoder) {
        encoder.text(source)
        encoder.text(event)
        for field in [name, namespace, qname] {
            if let value = field { encoder.bytes(value.span) } else { encoder.null() }
        }
        if let attributes {
            encoder.beginObject()
            var index = 0
            while index + 1 < attributes.count {
                encoder.key(String(decoding: attributes[index], as: UTF8.self))
                let value = attributes[index + 1]
                encoder.bytes(value.span)
                index += 2
            }
            encoder.end()
        } else {
            encoder.null()
        }
        if let text { encoder.bytes(text.span) } else { encoder.null() }
        encoder.integer(line)
        encoder.integer(column)
    }
}
