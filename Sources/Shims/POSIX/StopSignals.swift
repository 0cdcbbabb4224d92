// Ending tb on SIGINT, SIGTERM and SIGHUP between two records, never in the middle of one: the output writer marks
// where it changes its buffer, and says which bytes hold whole records (see CPOSIX.h for the handler).
internal import CPOSIX

/// The signals that stop tb. The corresponding C function is `sigaction`.
public enum StopSignals {
    /// Installs the handlers: from now on these signals end the process with 128 + their number (130 for SIGINT,
    /// 143 for SIGTERM) after writing the committed bytes.
    public static func install() {
        CPOSIX_stop_install()
    }

    /// The output buffer is about to change or be written: a signal now waits for `leave`.
    @inline(__always)
    public static func enter() {
        CPOSIX_stop_enter()
    }

    /// Runs `body` with the stop signals held: one that comes meanwhile ends tb once `body` is done. For work that
    /// must not be left half done, such as a store file's temporary file, which would stay behind until the next
    /// write removed it.
    public static func holding<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let wasBusy = CPOSIX_stop_hold()
        defer { CPOSIX_stop_release(wasBusy) }
        return try body()
    }

    /// The buffer holds `bytes`, whole records not yet written, which a signal writes before tb ends. The pointer is
    /// kept beyond this call: the caller must not change or free the buffer before the next `enter`.
    @inline(__always)
    public static func leave(committing bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { CPOSIX_stop_leave($0.baseAddress, $0.count) }
    }
}
