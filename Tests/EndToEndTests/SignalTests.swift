// SIGINT and SIGTERM while tb streams records into a pipe: the reader gets whole records only, and tb ends with
// 130 or 143.
import Foundation
import TestSupport
import Testing

struct SignalTests {
    let scratch = Scratch()

    /// The reader of the pipe waits, so tb is blocked in the middle of writing its buffer when the signal comes:
    /// it must finish the record it is writing (here: the whole buffer, which holds whole records), then end.
    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, 130), (SIGHUP, 129)] as [(Int32, Int32)])
    func aSignalNeverCutsARecord(_ signal: Int32, _ status: Int32) throws {
        let lines = (0..<100_000).map { "line \($0) of some text to match\n" }.joined()
        let input = scratch.write("input.txt", lines)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Package.binary)
        process.arguments = ["regex", "--json", "line", input]
        process.environment = scratch.environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Long enough for tb to fill the pipe and block in a write; nobody reads yet. (Longer under a sanitizer: under
        // TSan, 0.3 s was not enough for tb to start and write the first 64 KiB.)
        usleep(300_000 * UInt32(Sanitizer.slowdown))
        kill(process.processIdentifier, signal)
        usleep(100_000)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == status)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.count > 65_536)
        #expect(text.hasSuffix("}\n"), "\(text.suffix(80))")
        for line in text.split(separator: "\n") {
            #expect(line.hasPrefix(#"{"type":"match""#) && line.hasSuffix("}"), "\(line)")
        }
    }
}
