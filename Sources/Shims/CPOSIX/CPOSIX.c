// See CPOSIX.h.
#define _GNU_SOURCE
#include "CPOSIX.h"

#include <errno.h>
#include <malloc.h>
#include <sys/syscall.h>
#include <unistd.h>

void CPOSIX_setMallocThresholds(int mmapThreshold, int trimThreshold) {
    mallopt(M_MMAP_THRESHOLD, mmapThreshold);
    mallopt(M_TRIM_THRESHOLD, trimThreshold);
}

void CPOSIX_disableFastBins(void) { mallopt(M_MXFAST, 0); }

// MARK: Stopping between records

volatile sig_atomic_t CPOSIX_stop_busy = 0;
volatile sig_atomic_t CPOSIX_stop_held = 0;
const uint8_t *volatile CPOSIX_stop_committed = NULL;
volatile size_t CPOSIX_stop_committed_count = 0;

void CPOSIX_stop_end(int signal) {
    const uint8_t *bytes = CPOSIX_stop_committed;
    size_t count = CPOSIX_stop_committed_count;
    size_t done = 0;
    while (done < count) {
        ssize_t written = write(STDOUT_FILENO, bytes + done, count - done);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) break;
        done += (size_t)written;
    }
    _exit(128 + signal);
}

static void on_stop(int signal) {
    int saved = errno;
    pid_t process = getpid();
    if (gettid() != process) {
        // A worker, resolver or library thread got it: the main thread, which owns the output, must act.
        syscall(SYS_tgkill, process, process, signal);
        errno = saved;
        return;
    }
    if (!CPOSIX_stop_busy) CPOSIX_stop_end(signal);
    // In the middle of a record: held until it is done; asked twice, tb ends at once (a write that blocks for ever).
    if (CPOSIX_stop_held) _exit(128 + signal);
    CPOSIX_stop_held = signal;
    errno = saved;
}

void CPOSIX_stop_install(void) {
    struct sigaction action = {0};
    action.sa_handler = on_stop;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof *signals; i++) {
        // A signal the parent ignores stays ignored: nohup's SIGHUP, a background job's SIGINT.
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(signals[i], &action, NULL);
    }
}
