// Runs programs (the built tb above all) and collects their exit status and output.
import Foundation

/// What a finished program left behind.
public struct Finished: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    /// stdout split into lines, without the empty string after the last newline.
    public var lines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// Locations of the package and its built binary.
public enum Package {
    /// The package's root directory, found from this file's path.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The tb binary under test: $TB_BINARY, or the debug build.
    public static var binary: String {
        ProcessInfo.processInfo.environment["TB_BINARY"] ?? root + "/.build/debug/tb"
    }
}

/// Runs `executable` with `arguments`, feeding `input` to stdin, and waits for it.
public func runProgram(
    _ executable: String, _ arguments: [String], environment: [String: String], input: Data? = nil,
    directory: String? = nil
) throws -> Finished {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    // Both pipes are drained at once so that a chatty program never blocks on a full pipe.
    let collected = CollectedData()
    let group = DispatchGroup()
    for (pipe, isError) in [(stdout, false), (stderr, true)] {
        group.enter()
        DispatchQueue.global().async {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            collected.set(data, isError: isError)
            group.leave()
        }
    }
    if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
    try? stdin.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return Finished(
        status: process.terminationStatus, stdout: String(decoding: collected.out, as: UTF8.self),
        stderr: String(decoding: collected.err, as: UTF8.self))
}

/// Runs the built tb.
public func tb(_ arguments: [String], environment: [String: String], input: String? = nil, directory: String? = nil)
    throws -> Finished
{
    try runProgram(
        Package.binary, arguments, environment: environment, input: input.map { Data($0.utf8) }, directory: directory)
}

/// Starts the built tb with stdout on a pipe and reads until `count` lines have come (or stdout ends); then stops
/// it. Returns the lines and how long they took: for checking that records arrive while a source still sends.
public func firstLines(_ count: Int, ofTB arguments: [String], environment: [String: String]) throws
    -> (lines: [String], seconds: Double)
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Package.binary)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let started = Date()
    try process.run()
    defer { process.terminate() }
    var received = Data()
    while received.split(separator: UInt8(ascii: "\n")).count < count {
        let piece = output.fileHandleForReading.availableData
        guard !piece.isEmpty else { break }
        received.append(piece)
    }
    let lines = received.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    return (lines, Date().timeIntervalSince(started))
}

/// Runs a shell command line with bash.
public func bash(_ script: String, environment: [String: String]) throws -> Finished {
    try runProgram("/bin/bash", ["-c", script], environment: environment)
}

private final class CollectedData: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var out = Data()
    private(set) var err = Data()

    func set(_ data: Data, isError: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isError { err = data } else { out = data }
    }
}
