// A TCP relay on 127.0.0.1 that passes the start of a server's answer on and holds the rest until the test says so
// (Tests/Fixtures/servers/holding_relay.py): for proving that records reach a pipe while the rest is still coming.
import Foundation

/// A relay to a server on 127.0.0.1, killed when the test is done with it. What the client sends goes through at
/// once; of what the server sends, the first `holdingAfter` bytes of a connection go through, then nothing more
/// until `release()` (or until `timeout` seconds have passed, so that a client that waits for everything cannot hang
/// the test). With `pieces`, what the server sends goes on in pieces of at most `bytes`, `milliseconds` apart.
public final class HoldingRelay {
    /// The port the client connects to.
    public let port: Int
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    public init(
        to target: Int, holdingAfter bytes: Int, timeout: Int = 30, pieces: (bytes: Int, milliseconds: Int)? = nil
    ) throws {
        // Debian's interpreter, as for the other Python servers.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let split = pieces.map { [String($0.bytes), String($0.milliseconds)] } ?? []
        process.arguments =
            [Fixtures.folder("servers") + "/holding_relay.py", String(target), String(bytes), String(timeout)] + split
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = readLine(from: output)
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw ServerError("holding_relay.py did not start: \(line)")
        }
        self.port = port
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Lets the held answer go on, and says what was going on: "RELEASED request" when nothing beyond the first
    /// `holdingAfter` bytes of an answer longer than that had gone through yet (whether the relay was already holding
    /// it or its bytes beyond had not reached the relay: how the server's answer is split does not matter), "RELEASED
    /// timeout" when the relay had already given up waiting, "RELEASED idle" when no answer was ever long enough to be
    /// held. May wait for the answers under way to tell.
    public func release() -> String {
        input.fileHandleForWriting.write(Data("release\n".utf8))
        // "HOLD", when a connection was held, comes first.
        while true {
            let event = readLine(from: output)
            if event.isEmpty || event.hasPrefix("RELEASED") { return event }
        }
    }
}
