// The `match` record of tb regex, one per match (CountRecord, LineRecord, ContextRecord and SourceRecord are the
// others).
import PCRE2
import Toolbox

/// One match, written straight from the input bytes and the matcher's group offsets (no copies, no Strings).
struct MatchRecord: Record {
    static let schema = RecordSchema(
        type: "match", summary: "one per match, in input order",
        fields: [
            Field("source", .string, "the file, URL or - it was found in", nature: .url),
            Field("line", .integer, "the line of its first byte, from 1"),
            Field("column", .integer, "the character of the line it starts at, from 1", nature: .number(6)),
            Field("offset", .integer, "its first byte's offset in the input, from 0", inTable: false),
            Field("length", .integer, "its length in bytes", inTable: false),
            Field("match", .string, "the text matched (the --group's text with --group)"),
            Field("groups", .array, "groups[0] is the whole match, groups[N] group N (null when it took no part)"),
            Field("named", .object, "the named groups' texts by name", inTable: false),
            // Set for every match with --replace, for none without: the table shows it with --replace only.
            Field("replacement", .string, "the --replace template filled in for this match, or null", table: .whenSet),
            Field(
                "text", .string,
                "with --lines, its whole line, without its \\n or \\r\\n (invalid UTF-8 as U+FFFD)",
                table: .whenSet),
        ])

    /// What the records of one batch share, behind one reference: passing a record to the output retains what it
    /// holds, and the batch's arrays, the source and the group names each cost a retain and a release per match.
    final class Batch: Sendable {
        let batch: MatchBatch
        let source: JSONText
        let names: [PCRE2Pattern.Group]

        init(_ batch: MatchBatch, source: JSONText, names: [PCRE2Pattern.Group]) {
            (self.batch, self.source, self.names) = (batch, source, names)
        }
    }

    let shared: Batch
    var index: Int

    func encode(to encoder: inout RecordEncoder) {
        let batch = shared.batch
        let source = shared.source
        let names = shared.names
        let span = batch.bytes.span
        let reported = batch.reportedRange(of: index)
        encoder.text(source)
        encoder.integer(batch.lines[index])
        encoder.integer(batch.columns[index])
        encoder.integer(batch.base + reported.lowerBound)
        encoder.integer(reported.count)
        encoder.bytes(span.extracting(reported))
        encoder.beginArray()
        for number in 0..<batch.groupCount {
            if let range = batch.group(number, of: index) {
                encoder.bytes(span.extracting(range))
            } else {
                encoder.null()
            }
        }
        encoder.end()
        encoder.beginObject()
        for group in names {
            encoder.key(group.name)
            if let range = batch.group(group.number, of: index) {
                encoder.bytes(span.extracting(range))
            } else {
                encoder.null()
            }
        }
        encoder.end()
        if let range = batch.replacement(of: index) {
            encoder.bytes(batch.replacements.span.extracting(range))
        } else {
            encoder.null()
        }
        if let range = batch.text(of: index) { encoder.bytes(span.extracting(range)) } else { encoder.null() }
    }
}
