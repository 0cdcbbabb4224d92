// A one-line progress display on stderr for downloads that take more than a second, only when stderr is a
// terminal; it is wiped before stdout is written to, so the two never mix on a screen.
import POSIX

/// Draws and clears the progress line.
final class ProgressMeter {
    private let enabled: Bool
    private let started = Clock.monotonicNanoseconds()
    private var lastDrawn: Int64 = 0
    private var lastBytes = 0
    private var rate = 0.0
    private(set) var isActive = false

    init(output: Output) {
        enabled = FileDescriptor.standardError.isTerminal
        if enabled { output.beforeWrite = { [weak self] in self?.clear() } }
    }

    /// Redraws at most five times a second, once the download has taken more than a second.
    func update(running: Int, total: Int, received: Int, expected: Int?) {
        guard enabled, running > 0 else { return clear() }
        let now = Clock.monotonicNanoseconds()
        guard now - started > 1_000_000_000, now - lastDrawn > 200_000_000 else { return }
        let seconds = Double(now - max(lastDrawn, started)) / 1e9
        rate =
            rate == 0
            ? Double(received - lastBytes) / seconds : rate * 0.7 + Double(received - lastBytes) / seconds * 0.3
        lastDrawn = now
        lastBytes = received
        var line = "fetching \(running) of \(total) source\(total == 1 ? "" : "s"): \(Self.size(received))"
        if let expected, expected > 0 {
            let fraction = min(1, Double(received) / Double(expected))
            let filled = Int(fraction * 20)
            line +=
                " of \(Self.size(expected)) [" + String(repeating: "#", count: filled)
                + String(repeating: "-", count: 20 - filled) + "] \(Int(fraction * 100))%"
        }
        line += ", \(Self.size(Int(max(0, rate))))/s"
        // A line longer than the terminal wraps, and "\r" then wipes only its last row: it is cut to fit.
        let width = (FileDescriptor.standardError.terminalColumns ?? 80) - 1
        if line.count > width { line = String(line.prefix(max(0, width))) }
        try? FileDescriptor.standardError.write("\r\u{1B}[K" + line)
        isActive = true
    }

    /// Removes the line.
    func clear() {
        guard isActive else { return }
        isActive = false
        try? FileDescriptor.standardError.write("\r\u{1B}[K")
    }

    static func size(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0
            ? "\(bytes) B" : String(Int(value * 10) / 10) + "." + String(Int(value * 10) % 10) + " " + units[unit]
    }
}
