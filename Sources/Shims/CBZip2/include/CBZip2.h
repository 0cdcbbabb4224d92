// libbz2, which reads bzip2, loaded on first use (see CLoader.h): the table of functions tb calls.
#pragma once
#include <bzlib.h>
#include "CLoader.h"

#define CBZIP2_SYMBOLS(X)                                                                                           \
    X(BZ2_bzlibVersion)                                                                                             \
    X(BZ2_bzDecompressInit)                                                                                         \
    X(BZ2_bzDecompress)                                                                                             \
    X(BZ2_bzDecompressEnd)

/// `CBZip2_fn()`, the table of libbz2's functions, and `CBZip2_load`, which opens libbz2.so.1.0 (see CLoader.h).
CLOADER_LIBRARY(CBZip2, CBZIP2_SYMBOLS)
