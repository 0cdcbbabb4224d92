// Which record types a run of tb feed prints, so that --fields and --template are checked against (and an unknown
// field's message lists) their fields only.
import Toolbox

extension FeedCommand {
    /// Items; with --meta feed records too; with --events parser events; with --status the remembered state; with
    /// --discover the feeds pages announce.
    public static func records(printedWith arguments: ParsedArguments) -> [RecordSchema] {
        if arguments.flag(status) { return [FeedStatusRecord.schema] }
        if arguments.flag(discover) { return [FeedLinkRecord.schema] }
        if arguments.flag(events) { return [EventRecord.schema] }
        return arguments.flag(meta) ? [ItemRecord.schema, FeedRecord.schema] : [ItemRecord.schema]
    }
}
