// The text of lines in tb regex's records: without their terminator (\n and the \r before it) in line, context and
// --lines match records, in every format, while offsets stay those of the input; and %(type) in templates.
import Foundation
import RegexCommands
import TestSupport
import Testing
import Toolbox

// The helpers (run, records, grepLines, grep) are RegexFlagsTests'.
extension RegexFlagsTests {
    /// Line, context and match records of CRLF input carry the line without \r\n; the offsets are the input's.
    @Test func crlfLinesHaveNoCarriageReturn() throws {
        let text = DpkgLog.text(lines: 200, ending: "\r\n")
        let path = scratch.write("crlf.log", text)
        let bytes = Array(text.utf8)
        for flags in [["-C", "1", "installed"], ["-v", "2025"], ["--lines", #"\d+"#], ["-B", "2", "-v", "status"]] {
            let found = try records(flags + [path])
            #expect(!found.isEmpty, "\(flags)")
            for record in found {
                let text = record["text"]?.string ?? ""
                #expect(!text.contains("\r") && !text.contains("\n"), "\(flags): \(record)")
                // The offset is still where the line (or the match) starts in the input.
                let offset = record["offset"]?.integer ?? -1
                if record["type"]?.string != "match" {
                    let line = bytes.dropFirst(max(offset, 0)).prefix(text.utf8.count + 2)
                    #expect(Array(line) == Array((text + "\r\n").utf8), "\(flags): \(record)")
                }
            }
            // The lines grep prints, without their \r: the same text, and the same order.
            let ours = try grepLines(flags + [path])
            let theirs = try grep(["-P"] + flags.filter { $0 != "--lines" } + [path])
            #expect(ours == theirs, "\(flags): tb \(ours.prefix(3)), grep \(theirs.prefix(3))")
        }
        // Templates and TSV show no \r at the end either (it used to be \x0d there).
        let template = run(["-C", "1", "installed", path, "--template", "%(line):%(text)"])
        #expect(!template.stdout.contains("\\x0d") && !template.stdout.contains("\\r") && !template.stdout.isEmpty)
        let tsv = run(["-v", "2025", path, "--format", "tsv", "--fields", "text"])
        #expect(!tsv.stdout.contains("\\r") && !tsv.stdout.isEmpty)
        // A \r that does not end a line is text, and stays (escaped in a template); one at the very end of the
        // input, with no \n after it, ends no line and stays too.
        let inner = scratch.write("inner.txt", "a\rb\r\nc\r")
        #expect(try records(["--lines", "[ac]", inner]).compactMap { $0["text"]?.string } == ["a\rb", "c\r"])
        #expect(run(["--lines", "a", inner, "--template", "%(text)"]).stdout == "a\\rb\n")
        // A line that is only \r\n is empty.
        #expect(
            try records(["-v", "[a-z]", scratch.write("blank.txt", "x\r\n\r\ny\n")]).compactMap { $0["text"]?.string }
                == [""])
    }

    /// %(type) is the record's type, so one template can tell matches, lines and context apart.
    @Test func templatesKnowTheRecordsType() throws {
        let path = scratch.write("context.txt", "one\nhit two\nthree\nfour\nhit five\n")
        #expect(
            run(["-A", "1", "hit", path, "--template", "%(type) %(line) %(text)"]).stdout
                == "match 2 hit two\ncontext 3 three\nmatch 5 hit five\n")
        #expect(run(["-c", "hit", path, "--template", "%(type):%(lines)"]).stdout == "count:2\n")
        #expect(
            run(["-v", "-A", "1", "hit", path, "--template", "%(type)%x09%(line)"]).stdout
                == "line\t1\ncontext\t2\nline\t3\nline\t4\ncontext\t5\n")
    }
}
