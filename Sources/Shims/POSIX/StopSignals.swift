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

    /// The buffer holds `bytes`, whole records not yet written, which a signal writes before tb ends. The pointer is
    /// kept beyond this call: the caller must not change or free the buffer before the next `enter`.
    @inline(__always)
    public static func leave(committing bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { CPOSIX_stop_leave($0.baseAddress, $0.count) }
    }
}
