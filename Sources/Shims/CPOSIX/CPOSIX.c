// See CPOSIX.h.
#define _GNU_SOURCE
#include "CPOSIX.h"

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

void CPOSIX_set_malloc_thresholds(int mmapThreshold, int trimThreshold) {
    mallopt(M_MMAP_THRESHOLD, mmapThreshold);
    mallopt(M_TRIM_THRESHOLD, trimThreshold);
}

void CPOSIX_disable_fast_bins(void) { mallopt(M_MXFAST, 0); }

void CPOSIX_set_malloc_arenas(int count) { mallopt(M_ARENA_MAX, count); }

// MARK: Stopping between records

volatile sig_atomic_t CPOSIX_stop_busy = 0;
volatile sig_atomic_t CPOSIX_stop_held = 0;
const uint8_t *volatile CPOSIX_stop_committed = NULL;
volatile size_t CPOSIX_stop_committed_count = 0;

static char silence_message[1024];
// Which arming the watchdog's signal belongs to: arm and disarm (on the main thread) start a new one, and the
// handler (on the main thread too) drops a signal sent for an earlier one, such as one sent just as the target
// finished, or while the next target's message was being copied.
// Lock-free atomics: safe to read in a signal handler, and between the watchdog thread and the main thread.
static _Atomic int silence_generation = 0;
static _Atomic int silence_fired = -1;

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
    if (signal == SIGALRM) {
        // The watchdog's: a runtime error, said on stderr.
        size_t length = strlen(silence_message);
        ssize_t ignored = write(STDERR_FILENO, silence_message, length);
        (void)ignored;
        _exit(2);
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
    if (signal == SIGALRM && atomic_load(&silence_fired) != atomic_load(&silence_generation)) {
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

// MARK: Ending a run that has gone silent

static _Atomic long long silence_limit_ms = 0;
static _Atomic long long silence_last_ms = 0;
static _Atomic int silence_paused = 0;
static pthread_t silence_thread;
static pthread_mutex_t silence_lock = PTHREAD_MUTEX_INITIALIZER;
static int silence_started = 0;

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static void *silence_watch(void *unused) {
    (void)unused;
    for (;;) {
        int generation = atomic_load(&silence_generation);
        long long limit = atomic_load(&silence_limit_ms);
        long long wait = 1000;
        if (limit > 0 && !atomic_load(&silence_paused)) {
            long long left = atomic_load(&silence_last_ms) + limit - now_ms();
            if (left <= 0) {
                atomic_store(&silence_limit_ms, 0);
                atomic_store(&silence_fired, generation);
                pid_t process = getpid();
                syscall(SYS_tgkill, process, process, SIGALRM);
                continue;
            }
            wait = left < wait ? left : wait;
        }
        struct timespec pause = {wait / 1000, (wait % 1000) * 1000000};
        nanosleep(&pause, NULL);
    }
    return NULL;
}

int CPOSIX_silence_arm(long long limit_ms, const char *message) {
    pthread_mutex_lock(&silence_lock);
    int error = 0;
    if (!silence_started) {
        struct sigaction action = {0};
        action.sa_handler = on_stop;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        sigaction(SIGALRM, &action, NULL);
        // A parent may have started tb with signals blocked (Foundation's Process blocks nearly all): the main
        // thread, which arms, must take the watchdog's.
        sigset_t alarm;
        sigemptyset(&alarm);
        sigaddset(&alarm, SIGALRM);
        pthread_sigmask(SIG_UNBLOCK, &alarm, NULL);
        // The watchdog must not take signals meant for the main thread.
        sigset_t all, previous;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &previous);
        error = pthread_create(&silence_thread, NULL, silence_watch, NULL);
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
        if (error == 0) {
            pthread_detach(silence_thread);
            silence_started = 1;
        }
    }
    if (error == 0) {
        // A new arming: a signal still on its way for the last one is dropped, also while the message is copied.
        atomic_fetch_add(&silence_generation, 1);
        // The handler reads the message on the main thread, the thread that arms: no other thread touches it.
        strncpy(silence_message, message, sizeof silence_message - 2);
        silence_message[sizeof silence_message - 2] = 0;
        size_t length = strlen(silence_message);
        silence_message[length] = '\n';
        silence_message[length + 1] = 0;
        atomic_store(&silence_last_ms, now_ms());
        atomic_store(&silence_limit_ms, limit_ms);
    }
    pthread_mutex_unlock(&silence_lock);
    return error;
}

void CPOSIX_silence_progress(void) { atomic_store_explicit(&silence_last_ms, now_ms(), memory_order_relaxed); }

void CPOSIX_silence_disarm(void) {
    atomic_store(&silence_limit_ms, 0);
    atomic_fetch_add(&silence_generation, 1);
}

static _Atomic long long silence_paused_at = 0;

void CPOSIX_silence_pause(int paused) {
    // A count, so that a pause inside a pause does not resume the watch at its inner end.
    if (paused) {
        if (atomic_fetch_add(&silence_paused, 1) == 0) atomic_store(&silence_paused_at, now_ms());
        return;
    }
    if (atomic_load(&silence_paused) == 1) {
        // The silence goes on from where it was, the pause left out: a pause does not count as progress (libsvn's
        // checks before every read pause, and a server that sends bytes without an answer would never be silent).
        long long now = now_ms();
        long long last = atomic_load(&silence_last_ms);
        long long at = atomic_load(&silence_paused_at);
        atomic_store(&silence_last_ms, last >= at ? now : last + (now - at));
    }
    atomic_fetch_sub(&silence_paused, 1);
}
