// tb regex as a process: patterns that could make PCRE2 read outside the subject must not crash the binary (a crash
// would take an in-process test runner down with it).
import Foundation
import TestSupport
import Testing

struct RegexTests {
    let scratch = Scratch()

    func regex(_ argv: [String]) throws -> Finished {
        try tb(["regex"] + argv, environment: scratch.environment)
    }

    /// (*UTF) in the pattern turns UTF on even with --no-unicode; the JIT then decodes characters, and on invalid
    /// UTF-8 it read past the subject (SIGSEGV, SIGBUS, SIGILL) or returned a match ending past it.
    @Test func utfFromThePatternNeverReadsOutsideTheSubject() throws {
        // xorshift64: the same noise on every run.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let random = (0..<1_000_000).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let noise = scratch.file("noise.bin")
        _ = FileManager.default.createFile(atPath: noise, contents: Data(random))
        let someNoise = scratch.file("some-noise.bin")
        _ = FileManager.default.createFile(atPath: someNoise, contents: Data(random.prefix(50_000)))
        let broken = scratch.file("broken.txt")
        _ = FileManager.default.createFile(
            atPath: broken,
            contents: Data([0x61, 0xFF, 0xFE, 0xC3, 0x62, 0x0A, 0xE2, 0x82, 0xF0, 0x9F, 0x98, 0x80, 0xC3]))
        // Printing every match is slow in a debug build: the whole noise is only counted.
        let runs = [
            (noise, ["-c"]), (noise, ["--lines", "-c"]), (someNoise, ["--fields", "offset,length"]),
            (someNoise, ["--read-size", "7", "-c"]), (broken, ["--fields", "offset,length"]),
            (broken, ["--read-size", "1", "--lines"]),
        ]
        for pattern in [#"(*UTF)."#, #"(*UTF)\X"#, #"(*UTF)(*UCP)\w+"#, #"(*UTF)(?i)\C\w"#, #"(*UTF)(?<=.)\S"#] {
            for (path, extra) in runs {
                let result = try regex(["--no-unicode", pattern, path] + extra)
                #expect(result.status == 0 || result.status == 1, "\(pattern) \(path) \(extra): \(result.status)")
                #expect(result.stderr.isEmpty, "\(pattern) \(extra): \(result.stderr.prefix(300))")
            }
        }
        // The pattern's UTF is honoured: the same characters as in unicode mode, inside the subject.
        let viaPattern = try regex(["--no-unicode", "--fields", "offset,length", #"(*UTF)."#, broken])
        #expect(viaPattern.stdout == (try regex(["--fields", "offset,length", ".", broken])).stdout)
        #expect(viaPattern.lines.count == 3)  // a, b and the emoji
        let count = try regex(["--no-unicode", "-c", #"(*UTF)."#, noise]).stdout
        #expect(count == (try regex(["-c", ".", noise])).stdout)
    }

    /// An anchored pattern that can match no more is not searched on, but its input is still read: a program
    /// writing to the pipe must not be stopped (`pipefail` would report it).
    @Test func anAnchoredPatternReadsItsInputToTheEnd() throws {
        let writer = "awk 'BEGIN { for (i = 0; i < 1000000; i++) print \"ab\" }'"
        let script = "set -o pipefail; \(writer) | '\(Package.binary)' regex -c '\\Ab|\\Gab'"
        let result = try bash(script, environment: scratch.environment)
        #expect(result.stdout == #"{"type":"count","source":"-","lines":1,"matches":1}"# + "\n")
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// --max-count N counts lines: after the Nth line with a match, reading stops at that line's end, even when no
    /// match follows (here an endless input of other lines), whole-input search or --lines.
    @Test func maxCountStopsAtTheEndOfItsLastLine() throws {
        for flags in ["", "--lines", "-c", "-v -c"] {
            let pattern = flags.hasPrefix("-v") ? "x" : "banana"
            let script =
                "{ echo 'banana banana'; yes x; } | timeout -s KILL 20 '\(Package.binary)' regex --max-count 1 "
                + "\(flags) \(flags.contains("-c") ? "" : "--fields line") \(pattern)"
            let result = try bash(script, environment: scratch.environment)
            #expect(result.status == 0, "\(flags): \(result.stderr)")
            let expected =
                flags.contains("-c")
                ? [#"{"type":"count","source":"-","lines":1,"matches":\#(flags.hasPrefix("-v") ? "null" : "2")}"#]
                : [#"{"type":"match","line":1}"#, #"{"type":"match","line":1}"#]
            #expect(result.lines == expected, "\(flags)")
        }
    }

    /// A --no-unicode pattern is the bytes the shell gave: \xe9 matches the Latin-1 é bytes (it became U+FFFD, whose
    /// UTF-8 is not in the file); with Unicode, a pattern that is not UTF-8 is a usage error that says so.
    @Test func patternsAreTheBytesGiven() throws {
        let file = scratch.file("latin1.txt")
        _ = FileManager.default.createFile(atPath: file, contents: Data([0x61, 0xE9, 0x62, 0x20, 0x63, 0xE9, 0x0A]))
        let bytes = try runProgram(
            "/bin/bash",
            [
                "-c", "exec \"$0\" regex --no-unicode --fields offset \"$(printf '\\351')\" \"$1\"", Package.binary,
                file,
            ],
            environment: scratch.environment)
        #expect(bytes.status == 0, "\(bytes.stderr)")
        #expect(bytes.lines == [#"{"type":"match","offset":1}"#, #"{"type":"match","offset":5}"#])
        let unicode = try runProgram(
            "/bin/bash", ["-c", "exec \"$0\" regex \"$(printf '\\351')\" \"$1\"", Package.binary, file],
            environment: scratch.environment)
        #expect(unicode.status == 64)
        #expect(unicode.stderr.hasPrefix("tb regex: invalid pattern at offset 0: UTF-8 error"), "\(unicode.stderr)")
    }
}
