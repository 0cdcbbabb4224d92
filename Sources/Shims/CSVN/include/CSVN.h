// libsvn_client with APR, loaded on first use (see CLoader.h): the table of functions tb calls, and the few wrappers
// Swift needs.
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

// Functions of libsvn_subr and APR resolve through libsvn_client's handle too: they are its dependencies.
#define CSVN_SYMBOLS(X) X(svn_client_version)

/// `CSVN_fn()`, the table of libsvn's functions, and `CSVN_load`, which opens libsvn_client-1.so.1 and with it
/// libsvn_subr and APR (see CLoader.h).
CLOADER_LIBRARY(CSVN, CSVN_SYMBOLS)
