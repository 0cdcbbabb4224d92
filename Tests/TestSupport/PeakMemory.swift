// Runs the built tb under a parent of its own that reports its peak memory and its time: for the tests that bound what
// a huge or endless input may cost.
import Foundation

/// What one measured run of tb did and cost.
public struct Measured: Sendable {
    /// The exit status; -N when signal N ended it (-9 also when it outlived its time and was killed).
    public let status: Int32
    public let stderr: String
    /// Peak resident memory in KiB.
    public let kib: Int
    public let seconds: Double
}

/// Where a measured tb reads its standard input from.
public enum MeasuredInput: Sendable {
    /// An empty pipe.
    case empty
    /// The file at this path.
    case file(String)
    /// A pipe that never ends: yes(1) writing `y` lines.
    case endless
}

/// Runs tb with `arguments` under a Python parent that has no other child but yes(1) for `.endless`, so that the
/// parent's RUSAGE_CHILDREN peak is tb's own; stdout goes to `output`. A run longer than `timeout` seconds is killed.
public func measuredTB(
    _ arguments: [String], environment: [String: String], output: String, input: MeasuredInput = .empty,
    directory: String? = nil, timeout: Int = 600
) throws -> Measured {
    let script = """
        import resource, subprocess, sys, time
        output, source, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
        start = time.monotonic()
        feeder = None
        if source == "-":
            stdin = subprocess.PIPE
        elif source == "yes":
            feeder = subprocess.Popen(["/usr/bin/yes"], stdout=subprocess.PIPE)
            stdin = feeder.stdout
        else:
            stdin = open(source, "rb")
        with open(output, "wb") as out:
            child = subprocess.Popen(sys.argv[4:], stdin=stdin, stdout=out, stderr=subprocess.PIPE)
            if feeder:
                feeder.stdout.close()
            try:
                _, err = child.communicate(input=b"" if source == "-" else None, timeout=limit)
            except subprocess.TimeoutExpired:
                child.kill()
                _, err = child.communicate()
        seconds = time.monotonic() - start
        if feeder:
            feeder.kill()
            feeder.wait()
        sys.stderr.buffer.write(err)
        print(child.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, seconds)
        """
    let source: String
    switch input {
    case .empty: source = "-"
    case .file(let path): source = path
    case .endless: source = "yes"
    }
    let result = try runProgram(
        "/usr/bin/python3", ["-c", script, output, source, String(timeout), Package.binary] + arguments,
        environment: environment, directory: directory)
    let fields = result.stdout.split(whereSeparator: \.isWhitespace)
    guard fields.count == 3, let status = Int32(fields[0]), let kib = Int(fields[1]), let seconds = Double(fields[2])
    else {
        throw MeasuringFailed(output: result.stdout + result.stderr)
    }
    return Measured(status: status, stderr: result.stderr, kib: kib, seconds: seconds)
}

/// The measuring parent did not report: what it printed instead.
public struct MeasuringFailed: Error, CustomStringConvertible {
    public let output: String
    public var description: String { "the measuring parent failed: \(output.prefix(500))" }
}
