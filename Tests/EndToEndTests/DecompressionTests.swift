// tb reads gzip, xz, bzip2 and zstd on any source, as zgrep, xzgrep, bzgrep, zstdgrep and `rg -z` read them:
// counts and matched lines compared on the same files, concatenated, truncated and corrupt streams, a tree of mixed
// files, compression bombs in flat memory, and zstd as an HTTP Content-Encoding.
import Foundation
import TestSupport
import Testing

struct DecompressionTests {
    let scratch = Scratch()

    /// A format: its file suffix, the command that compresses standard input to standard output, and its grep.
    struct Format: Sendable, CustomStringConvertible {
        let suffix: String
        let compress: String
        let grep: String
        let decompress: String
        var description: String { suffix }
    }

    static let formats = [
        Format(suffix: "gz", compress: "gzip -c", grep: "zgrep", decompress: "gzip -dc"),
        Format(suffix: "xz", compress: "xz -c", grep: "xzgrep", decompress: "xz -dc"),
        // (bzip2 -dc writes in 5,000-byte pieces and drops the last one of a cut stream: Python's decompressor
        // hands on everything the whole blocks hold, as tb does.)
        Format(
            suffix: "bz2", compress: "bzip2 -1 -c", grep: "bzgrep",
            decompress: "python3 -c 'import bz2, sys; sys.stdout.buffer.write(bz2.BZ2Decompressor().decompress("
                + "sys.stdin.buffer.read()))'"),
        Format(suffix: "zst", compress: "zstd -q -c", grep: "zstdgrep", decompress: "zstd -q -dc"),
    ]

    func shell(_ command: String) throws -> Finished {
        try runProgram("/bin/sh", ["-c", command], environment: ["PATH": "/usr/bin:/bin"], directory: scratch.path)
    }

    /// A log of 20,000 lines, 1 in 7 an ERROR, compressed in `format` as NAME.SUFFIX (bzip2 in blocks of 100 KB, so that
    /// half a file holds whole blocks).
    func log(_ format: Format, _ name: String = "app.log") throws -> String {
        let lines = (0..<20_000).map { "2026-12-07T00:00:\($0 % 60) \($0 % 7 == 0 ? "ERROR" : "INFO") request \($0)" }
        _ = scratch.write(name, lines.joined(separator: "\n") + "\n")
        let file = "\(name).\(format.suffix)"
        #expect(try shell("\(format.compress) < \(name) > \(file)").status == 0)
        return scratch.file(file)
    }

    func count(_ argv: [String]) throws -> Finished {
        try tb(["regex", "-c"] + argv + ["--fields", "lines", "--format", "tsv"], environment: scratch.environment)
    }

    @Test(arguments: formats)
    func countsAndLinesAgreeWithTheGrepsAndRipgrep(_ format: Format) throws {
        let file = try log(format)
        let tbCount = try count(["ERROR request \\d*1\\b", file])
        #expect(tbCount.status == 0, "\(tbCount.stderr)")
        let grepCount = try shell("\(format.grep) -c -P 'ERROR request \\d*1\\b' \(file)")
        let rgCount = try shell("rg -z -c 'ERROR request \\d*1\\b' \(file)")
        #expect(tbCount.stdout == grepCount.stdout && tbCount.stdout == rgCount.stdout, "\(tbCount.stdout)")
        #expect(Int(tbCount.stdout.dropLast()) ?? 0 > 200)
        let lines = try tb(
            ["regex", "--lines", "ERROR request \\d*3\\b", file, "--fields", "text", "--format", "tsv"],
            environment: scratch.environment)
        #expect(lines.stdout == (try shell("\(format.grep) -P 'ERROR request \\d*3\\b' \(file)")).stdout)
        #expect(lines.lines.count > 200)
        // Two streams one after the other, as `cat a b` makes: both are read, as the greps read them.
        _ = try shell("cat \(file) \(file) > twice.\(format.suffix)")
        let twice = try count(["ERROR", scratch.file("twice.\(format.suffix)")])
        #expect(twice.stdout == (try shell("\(format.grep) -c ERROR twice.\(format.suffix)")).stdout)
        #expect(twice.stdout == "\(2 * 2858)\n")
    }

