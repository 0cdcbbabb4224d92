// libsvn_client with APR, loaded on first use (see CLoader.h): the table of functions tb calls and typed
// wrappers for Swift.
#pragma once
// apr.h needs what pkg-config's -D flags would set; SwiftPM drops those flags, so they are defined here.
#ifndef LINUX
#define LINUX 1
#endif
#ifndef _REENTRANT
#define _REENTRANT 1
#endif
#include <svn_version.h>
#include <svn_client.h>
#include "CLoader.h"

#define CSVN_SYMBOLS(X) X(svn_client_version)

struct CSVN_table {
    CSVN_SYMBOLS(CLOADER_SLOT)
};
/// The resolved functions; valid only after CSVN_load returned 0.
extern struct CSVN_table CSVN_fn;

/// Loads libsvn_client-1.so.1 (and with it libsvn_subr and APR) and resolves the table. Returns 0, or -1 with a
/// message in `error`.
int CSVN_load(char *error, unsigned long size);

static inline const svn_version_t *CSVN_client_version(void) {
    return CSVN_fn.svn_client_version();
}
