// Resolves libcurl's functions into CCurl_fn.
#include "CCurl.h"

struct CCurl_table CCurl_fn;
static const char *const names[] = {CCURL_SYMBOLS(CLOADER_NAME)};

int CCurl_load(char *error, unsigned long size) {
    return CLoader_open("libcurl.so.4", names, (void **)&CCurl_fn, sizeof names / sizeof *names, error, size);
}
