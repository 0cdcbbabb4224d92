// Runs a program under a Python parent that watches its resident memory and its time, stops it at a bound, and
// reports its peak: for tests of runs that used to grow or hang without end.
import Foundation

/// How a watched program ended.
public struct WatchedRun: Sendable {
    /// Its exit status, or -9 when the watcher killed it.
    public let status: Int32
    public let stderr: String
    /// Its peak resident memory in KiB (the parent's RUSAGE_CHILDREN: it has no other child).
    public let kib: Int
    public let seconds: Double
    /// Why the watcher killed it ("memory" or "time"), nil when it ended by itself.
    public let stopped: String?
}

/// Runs `executable` with `arguments`, stdout thrown away, and kills it once its resident memory passes `kib` KiB or
/// it has run for `seconds`: a run that would eat the machine's memory or never end fails its test instead.
public func runWatched(
    _ executable: String, _ arguments: [String], environment: [String: String], killAbove kib: Int,
    after seconds: Double, scratch: Scratch
) throws -> WatchedRun {
    let script = """
        import json, resource, subprocess, sys, time
        limit, seconds = int(sys.argv[1]), float(sys.argv[2])
        with open(sys.argv[3], "wb") as errors:
            child = subprocess.Popen(sys.argv[4:], stdout=subprocess.DEVNULL, stderr=errors)
            started, stopped = time.monotonic(), None
            while child.poll() is None:
                try:
                    with open("/proc/%d/status" % child.pid) as status:
                        peak = max([int(line.split()[1]) for line in status if line.startswith("VmHWM:")] + [0])
                except (OSError, ValueError):
                    peak = 0
                stopped = "memory" if peak > limit else "time" if time.monotonic() - started > seconds else None
                if stopped:
                    child.kill()
                    break
                time.sleep(0.02)
            child.wait()
        print(json.dumps({"status": child.returncode, "kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
                          "seconds": time.monotonic() - started, "stopped": stopped}))
        """
    let errors = scratch.file("watched-\(UUID().uuidString).stderr")
    let watcher = try runProgram(
        "/usr/bin/python3", ["-c", script, String(kib), String(seconds), errors, executable] + arguments,
        environment: environment)
    guard let report = try JSONSerialization.jsonObject(with: Data(watcher.stdout.utf8)) as? [String: Any],
        let status = report["status"] as? Int, let peak = report["kib"] as? Int,
        let elapsed = report["seconds"] as? Double
    else { throw ServerError("the watcher failed: \(watcher.stdout) \(watcher.stderr)") }
    let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    return WatchedRun(
        status: Int32(status), stderr: stderr, kib: peak, seconds: elapsed, stopped: report["stopped"] as? String)
}
