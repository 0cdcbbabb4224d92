// Which record types a run of tb reach prints, so that --fields and --template are checked against (and an unknown
// field's message lists) their fields only.
import Toolbox

extension ReachCommand {
    /// Reach records; with --watch change records too.
    public static func records(printedWith arguments: ParsedArguments) -> [RecordSchema] {
        arguments.flag(watch) ? [ReachRecord.schema, ChangeRecord.schema] : [ReachRecord.schema]
    }
}
