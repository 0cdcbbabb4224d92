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

    /// The NDJSON records on stdout keyed by one of their string fields (tb reach's `target`, say); a later record
    /// with the same key replaces an earlier one.
    public func records(by key: String) throws -> [String: [String: Any]] {
        var found: [String: [String: Any]] = [:]
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            if let value = object[key] as? String { found[value] = object }
        }
        return found
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
    process.environment = Sanitizer.forwarding(into: environment)
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

/// Runs the built tb from bash with `redirections` applied to it (`>&-`, `2>&-`, `<&-`, `>'PATH'`, `>&4`): Foundation's
/// Process cannot close a standard descriptor, and tb must find it closed, not redirected.
public func tb(_ arguments: [String], environment: [String: String], redirections: String) throws -> Finished {
    try runProgram(
        "/bin/bash", ["-c", "exec \"$0\" \"$@\" " + redirections, Package.binary] + arguments,
        environment: environment)
}

/// A program left running while a test reads its output a line at a time; killed when the test is done with it
/// (SIGKILL: it may be one that runs until interrupted).
public final class RunningProgram {
    private let process = Process()
    private let output = Pipe()
    private let started = Date()

    public init(_ path: String, _ arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = Sanitizer.forwarding(into: environment)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        // Once reaped, its process ID may belong to another process.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Waits for the program to end (read its output to the end first: it may be blocked writing) and returns its
    /// exit status.
    public func exitStatus() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The next line of output, without its newline; empty when the output ended.
    public func readLine() -> String { TestSupport.readLine(from: output) }

    /// Seconds since the program started.
    public var seconds: Double { Date().timeIntervalSince(started) }
}

/// Reads one line from a pipe, a byte at a time (so that nothing after it is taken), without its newline.
public func readLine(from pipe: Pipe) -> String {
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let byte = pipe.fileHandleForReading.readData(ofLength: 1)
        guard !byte.isEmpty else { break }
        line.append(byte)
    }
    return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
}

/// Starts the built tb and reads until `count` lines have come (or its output ends); then stops it. Returns the
/// lines and how long they took: for checking that records arrive while a source still sends.
public func firstLines(_ count: Int, ofTB arguments: [String], environment: [String: String]) throws
    -> (lines: [String], seconds: Double)
{
    let program = try RunningProgram(Package.binary, arguments, environment: environment)
    var lines: [String] = []
    while lines.count < count {
        let line = program.readLine()
        guard !line.isEmpty else { break }
        lines.append(line)
    }
    return (lines, program.seconds)
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
