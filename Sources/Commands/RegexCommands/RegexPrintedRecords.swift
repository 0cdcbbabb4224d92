// Which record types a run of tb regex prints, so that --fields and --template are checked against (and an unknown
// field's message lists) their fields only.
import Toolbox

extension RegexCommand {
    /// --type-list the file types; --files, -l and --files-without-match sources; --count counts; otherwise matches
    /// and the lines of -v and of context.
    public static func records(printedWith arguments: ParsedArguments) -> [RecordSchema] {
        if arguments.flag(typeList) { return [FileTypeRecord.schema] }
        if arguments.flag(files) || arguments.flag(filesWithMatches) || arguments.flag(filesWithoutMatch) {
            return [SourceRecord.schema]
        }
        if arguments.flag(count) { return [CountRecord.schema] }
        return [MatchRecord.schema, LineRecord.schema, ContextRecord.schema]
    }
}
