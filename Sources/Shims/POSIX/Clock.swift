// Wall-clock and monotonic time, and the local time zone's offset.
import Glibc

/// The system clocks.
public enum Clock {
    /// The current time as seconds and nanoseconds since 1970-01-01 UTC.
    /// The corresponding C function is `clock_gettime(CLOCK_REALTIME)`.
    public static func now() -> (seconds: Int64, nanoseconds: Int32) {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return (Int64(time.tv_sec), Int32(time.tv_nsec))
    }

    /// Nanoseconds on a clock that never jumps, for measuring durations.
    /// The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
    public static func monotonicNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Sleeps for `milliseconds`. The corresponding C function is `nanosleep`.
    public static func sleep(milliseconds: Int) {
        guard milliseconds > 0 else { return }
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }

    /// The local time zone's offset from UTC in seconds at the given moment (daylight saving included).
    /// The corresponding C function is `localtime_r`.
    public static func localOffset(at seconds: Int64) -> Int {
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
