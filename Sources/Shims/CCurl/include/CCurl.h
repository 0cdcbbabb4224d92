// libcurl, loaded on first use (see CLoader.h): the table of functions tb calls and typed wrappers for Swift.
#pragma once
// The type-checking macros would turn calls through the table into macro expansions.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include "CLoader.h"

#define CCURL_SYMBOLS(X) X(curl_version_info)

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
