// tb svn against fake svnservers whose answer never ends: a flood of words ends in bounded memory, a flood of spaces
// after 64 MiB, a trickle of spaces after --timeout; legitimate answers longer than all of them, a large cat and a long
// log -v, go through.
import Foundation
import TestSupport
import Testing

@Suite(.serialized)
struct SVNHostileServerTests {
    let scratch = Scratch()

    /// The most memory a flooded run may take, in KiB: far above the 256 MiB libsvn may take without a result, far
    /// below what an unbounded read reaches in seconds. Under a sanitizer the numbers are not tb's (ASan's quarantine keeps
    /// freed memory): only a runaway is stopped there.
    static let memoryBound = Sanitizer.isOn ? 4 << 20 : 500 << 10

    /// Every svn command that asks a server, as (the words before the URL, those after it, the verb of its messages).
    func commands() -> [(before: [String], after: [String], verb: String)] {
        [
            (["ls"], [], "list"), (["log", "-v"], [], "get the log of"), (["cat"], [], "read"),
            (["info"], [], "get information on"),
            (["put", "-m", "message"], [scratch.write("put.txt", "new\n")], "commit to"),
        ]
    }

    /// Runs `tb svn …` on `url`, killed when it passes the memory bound or runs a minute.
    func watched(_ command: (before: [String], after: [String], verb: String), _ options: [String], _ url: String)
        throws -> WatchedRun
    {
        try runWatched(
            Package.binary, ["svn"] + command.before + options + [url] + command.after,
            environment: scratch.environment, killAbove: Self.memoryBound, after: 60, scratch: scratch)
    }

    /// Runs every command against `server` with `timeout` and expects it to end by itself within `seconds`, in one
    /// line saying `cause`, in bounded memory.
    func expectEnd(of server: TestServer, timeout: String, within seconds: Double, saying cause: String) throws {
        let url = server.url("/repo/trunk/file.txt")
        for command in commands() {
            let run = try watched(command, ["--timeout", timeout], url)
            let name = command.before[0]
            #expect(run.stopped == nil, "\(name): stopped for \(run.stopped ?? "") at \(run.kib) KiB, \(run.seconds) s")
            #expect(run.status == 2, "\(name): \(run.stderr)")
            #expect(run.kib < Self.memoryBound, "\(name): \(run.kib) KiB")
            #expect(run.seconds < seconds, "\(name): \(run.seconds) s")
            #expect(
                run.stderr.hasPrefix("tb svn \(name): cannot \(command.verb) '\(url)': ")
                    && run.stderr.hasSuffix(": " + cause + "\n") && run.stderr.split(separator: "\n").count == 1,
                "\(name): \(run.stderr)")
        }
    }

    /// A server that answers the greeting with an authentication request whose list of words never ends: tb once
    /// took 3.1 GB in 20 s and went on (libsvn holds 20 bytes of memory for each byte of such a list). Now the memory
    /// libsvn takes without a result is bounded, long before --timeout.
    @Test func aFloodOfWordsEndsInBoundedMemory() throws {
        try expectEnd(
            of: try TestServer.hostileSVNServe(.flood), timeout: "60s", within: 30,
            saying: "the server's answer took 256 MiB of memory without an end")
    }

    /// A server that sends spaces as fast as they are read: nothing is held, and 64 MiB without a result end the run
    /// long before --timeout.
    @Test func aFloodOfSpacesEndsAfter64MiB() throws {
        try expectEnd(
            of: try TestServer.hostileSVNServe(.spaces), timeout: "60s", within: 30,
            saying: "the server sent 64 MiB without an answer")
    }

    /// A server that sends a space a second after its greeting: bytes keep coming, an answer never does. tb once
    /// waited for ever; now --timeout is the most it waits for a result, however many bytes come meanwhile (3 s, and
    /// start-up: a generous bound that only a run that waits on could pass).
    @Test func aTrickleOfSpacesEndsAfterTheTimeout() throws {
        try expectEnd(
            of: try TestServer.hostileSVNServe(.trickle), timeout: "3s", within: 15,
            saying: "no answer from the server within 3s")
    }

    /// A 72 MiB file (read, and diffed as added) and a log of 70 revisions of 1 MiB each, paced by a relay to about
    /// 16 MiB/s so that each takes longer than --timeout: each is more than the 64 MiB a run may read without a
    /// result, and none is cut, since libsvn hands the bytes and the revisions over as they come.
    @Test func aLargeCatADiffAndALongLogGoThroughWhole() throws {
        let parent = try BigAnswersRepository.parent()
        let client = SVNClient(scratch: scratch)
        let server = try TestServer.svnserve(root: parent, scratch: scratch)
        let relay = try HoldingRelay(
            to: server.port, holdingAfter: 1 << 40, timeout: 60, pieces: (bytes: 65_536, milliseconds: 4))
        let local = "file://" + parent + "/big"
        let paced = "svn://127.0.0.1:\(relay.port)/big"

        let started = Date()
        let cat = try bash(
            "set -o pipefail; '\(Package.binary)' svn cat --timeout 2s '\(paced)/trunk/big.bin' | md5sum",
            environment: client.environment)
        let seconds = Date().timeIntervalSince(started)
        #expect(cat.status == 0, "\(cat.stderr)")
        let expected = try bash(
            "set -o pipefail; svn cat --config-dir '\(client.configDirectory)' '\(local)/trunk/big.bin' | md5sum",
            environment: client.environment)
        #expect(cat.stdout == expected.stdout && !expected.stdout.isEmpty)
        #expect(seconds > 2, "the cat took \(seconds) s: no longer than --timeout")

        // A diff: libsvn fetches the file's 72 MiB whole before it writes a line of its diff, and that is progress,
        // not a silent server.
        let diff = try bash(
            "set -o pipefail; '\(Package.binary)' svn diff -c 1 --timeout 2s '\(paced)/trunk' | md5sum",
            environment: client.environment)
        #expect(diff.status == 0, "\(diff.stderr)")
        let svnDiff = try bash(
            "set -o pipefail; svn diff --config-dir '\(client.configDirectory)' -c 1 '\(local)/trunk' | md5sum",
            environment: client.environment)
        #expect(diff.stdout == svnDiff.stdout && !svnDiff.stdout.isEmpty)

        let log = try tb(["svn", "log", "-v", "--json", "--timeout", "2s", paced], environment: client.environment)
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.lines.count == BigAnswersRepository.revisions)
        #expect(log.lines == (try client.records(["log", "-v", local])))
        withExtendedLifetime(relay) {}
    }
}
