// Name lookups on threads tb starts, for the ThreadSanitizer build only (see Lookup.h for why): the same interface
// as getaddrinfo_a's in CNet.c, one detached thread per lookup running getaddrinfo.
#define _GNU_SOURCE
#include "CNet.h"
#include "Lookup.h"

#if CNET_LOOKUP_THREADS
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void free_lookup(CNet_Lookup *lookup) {
    if (lookup->request.ar_result) freeaddrinfo(lookup->request.ar_result);
    pthread_mutex_destroy(&lookup->mutex);
    free(lookup->host);
    free(lookup);
}

static void *run_lookup(void *context) {
    CNet_Lookup *lookup = context;
    struct addrinfo *result = NULL;
    int status = getaddrinfo(lookup->host, NULL, &lookup->hints, &result);
    int notify = lookup->notify;
    pthread_mutex_lock(&lookup->mutex);
    lookup->request.ar_result = result;
    lookup->status = status;
    int abandoned = lookup->abandoned;
    pthread_mutex_unlock(&lookup->mutex);
    if (abandoned) {
        free_lookup(lookup);
    } else {
        uint64_t one = 1;
        ssize_t written = write(notify, &one, sizeof one);
        (void)written;
    }
    return NULL;
}

CNet_Lookup *CNet_lookup_start(const char *host, int family, int notify, int *error) {
    CNet_Lookup *lookup = CNet_lookup_new(host, family, error);
    if (!lookup) return NULL;
    lookup->notify = notify;
    lookup->status = EAI_INPROGRESS;
    pthread_mutex_init(&lookup->mutex, NULL);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int result = pthread_create(&thread, &attributes, run_lookup, lookup);
    pthread_attr_destroy(&attributes);
    if (result != 0) {
        free_lookup(lookup);
        *error = EAI_AGAIN;
        return NULL;
    }
    return lookup;
}

int CNet_lookup_status(CNet_Lookup *lookup) {
    pthread_mutex_lock(&lookup->mutex);
    int status = lookup->status;
    pthread_mutex_unlock(&lookup->mutex);
    return status;
}

void CNet_lookup_free(CNet_Lookup *lookup) {
    pthread_mutex_lock(&lookup->mutex);
    int running = lookup->status == EAI_INPROGRESS;
    if (running) lookup->abandoned = 1;
    pthread_mutex_unlock(&lookup->mutex);
    if (!running) free_lookup(lookup);
}
#endif
