// The record of tb html: one node that the selector or XPath expression matched, its fields already extracted (so
// that it can cross from the parsing thread and outlive its document).
import Toolbox

/// One matched node.
struct NodeRecord: Record, Sendable {
    static let schema = RecordSchema(
        type: "node", summary: "one per node matched, in document order (nested matches too)",
        fields: [
            Field("source", .string, "the URL, file or - it came from", inTable: false, nature: .url.expendable()),
            Field("tag", .string, "the element's name (null for text and attribute nodes)", nature: .short(8)),
            Field(
                "attributes", .object, "the element's attributes in order, values decoded, URLs absolute",
                inTable: false),
            Field("text", .string, "the text inside, white space collapsed"),
            Field(
                "html", .string, "the outer HTML (with --html) or the inner HTML (with --inner-html)", table: .whenSet),
            Field(
                "attribute", .string,
                "the name of the attribute value holds (--attr, or an attribute --xpath selected), as the page has it",
                inTable: false, nature: .short(8)),
            Field(
                "value", .string, "the attribute named by --attr, the text by --text, or an XPath value",
                table: .whenSet),
            Field("path", .string, "an XPath locating the node: /html/body/div[2]/a[1]", nature: .url.expendable()),
            Field(
                "fields", .object,
                "with --extract, each field by its name: a string, a list for NAME=SEL[], null when nothing matched",
                inTable: false),
        ])

    let source: JSONText
    var tag: String?
    var attributes: [(name: String, value: String)]
    var text: String?
    var html: String?
    var attribute: String?
    var value: String?
    var path: String?
    /// The --extract fields' names and values, in --extract order; nil without --extract.
    var fields: [(name: String, value: ExtractedValue)]?

    init(source: JSONText, tag: String?, attributes: [(name: String, value: String)]) {
        self.source = source
        self.tag = tag
        self.attributes = attributes
    }

    func encode(to encoder: inout RecordEncoder) {
        encoder.text(source)
        encoder.string(tag)
        if tag == nil && attributes.isEmpty {
            encoder.null()
        } else {
            encoder.beginObject()
            for (name, value) in attributes {
                encoder.key(name)
                encoder.string(value)
            }
            encoder.end()
        }
        encoder.string(text)
        encoder.string(html)
        encoder.string(attribute)
        encoder.string(value)
        encoder.string(path)
        guard let fields else { return encoder.null() }
        encoder.beginObject()
        for (name, value) in fields {
            encoder.key(name)
            switch value {
            case .null: encoder.null()
            case .text(let text): encoder.string(text)
            case .list(let texts): encoder.strings(texts)
            }
        }
        encoder.end()
    }
}
