// The C library calls the POSIX shim needs that Swift cannot make itself: malloc tuning (macros) and the handler of
// the signals that stop tb, which must be async-signal-safe C.
#ifndef CPOSIX_H
#define CPOSIX_H

#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

// M_MMAP_THRESHOLD and M_TRIM_THRESHOLD are macros; this sets them.
void CPOSIX_set_malloc_thresholds(int mmapThreshold, int trimThreshold);

// malloc.h is not part of Glibc's Swift module: mallopt(M_MXFAST, 0), no fast bins.
void CPOSIX_disable_fast_bins(void);

// mallopt(M_ARENA_MAX, count): threads share at most `count` malloc arenas.
void CPOSIX_set_malloc_arenas(int count);

// MARK: Stopping between records
//
// SIGINT, SIGTERM and SIGHUP end tb with 128 + the signal's number, after writing the output that holds whole
// records, and never in the middle of one. The handler runs on the main thread (another thread that gets the signal
// passes it on), the thread that writes the output; the main thread marks the stretches in which it changes its
// output buffer or writes it (enter … leave). A signal that comes in such a stretch is held until it ends; outside
// them the handler itself writes the committed bytes and ends tb. A second signal while one is held ends tb at once.
// These run once a record: plain stores with compiler fences, no locked instruction.

extern volatile sig_atomic_t CPOSIX_stop_busy;
extern volatile sig_atomic_t CPOSIX_stop_held;
extern const uint8_t *volatile CPOSIX_stop_committed;
extern volatile size_t CPOSIX_stop_committed_count;

/// Installs the handlers (with SA_RESTART: interrupted reads and waits resume), except for signals the parent had
/// ignored.
void CPOSIX_stop_install(void);
/// Writes the committed bytes and ends the process with 128 + `signal`.
void CPOSIX_stop_end(int signal) __attribute__((noreturn));

/// Starts a stretch in which the output buffer changes.
static inline void CPOSIX_stop_enter(void) {
    CPOSIX_stop_busy = 1;
    atomic_signal_fence(memory_order_seq_cst);
}

/// Ends the stretch: `bytes` (`count` of them) are the whole records not yet written, which a signal from now on
/// writes before tb ends; they must stay valid until the next `enter`. A signal held meanwhile ends tb here.
static inline void CPOSIX_stop_leave(const uint8_t *bytes, size_t count) {
    CPOSIX_stop_committed = bytes;
    CPOSIX_stop_committed_count = count;
    atomic_signal_fence(memory_order_seq_cst);
    CPOSIX_stop_busy = 0;
    atomic_signal_fence(memory_order_seq_cst);
    if (CPOSIX_stop_held) CPOSIX_stop_end(CPOSIX_stop_held);
}

/// Starts a stretch that a stop signal must not cut (a store file's temporary file written and renamed): a signal
/// that comes meanwhile is held until `CPOSIX_stop_release`. Returns what to pass it, so that stretches nest (an
/// output stretch around a store write, or the other way round).
static inline int CPOSIX_stop_hold(void) {
    int was_busy = CPOSIX_stop_busy;
    CPOSIX_stop_busy = 1;
    atomic_signal_fence(memory_order_seq_cst);
    return was_busy;
}

/// Ends the stretch `CPOSIX_stop_hold` started; a signal held meanwhile ends tb here, writing the committed output
/// (which the stretch did not touch).
static inline void CPOSIX_stop_release(int was_busy) {
    atomic_signal_fence(memory_order_seq_cst);
    CPOSIX_stop_busy = was_busy;
    atomic_signal_fence(memory_order_seq_cst);
    if (!was_busy && CPOSIX_stop_held) CPOSIX_stop_end(CPOSIX_stop_held);
}

// MARK: Ending a run that has gone silent
//
// A server that accepts a connection and then never answers (or a route that drops every packet) leaves a library
// such as libsvn blocked in a read or a connect it has no timeout for. A watchdog thread ends such a run: when no
// progress has been reported for the armed limit, it sends SIGALRM to the main thread, whose handler ends tb as a
// stop signal does (the committed output written, never in the middle of a record), with the armed message on
// stderr and exit status 2.

/// Arms the watchdog (starting its thread the first time): tb ends with `message` after `limit_ms` milliseconds
/// without `CPOSIX_silence_progress`. The message is copied. Returns 0, or an errno value when the thread cannot
/// start (the run then goes on unwatched).
int CPOSIX_silence_arm(long long limit_ms, const char *message);
/// Something happened: the silence starts again from now.
void CPOSIX_silence_progress(void);
/// Stops watching until the next arm.
void CPOSIX_silence_disarm(void);
/// While tb itself waits (writing to a pipe a slow reader drains), the silence does not count; after the resume it
/// goes on from where it was (a pause is no progress). Pauses nest: 1 starts one, 0 ends the innermost.
void CPOSIX_silence_pause(int paused);

#endif
