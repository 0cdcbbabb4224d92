// tb feed and tb html SELECTOR with no SOURCE and standard input a terminal: a usage error at once, never a silent
// wait on the keyboard. The terminal is a pseudo-terminal that never sends EOF; a run that waits is killed.
import Foundation
import TestSupport
import Testing

struct NoSourceOnATerminalTests {
    let scratch = Scratch()

    /// Runs tb with stdin, stdout and stderr on a fresh pseudo-terminal nobody types on (stderr also into a file),
    /// for at most `seconds`: the status, or -9 when it had to be killed, and what it wrote to stderr.
    func onSilentTerminal(_ arguments: [String], seconds: Double = 20) throws -> (status: Int32, stderr: String) {
        let script = """
            import os, subprocess, sys, time
            seconds, errors = float(sys.argv[1]), sys.argv[2]
            master, slave = os.openpty()
            with open(errors, "wb") as err:
                child = subprocess.Popen(sys.argv[3:], stdin=slave, stdout=slave, stderr=err)
                deadline = time.monotonic() + seconds
                while child.poll() is None and time.monotonic() < deadline:
                    time.sleep(0.05)
                if child.poll() is None:
                    child.kill()
                    child.wait()
                    print(-9)
                else:
                    print(child.returncode)
            """
        let errors = scratch.file("stderr.txt")
        let result = try runProgram(
            "/usr/bin/python3", ["-c", script, "\(seconds)", errors, Package.binary] + arguments,
            environment: scratch.environment)
        let status = Int32(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return (status, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    @Test(arguments: [["feed"], ["feed", "--fields", "title"], ["html", "p"], ["html", "--first", "a"]])
    func isAUsageError(arguments: [String]) throws {
        let result = try onSilentTerminal(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("tb \(arguments[0]): missing"), "\(result.stderr)")
        #expect(first.contains("SOURCE"), "\(result.stderr)")
    }

    /// --status reads no source and --from names them: neither is a usage error on a terminal.
    @Test func feedStatusAndFromAreNot() throws {
        #expect(try onSilentTerminal(["feed", "--status"]).status == 0)
        let list = scratch.write("list.txt", Fixtures.folder("feeds") + "/rss20.xml\n")
        #expect(try onSilentTerminal(["feed", "--from", list]).status == 0)
    }

    /// Standard input that is not a terminal is still read when no SOURCE is given.
    @Test func htmlStillReadsAPipe() throws {
        let piped = try tb(["html", "--fields", "text", "p"], environment: scratch.environment, input: "<p>hi</p>")
        #expect(piped.lines == [#"{"type":"node","text":"hi"}"#])
    }
}
