// Which fields a run of tb html prints: node records, whose `fields` object holds the --extract names, so that
// --fields and templates may name each (fields.price) and TSV and the table give each a column.
import Toolbox

extension HTMLCommand {
    public static func records(printedWith arguments: ParsedArguments) -> [RecordSchema] {
        let names = ExtractField.names(arguments.words(extract).map(\.text))
        guard !names.isEmpty else { return [NodeRecord.schema] }
        return [NodeRecord.schema.knowing(members: names, of: "fields")]
    }
}
