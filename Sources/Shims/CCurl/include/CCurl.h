// libcurl, loaded on first use (see CLoader.h): the table of functions tb calls, and the few wrappers Swift needs.
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

/// `CCurl_fn()`, the table of libcurl's functions, and `CCurl_load`, which opens libcurl.so.4 (see CLoader.h).
CLOADER_LIBRARY(CCurl, CCURL_SYMBOLS)

// Macro (see CLoader.h): CURLVERSION_NOW names an enum constant, which Swift does not import.
static const CURLversion CCurl_version_now = CURLVERSION_NOW;

// Variadic (see CLoader.h): curl_easy_setopt, one wrapper per argument type.
static inline CURLcode CCurl_setopt_long(CURL *_Nonnull handle, CURLoption option, long value) {
    return CCurl_fn()->curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setopt_string(CURL *_Nonnull handle, CURLoption option, const char *_Nonnull value) {
    return CCurl_fn()->curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_setopt_pointer(CURL *_Nonnull handle, CURLoption option, void *_Nullable value) {
    return CCurl_fn()->curl_easy_setopt(handle, option, value);
}
typedef size_t (*CCurl_write_function)(char *_Nullable data, size_t size, size_t count, void *_Nullable context);
static inline CURLcode CCurl_setopt_write_function(CURL *_Nonnull handle, CCurl_write_function _Nonnull function) {
    return CCurl_fn()->curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}
// The header callback has the write callback's shape; it gets one whole header line at a time.
static inline CURLcode CCurl_setopt_header_function(CURL *_Nonnull handle, CCurl_write_function _Nonnull function) {
    return CCurl_fn()->curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
}

// Variadic (see CLoader.h): curl_easy_getinfo, one wrapper per result type.
static inline CURLcode CCurl_getinfo_long(CURL *_Nonnull handle, CURLINFO info, long *_Nonnull value) {
    return CCurl_fn()->curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CCurl_getinfo_string(CURL *_Nonnull handle, CURLINFO info, char *_Nullable *_Nonnull value) {
    return CCurl_fn()->curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CCurl_getinfo_off_t(CURL *_Nonnull handle, CURLINFO info, curl_off_t *_Nonnull value) {
    return CCurl_fn()->curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CCurl_getinfo_certinfo(
    CURL *_Nonnull handle, struct curl_certinfo *_Nullable *_Nonnull value) {
    return CCurl_fn()->curl_easy_getinfo(handle, CURLINFO_CERTINFO, value);
}

// Variadic (see CLoader.h): curl_multi_setopt, with the one argument type tb passes.
static inline CURLMcode CCurl_multi_setopt_long(CURLM *_Nonnull multi, CURLMoption option, long value) {
    return CCurl_fn()->curl_multi_setopt(multi, option, value);
}
