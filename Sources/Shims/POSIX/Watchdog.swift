// Ends a run whose library call has gone silent: a server that never answers must not hang a cron job.
internal import CPOSIX

/// The watchdog of CPOSIX.h: armed around a library call that may block on the network without a timeout of its
/// own; when nothing is reported for the armed time, tb writes the records it holds, says `message` and exits 2.
public enum Watchdog {
    /// Watches from now: tb ends with `message` after `limit` without `progress()`. Returns false when the watchdog
    /// thread cannot start (the call then goes on unwatched).
    @discardableResult
    public static func arm(_ limit: Duration, message: String) -> Bool {
        let milliseconds = limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000
        return CPOSIX_silence_arm(max(milliseconds, 1), message) == 0
    }

    /// Something arrived: the silence starts again.
    @inline(__always)
    public static func progress() {
        CPOSIX_silence_progress()
    }

    /// Runs `body` (a write that a slow reader may hold up) without counting its time as silence.
    @inline(__always)
    public static func outside<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        CPOSIX_silence_pause(1)
        defer { CPOSIX_silence_pause(0) }
        return try body()
    }

    /// Stops watching.
    public static func disarm() {
        CPOSIX_silence_disarm()
    }
}
