// The state of one name lookup, shared by CNet.c (getaddrinfo_a) and LookupThreads.c (the ThreadSanitizer build).
#ifndef CNET_LOOKUP_H
#define CNET_LOOKUP_H

#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

// ThreadSanitizer cannot follow getaddrinfo_a: glibc starts its resolver threads with its internal pthread_create,
// which TSan does not intercept, and the first malloc on such a thread crashes the process (a segfault in TSan's
// allocator, from glibc's __check_pf). Built for TSan, lookups run on threads tb starts (LookupThreads.c), with the
// same interface; everywhere else on glibc's.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CNET_LOOKUP_THREADS 1
#endif
#endif
#ifndef CNET_LOOKUP_THREADS
#define CNET_LOOKUP_THREADS 0
#endif

struct CNet_Lookup {
    struct gaicb request;
    struct addrinfo hints;
    struct sigevent event;
    char *host;
#if CNET_LOOKUP_THREADS
    // Guards `status` and `abandoned`, and `request.ar_result` until `status` leaves EAI_INPROGRESS.
    pthread_mutex_t mutex;
    int status;
    // Freed by its owner while it ran: the thread frees it when done.
    int abandoned;
    int notify;
#endif
};

// A new lookup of `host` with the hints both variants use, or NULL with `*error` set to EAI_MEMORY.
static inline struct CNet_Lookup *CNet_lookup_new(const char *host, int family, int *error) {
    struct CNet_Lookup *lookup = calloc(1, sizeof *lookup);
    if (!lookup || !(lookup->host = strdup(host))) {
        free(lookup);
        *error = EAI_MEMORY;
        return NULL;
    }
    lookup->hints.ai_family = family;
    lookup->hints.ai_socktype = SOCK_STREAM;
    lookup->hints.ai_flags = AI_ADDRCONFIG;
    return lookup;
}

#endif
