// Fuzz target `ndjson`: any bytes as the text of records' fields, written as NDJSON (whole and through --fields) and
// read back by Foundation's JSON parser: every line parses and holds the same strings, invalid UTF-8 as U+FFFD. The
// table, TSV and template writers get the same records and must not fail.
import Foundation
import TestSupport
import Toolbox

/// The record writers.
enum NDJSONTarget: FuzzTarget {
    static let name = "ndjson"
    /// The input of the current run, split at NUL bytes: one record per piece.
    nonisolated(unsafe) static var pieces: [ArraySlice<UInt8>] = []

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        pieces = input.split(separator: 0, omittingEmptySubsequences: false)
        let expected = pieces.map { String(decoding: $0, as: UTF8.self) }
        for fields in [[], ["--fields", "raw,parts,members,text"]] {
            let run = try InProcessCheck.run(["echo", "--json"] + fields, commands: [EchoCommand.self])
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            try require(lines.count == expected.count, "\(lines.count) lines for \(expected.count) records")
            for (line, text) in zip(lines, expected) {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    throw FuzzViolation("not a JSON object: \(line)")
                }
                let raw = object["raw"] as? String
                let parts = (object["parts"] as? [Any])?.first as? String
                let members = object["members"] as? [String: String]
                let same = { (value: String?) in value.map { Array($0.utf8) == Array(text.utf8) } ?? false }
                try require(
                    same(raw) && same(object["text"] as? String) && same(parts) && same(members?[text]),
                    "\(line) does not hold \(Array(text.utf8))")
            }
        }
        for format in [
            ["--format", "tsv"], ["--format", "table"], ["--template", "%(text)%x09%(parts.0)%(members)"],
        ] {
            try InProcessCheck.run(["echo"] + format, commands: [EchoCommand.self])
        }
    }

    /// `tb echo`: one record per piece of the input.
    struct EchoCommand: Command {
        static let spec = CommandSpec(name: "echo", abstract: "records of fuzzed text", records: [EchoRecord.schema])

        init(_ arguments: ParsedArguments) throws(UsageError) {}

        func run(_ context: Context) throws -> ExitStatus {
            for piece in NDJSONTarget.pieces { try context.output.emit(EchoRecord(bytes: Array(piece))) }
            return .success
        }
    }

    /// A record whose fields all hold the same text, written each way the encoder writes text.
    struct EchoRecord: Record {
        let bytes: [UInt8]

        static let schema = RecordSchema(
            type: "echo", summary: "one per piece",
            fields: [
                Field("text", .string, "the piece as a String"), Field("raw", .string, "the piece as bytes"),
                Field("parts", .array, "the piece, then its length"), Field("members", .object, "the piece as a key"),
            ])

        func encode(to encoder: inout RecordEncoder) {
            let text = String(decoding: bytes, as: UTF8.self)
            encoder.string(text)
            encoder.bytes(bytes.span)
            encoder.beginArray()
            encoder.string(text)
            encoder.integer(bytes.count)
            encoder.end()
            encoder.beginObject()
            encoder.key(text)
            encoder.bytes(bytes.span)
            encoder.end()
        }
    }
}
