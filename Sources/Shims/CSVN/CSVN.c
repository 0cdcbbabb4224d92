// Resolves libsvn's functions into CSVN_fn.
#include "CSVN.h"

struct CSVN_table CSVN_fn;
static const char *const names[] = {CSVN_SYMBOLS(CLOADER_NAME)};

int CSVN_load(char *error, unsigned long size) {
    return CLoader_open("libsvn_client-1.so.1", names, (void **)&CSVN_fn, sizeof names / sizeof *names, error,
                        size);
}
