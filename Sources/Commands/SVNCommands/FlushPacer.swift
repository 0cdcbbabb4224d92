import POSIX
import SVN
import Toolbox

/// libsvn delivers entries as they come off the network and gives no sign before it waits for more: records are
/// flushed at the first one and then at most every 50 ms, so a reader sees the first revisions of a long log at
/// once, and a fast local listing still goes out in large writes.
struct FlushPacer {
    private var last: ContinuousClock.Instant?

    mutating func emitted(_ output: Output) throws {
        let now = ContinuousClock.now
        if let last, last.duration(to: now) < .milliseconds(50) { return }
        try output.willWait()
        last = now
    }
}