    /// A stream cut short or damaged: the records of what came before (the count so far, as the greps print it),
    /// then one line, exit 2.
    @Test(arguments: formats)
    func truncatedAndCorruptStreams(_ format: Format) throws {
        let file = try log(format)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        _ = try shell("head -c \(size / 2) \(file) > cut.\(format.suffix)")
        let cut = try count(["ERROR", scratch.file("cut.\(format.suffix)")])
        #expect(cut.status == 2)
        #expect(
            cut.stderr
                == "tb regex: cannot decompress '\(scratch.file("cut.\(format.suffix)"))' (\(formatName(format))): "
                + "the compressed data ends too soon\n")
        let soFar = try shell("\(format.decompress) < cut.\(format.suffix) 2>/dev/null | grep -c ERROR")
        #expect(cut.stdout == soFar.stdout)
        #expect(Int(cut.stdout.dropLast()) ?? 0 > 0)
        // Bytes in the middle overwritten: the checksum or the data itself says so.
        _ = try shell(
            "head -c \(size / 3) \(file) > bad.\(format.suffix) && printf '%064d' 0 >> bad.\(format.suffix) && "
                + "tail -c +\(size / 3 + 65) \(file) >> bad.\(format.suffix)")
        let bad = try count(["ERROR", scratch.file("bad.\(format.suffix)")])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.hasPrefix("tb regex: cannot decompress '\(scratch.file("bad.\(format.suffix)"))' "),
            "\(bad.stderr)")
        #expect(bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
    }

    func formatName(_ format: Format) -> String {
        ["gz": "gzip", "xz": "xz", "bz2": "bzip2", "zst": "zstd"][format.suffix] ?? format.suffix
    }

    /// A directory of mixed files: the compressed ones are searched decompressed, as `rg -z --sort path` searches
    /// them, and binary by what they decompress to; --no-decompress reads their bytes.
    @Test func treeOfMixedCompressedFiles() throws {
        _ = scratch.write("tree/sub/.keep", "")
        for (index, format) in Self.formats.enumerated() {
            let file = try log(format, "part\(index)")
            let target = index % 2 == 0 ? "tree/\(index).log.\(format.suffix)" : "tree/sub/\(index).\(format.suffix)"
            #expect(try shell("mv \(file) \(target)").status == 0)
        }
        _ = scratch.write("tree/plain.txt", "one ERROR here\n")
        // Binary once decompressed (a NUL byte), with no match: left out and counted, as rg leaves it out.
        #expect(try shell("printf 'nothing\\000here\\n' | xz -c > tree/binary.xz").status == 0)
        let tree = scratch.file("tree")
        let counted = try tb(
            ["regex", "-c", "ERROR", tree, "--format", "tsv", "--fields", "source,lines"],
            environment: scratch.environment)
        #expect(counted.status == 0)
        #expect(counted.stderr == "tb regex: skipped 1 binary file (use --binary to search them)\n")
        let rg = try shell("rg -z -c --sort path ERROR tree")
        let scratchPrefix = scratch.path + "/"
        #expect(
            counted.stdout.replacingOccurrences(of: scratchPrefix, with: "").replacingOccurrences(of: "\t", with: ":")
                == rg.stdout, "\(counted.stdout)\n\(rg.stdout)")
        #expect(counted.lines.count == 5)
        // As bytes, only the plain file has the word.
        let bytes = try tb(
            ["regex", "-c", "--no-decompress", "ERROR", tree, "--format", "tsv", "--fields", "source"],
            environment: scratch.environment)
        #expect(bytes.lines == [scratch.file("tree/plain.txt")])
        // And a named file as its bytes: no match.
        let named = try count(["--no-decompress", "ERROR", scratch.file("tree/0.log.gz")])
        #expect(named.status == 1 && named.stdout == "0\n")
    }

    /// 256 MiB of lines from a few dozen KiB: read to the end (a stream that ended early would fail) in flat memory.
    @Test(arguments: ["bomb.xz", "bomb.bz2", "bomb.zst"])
    func compressionBombsInFlatMemory(_ name: String) throws {
        let run = try measuredTB(
            ["regex", "-c", "n", Fixtures.folder("compression/\(name)")], environment: scratch.environment,
            output: scratch.file("out"))
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.kib < 48 << 10, "\(run.kib) KiB")
    }

    /// zstd as a Content-Encoding (libcurl decodes it), and an .xz file served as it is (tb tells it by its magic).
    @Test func zstdOverHTTPAndXzServedAsItIs() throws {
        let file = try log(Self.formats[1])
        let server = try TestServer.http(root: scratch.path)
        let encoded = try count(["ERROR", server.url("/zstd/app.log")])
        #expect(encoded.status == 0, "\(encoded.stderr)")
        #expect(encoded.stdout == "2858\n")
        let headers = try tb(
            [
                "regex", "(?i)^accept-encoding:.*", server.url("/headers"), "--fields", "match",
                "--format", "tsv",
            ], environment: scratch.environment)
        #expect(headers.stdout.lowercased() == "accept-encoding: gzip, deflate, zstd\n")
        let raw = try count(["ERROR", server.url("/file/" + (file as NSString).lastPathComponent)])
        #expect(raw.stdout == "2858\n", "\(raw.stderr)")
    }

    /// Every command reads them: a feed in xz, a page in zstd, from stdin in bzip2.
    @Test func feedHTMLAndStandardInput() throws {
        let examples = Package.root + "/examples"
        _ = try shell("xz -c < \(examples)/news.xml > news.xml.xz && zstd -q -c < \(examples)/page.html > page.zst")
        let feed = try tb(
            ["feed", scratch.file("news.xml.xz"), "--fields", "title", "--format", "tsv"],
            environment: scratch.environment)
        #expect(feed.lines.count == 3, "\(feed.stderr)")
        let page = try tb(
            ["html", "title", scratch.file("page.zst"), "--fields", "text", "--format", "tsv"],
            environment: scratch.environment)
        #expect(page.status == 0 && page.lines.count == 1, "\(page.stderr)")
        _ = try log(Self.formats[2])
        let piped = try shell("\(Package.binary) regex -c ERROR - --fields lines --format tsv < app.log.bz2")
        #expect(piped.stdout == "2858\n", "\(piped.stderr)")
    }
}
