// libcurl, loaded on first use (see CLoader.h): the table of functions tb calls and typed wrappers for Swift.
#pragma once
// The type-checking macros would turn calls through the table into macro expansions.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include "CLoader.h"

#define CCURL_SYMBOLS(X)                                                                                            \
    X(curl_version_info)                                                                                            \
    X(curl_global_init)                                                                                             \
    X(curl_easy_init)                                                                                               \
    X(curl_easy_cleanup)                                                                                            \
    X(curl_easy_setopt)                                                                                             \
    X(curl_easy_getinfo)                                                                                            \
    X(curl_easy_strerror)                                                                                           \
    X(curl_slist_append)                                                                                            \
    X(curl_slist_free_all)                                                                                          \
    X(curl_multi_init)                                                                                              \
    X(curl_multi_cleanup)                                                                                           \
    X(curl_multi_setopt)                                                                                            \
    X(curl_multi_add_handle)                                                                                        \
    X(curl_multi_remove_handle)                                                                                     \
    X(curl_multi_perform)                                                                                           \
    X(curl_multi_poll)                                                                                              \
    X(curl_multi_info_read)                                                                                         \
    X(curl_multi_strerror)

struct CCurl_table {
    CCURL_SYMBOLS(CLOADER_SLOT)
};
/// The resolved functions; valid only after CCurl_load returned 0.
extern struct CCurl_table CCurl_fn;

/// Loads libcurl.so.4 and resolves the table. Returns 0, or -1 with a message in `error`.
int CCurl_load(char *error, unsigned long size);

// The version data is a struct Swift could read, but only this one field is needed.
static inline const char *CCurl_version(void) {
    return CCurl_fn.curl_version_info(CURLVERSION_NOW)->version;
}

// curl_global_init's flags are macros.
static inline CURLcode CCurl_global_init(void) {
    return CCurl_fn.curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURL *CCurl_easy_init(void) { return CCurl_fn.curl_easy_init(); }
static inline void CCurl_easy_cleanup(CURL *handle) { CCurl_fn.curl_easy_cleanup(handle); }
static inline const char *CCurl_easy_strerror(CURLcode code) { return CCurl_fn.curl_easy_strerror(code); }

// curl_easy_setopt is variadic, which Swift cannot call: one wrapper per argument type.
static inline CURLcode CCurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return CCurl_fn.curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return CCurl_fn.curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return CCurl_fn.curl_easy_setopt(handle, option, value);
}
typedef size_t (*CCurl_write_function)(char *data, size_t size, size_t count, void *context);
static inline CURLcode CCurl_setopt_write_function(CURL *handle, CCurl_write_function function) {
    return CCurl_fn.curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

// curl_easy_getinfo is variadic too.
static inline CURLcode CCurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return CCurl_fn.curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CCurl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return CCurl_fn.curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CCurl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return CCurl_fn.curl_easy_getinfo(handle, info, value);
}

static inline struct curl_slist *CCurl_slist_append(struct curl_slist *list, const char *text) {
    return CCurl_fn.curl_slist_append(list, text);
}
static inline void CCurl_slist_free_all(struct curl_slist *list) { CCurl_fn.curl_slist_free_all(list); }

static inline CURLM *CCurl_multi_init(void) { return CCurl_fn.curl_multi_init(); }
static inline CURLMcode CCurl_multi_cleanup(CURLM *multi) { return CCurl_fn.curl_multi_cleanup(multi); }
// curl_multi_setopt is variadic too.
static inline CURLMcode CCurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return CCurl_fn.curl_multi_setopt(multi, option, value);
}
static inline CURLMcode CCurl_multi_add_handle(CURLM *multi, CURL *handle) {
    return CCurl_fn.curl_multi_add_handle(multi, handle);
}
static inline CURLMcode CCurl_multi_remove_handle(CURLM *multi, CURL *handle) {
    return CCurl_fn.curl_multi_remove_handle(multi, handle);
}
static inline CURLMcode CCurl_multi_perform(CURLM *multi, int *running) {
    return CCurl_fn.curl_multi_perform(multi, running);
}
static inline CURLMcode CCurl_multi_poll(CURLM *multi, int milliseconds, int *ready) {
    return CCurl_fn.curl_multi_poll(multi, NULL, 0, milliseconds, ready);
}
// The same, also waking when `fd` becomes readable (another loop's epoll descriptor): curl_waitfd is a struct to fill.
static inline CURLMcode CCurl_multi_poll_fd(CURLM *multi, int fd, int milliseconds) {
    struct curl_waitfd extra = {.fd = fd, .events = CURL_WAIT_POLLIN, .revents = 0};
    return CCurl_fn.curl_multi_poll(multi, &extra, 1, milliseconds, NULL);
}
static inline const char *CCurl_multi_strerror(CURLMcode code) { return CCurl_fn.curl_multi_strerror(code); }

// CURLMsg holds its result in a union; this returns the next finished handle and its result, or NULL.
static inline CURL *CCurl_multi_next_done(CURLM *multi, CURLcode *result) {
    int queued = 0;
    CURLMsg *message;
    while ((message = CCurl_fn.curl_multi_info_read(multi, &queued)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *result = message->data.result;
            return message->easy_handle;
        }
    }
    return NULL;
}
